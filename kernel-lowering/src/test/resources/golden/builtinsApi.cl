/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$builtins$b8f7aae3$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_int_1
#define JSYCL_DEF_jsycl_acc_rw_int_1
typedef struct {
    __global int* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_int_1;

void jsycl_acc_rw_int_1_init(jsycl_acc_rw_int_1* acc, __global int* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_w_float_1
#define JSYCL_DEF_jsycl_acc_w_float_1
typedef struct {
    __global float* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_w_float_1;

void jsycl_acc_w_float_1_init(jsycl_acc_w_float_1* acc, __global float* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_irem
#define JSYCL_DEF_jsycl_irem
/* Java int remainder; x % 0 is defined as 0 (Java throws). */
int jsycl_irem(int a, int b) {
    return b == 0 || b == -1 ? 0 : a % b;
}
#endif

#ifndef JSYCL_DEF_jsycl_floormod_i
#define JSYCL_DEF_jsycl_floormod_i
/* Math.floorMod(int, int); x % 0 is defined as 0 (Java throws). */
int jsycl_floormod_i(int a, int b) {
    int r = jsycl_irem(a, b);
    return r != 0 && (r ^ b) < 0 ? r + b : r;
}
#endif

#ifndef JSYCL_DEF_jsycl_idiv
#define JSYCL_DEF_jsycl_idiv
/* Java int division; x / 0 is defined as 0 (Java throws). */
int jsycl_idiv(int a, int b) {
    return b == 0 ? 0 : b == -1 ? (int)(0u - (uint)a) : a / b;
}
#endif

#ifndef JSYCL_DEF_jsycl_floordiv_i
#define JSYCL_DEF_jsycl_floordiv_i
/* Math.floorDiv(int, int); x / 0 is defined as 0 (Java throws). */
int jsycl_floordiv_i(int a, int b) {
    int q = jsycl_idiv(a, b);
    return b != 0 && (a ^ b) < 0 && (int)((uint)q * (uint)b) != a ? q - 1 : q;
}
#endif

#ifndef JSYCL_DEF_jsycl_signum_f
#define JSYCL_DEF_jsycl_signum_f
/* Math.signum(float): keeps NaN and signed zeros. */
float jsycl_signum_f(float x) {
    return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;
}
#endif

#ifndef JSYCL_DEF_jsycl_reverse_l
#define JSYCL_DEF_jsycl_reverse_l
long jsycl_reverse_l(long x) {
    ulong u = (ulong)x;
    u = ((u >> 1) & 0x5555555555555555UL) | ((u & 0x5555555555555555UL) << 1);
    u = ((u >> 2) & 0x3333333333333333UL) | ((u & 0x3333333333333333UL) << 2);
    u = ((u >> 4) & 0x0f0f0f0f0f0f0f0fUL) | ((u & 0x0f0f0f0f0f0f0f0fUL) << 4);
    u = ((u >> 8) & 0x00ff00ff00ff00ffUL) | ((u & 0x00ff00ff00ff00ffUL) << 8);
    u = ((u >> 16) & 0x0000ffff0000ffffUL) | ((u & 0x0000ffff0000ffffUL) << 16);
    return (long)((u >> 32) | (u << 32));
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

#ifndef JSYCL_DEF_JSYCL_RANGE
#define JSYCL_DEF_JSYCL_RANGE
/* The launch range of a kernel whose code never reads it: a parameter only in the programs whose
   guard or loop over the range needs it (JSYCL_PADDED_RANGE, JSYCL_TWO_ITEMS, JSYCL_GRID_STRIDE);
   JSYCL_RANGE_PARAM follows the parameter before it, comma included. */
#if defined(JSYCL_PADDED_RANGE) || defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
#define JSYCL_RANGE_PARAM(name) , int name
#else
#define JSYCL_RANGE_PARAM(name)
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1
typedef struct {
    jsycl_acc_rw_int_1 ints;
    jsycl_acc_w_float_1 floats;
} io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_body(const io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_captures* cap, const jsycl_item_1* it) {
    int i;
    int x;
    i = JSYCL_ITEM_ID(0);
    x = cap->ints.data[i + JSYCL_OFFSET(cap->ints.offset[0])];
    cap->ints.data[i + JSYCL_OFFSET(cap->ints.offset[0])] = (int)((uint)clamp(x, -5, 5) + (uint)(int)popcount(x) * 100u + (uint)(int)clz(x) * 10000u + (uint)jsycl_floormod_i(x, 7) * 1000000u + (uint)(x == 0 ? 0 : (int)(0x80000000u >> clz(x))) + (uint)jsycl_floordiv_i(x, -3));
    cap->floats.data[i + JSYCL_OFFSET(cap->floats.offset[0])] = jsycl_signum_f(convert_float_rte(x)) + convert_float_rte(jsycl_reverse_l((long)x));
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1(__global int* JSYCL_RESTRICT ints_data JSYCL_OFFSET_PARAM(ints_offset0), __global float* JSYCL_RESTRICT floats_data JSYCL_OFFSET_PARAM(floats_offset0) JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_captures cap;
    jsycl_acc_rw_int_1_init(&cap.ints, ints_data, 0, 0, JSYCL_OFFSET(ints_offset0));
    jsycl_acc_w_float_1_init(&cap.floats, floats_data, 0, 0, JSYCL_OFFSET(floats_offset0));
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_body(&cap, &it);
#else
    io_jsycl_lowering_FeaturesTest__lambda_builtins_b8f7aae3_1_body(&cap, &it);
#endif
}
#endif
