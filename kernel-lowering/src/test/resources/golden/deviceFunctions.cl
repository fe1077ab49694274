/* jsycl kernel io.jsycl.lowering.BuiltinsTest.lambda$staticMethodsBecomeDeviceFunctions$b06fcd48$1 (BuiltinsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
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

#ifndef JSYCL_DEF_jsycl_acc_r_float_2
#define JSYCL_DEF_jsycl_acc_r_float_2
typedef struct {
    __global const float* data;
    int range[2];
    int memRange[2];
    int offset[2];
} jsycl_acc_r_float_2;

void jsycl_acc_r_float_2_init(jsycl_acc_r_float_2* acc, __global const float* data, int range0, int range1, int memRange0, int memRange1, int offset0, int offset1) {
    acc->data = data;
    acc->range[0] = range0;
    acc->range[1] = range1;
    acc->memRange[0] = memRange0;
    acc->memRange[1] = memRange1;
    acc->offset[0] = offset0;
    acc->offset[1] = offset1;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__rowSum_ab8e22d5
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__rowSum_ab8e22d5
/* io.jsycl.lowering.BuiltinsTest.rowSum(Lio/jsycl/WideAccess$OfFloat;II)F */
float io_jsycl_lowering_BuiltinsTest__rowSum_ab8e22d5(const jsycl_acc_r_float_2* m, int row, int n) {
    float s;
    int j;
    s = 0.0f;
    j = 0;
    while (j < n) {
        s = s + m->data[(row + JSYCL_OFFSET(m->offset[0])) * m->memRange[1] + (j + JSYCL_OFFSET(m->offset[1]))];
        j = j + 1;
    }
    return s;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__clampIndex_34cde974
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__clampIndex_34cde974
/* io.jsycl.lowering.BuiltinsTest.clampIndex(II)I */
int io_jsycl_lowering_BuiltinsTest__clampIndex_34cde974(int i, int n) {
    int t0;
    if (i >= 0) {
        t0 = min(i, (int)((uint)n - 1u));
    } else {
        t0 = 0;
    }
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1
typedef struct {
    jsycl_acc_w_float_1 out;
    jsycl_acc_r_float_2 a;
    int n;
} io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_captures;

void io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_body(const io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_captures* cap, const jsycl_item_1* it) {
    int n = cap->n;
    int row;
    row = JSYCL_ITEM_ID(0);
    cap->out.data[row + JSYCL_OFFSET(cap->out.offset[0])] = io_jsycl_lowering_BuiltinsTest__rowSum_ab8e22d5(&cap->a, row, n) * 0.5f + convert_float_rte(io_jsycl_lowering_BuiltinsTest__clampIndex_34cde974((int)((uint)row + 16u), n));
}

__kernel void io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1(__global float* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), __global const float* JSYCL_RESTRICT a_data, int a_memRange1 JSYCL_OFFSET_PARAM(a_offset0) JSYCL_OFFSET_PARAM(a_offset1), int n JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_captures cap;
    jsycl_acc_w_float_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_r_float_2_init(&cap.a, a_data, 0, 0, 0, a_memRange1, JSYCL_OFFSET(a_offset0), JSYCL_OFFSET(a_offset1));
    cap.n = n;
    jsycl_item_1 it;
#ifdef JSYCL_TWO_ITEMS
    it.second = 0;
    io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_body(&cap, &it);
#else
    io_jsycl_lowering_BuiltinsTest__lambda_staticMethodsBecomeDeviceFunctions_b06fcd48_1_body(&cap, &it);
#endif
}
#endif
