/* jsycl kernel io.jsycl.lowering.BuiltinsTest.lambda$bitOperations$e92b9c41$1 (BuiltinsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_w_int_1
#define JSYCL_DEF_jsycl_acc_w_int_1
typedef struct {
    __global int* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_w_int_1;

void jsycl_acc_w_int_1_init(jsycl_acc_w_int_1* acc, __global int* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_r_float_1
#define JSYCL_DEF_jsycl_acc_r_float_1
typedef struct {
    __global const float* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_r_float_1;

void jsycl_acc_r_float_1_init(jsycl_acc_r_float_1* acc, __global const float* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_item_1
#define JSYCL_DEF_jsycl_item_1
typedef struct {
    int range[1];
#if defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
    int second;
#endif
} jsycl_item_1;
#endif

#ifndef JSYCL_DEF_JSYCL_ITEM_ID
#define JSYCL_DEF_JSYCL_ITEM_ID
/* A work-item's id in a kernel over a 1-D range. In the program the runtime builds with
   JSYCL_TWO_ITEMS, each work-item runs two items: the one at its global id, then the one half
   the range further on (it->second is 0, then that half); with JSYCL_GRID_STRIDE, the items a
   grid apart (it->second is 0, the grid's size, twice that, ...). */
#if defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
#define JSYCL_ITEM_ID(d) ((int)get_global_id(d) + it->second)
#else
#define JSYCL_ITEM_ID(d) ((int)get_global_id(d))
#endif
#endif

#ifndef JSYCL_DEF_jsycl_ctz_i
#define JSYCL_DEF_jsycl_ctz_i
int jsycl_ctz_i(int x) {
    uint u = (uint)x;
    return u == 0u ? 32 : (int)popcount((u & (0u - u)) - 1u);
}
#endif

#ifndef JSYCL_DEF_JSYCL_OFFSET
#define JSYCL_DEF_JSYCL_OFFSET
/* An accessor's offset: 0 in the program the runtime builds for launches whose accessors all
   have offset 0 (JSYCL_ZERO_OFFSETS), whose kernel then takes no offset arguments
   (JSYCL_OFFSET_PARAM follows the parameter before it, comma included). */
#ifdef JSYCL_ZERO_OFFSETS
#define JSYCL_OFFSET(offset) 0
#define JSYCL_OFFSET_PARAM(name)
#else
#define JSYCL_OFFSET(offset) (offset)
#define JSYCL_OFFSET_PARAM(name) , int name
#endif
#endif

#ifndef JSYCL_DEF_jsycl_reverse_i
#define JSYCL_DEF_jsycl_reverse_i
int jsycl_reverse_i(int x) {
    uint u = (uint)x;
    u = ((u >> 1) & 0x55555555u) | ((u & 0x55555555u) << 1);
    u = ((u >> 2) & 0x33333333u) | ((u & 0x33333333u) << 2);
    u = ((u >> 4) & 0x0f0f0f0fu) | ((u & 0x0f0f0f0fu) << 4);
    u = ((u >> 8) & 0x00ff00ffu) | ((u & 0x00ff00ffu) << 8);
    return (int)((u >> 16) | (u << 16));
}
#endif

#ifndef JSYCL_DEF_jsycl_ctz_l
#define JSYCL_DEF_jsycl_ctz_l
int jsycl_ctz_l(long x) {
    ulong u = (ulong)x;
    return u == 0UL ? 64 : (int)popcount((u & (0UL - u)) - 1UL);
}
#endif

#ifndef JSYCL_DEF_jsycl_to_int_f
#define JSYCL_DEF_jsycl_to_int_f
/* (int) of a float: truncated, saturated, NaN to 0. */
int jsycl_to_int_f(float x) {
#ifdef JSYCL_QUIRK_NAN_TO_INTEGER
    return isnan(x) ? 0 : convert_int_sat_rtz(x);
#else
    return convert_int_sat_rtz(x);
#endif
}
#endif

#ifndef JSYCL_DEF_JSYCL_RESTRICT
#define JSYCL_DEF_JSYCL_RESTRICT
/* On an accessor's pointer: restrict in the program the runtime builds for launches whose
   accessors are all over different memory (JSYCL_NO_ALIASING), which lets the compiler keep
   loads in flight across stores and read read-only data through its read-only path. */
#ifdef JSYCL_NO_ALIASING
#define JSYCL_RESTRICT restrict
#else
#define JSYCL_RESTRICT
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1
typedef struct {
    jsycl_acc_w_int_1 out;
    jsycl_acc_r_float_1 f;
} io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_captures;

void io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_body(const io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_captures* cap, const jsycl_item_1* it) {
    int i;
    long l;
    i = JSYCL_ITEM_ID(0);
    l = (long)JSYCL_ITEM_ID(0);
    cap->out.data[0 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)popcount(i) + (uint)clz(i) + (uint)jsycl_ctz_i(i));
    cap->out.data[1 + JSYCL_OFFSET(cap->out.offset[0])] = rotate(i, 3) ^ rotate(i, (int)(0u - (uint)5)) ^ jsycl_reverse_i(i);
    cap->out.data[2 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)(int)popcount(l) + (uint)jsycl_ctz_l(l) + (uint)(int)clz(l));
    cap->out.data[3 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)as_int(cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])]) + (uint)(isnan(cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])]) ? 0x7fc00000 : as_int(cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])])));
    cap->out.data[4 + JSYCL_OFFSET(cap->out.offset[0])] = jsycl_to_int_f(as_float(i));
}

__kernel void io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1(__global int* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), __global const float* JSYCL_RESTRICT f_data JSYCL_OFFSET_PARAM(f_offset0), int range0) {
#ifdef JSYCL_TWO_ITEMS
    int jsycl_half = range0 >> 1;
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(0) >= (uint)jsycl_half) {
        return;
    }
#endif
#else
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(0) >= (uint)range0) {
        return;
    }
#endif
#endif
    io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_captures cap;
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_r_float_1_init(&cap.f, f_data, 0, 0, JSYCL_OFFSET(f_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_body(&cap, &it);
#else
    io_jsycl_lowering_BuiltinsTest__lambda_bitOperations_e92b9c41_1_body(&cap, &it);
#endif
}
#endif
