/* jsycl kernel io.jsycl.lowering.BuiltinsTest.lambda$constantsAndBoxing$b19076b6$1 (BuiltinsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_w_long_1
#define JSYCL_DEF_jsycl_acc_w_long_1
typedef struct {
    __global long* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_w_long_1;

void jsycl_acc_w_long_1_init(jsycl_acc_w_long_1* acc, __global long* data, int range0, int memRange0, int offset0) {
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
} jsycl_item_1;
#endif

#ifndef JSYCL_DEF_JSYCL_OFFSET
#define JSYCL_DEF_JSYCL_OFFSET
/* An accessor's offset: 0 in the program the runtime builds for launches whose accessors all
   have offset 0 (JSYCL_ZERO_OFFSETS). */
#ifdef JSYCL_ZERO_OFFSETS
#define JSYCL_OFFSET(offset) 0
#else
#define JSYCL_OFFSET(offset) (offset)
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1
typedef struct {
    jsycl_acc_w_long_1 out;
} io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1_captures;

void io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1_body(const io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1_captures* restrict cap, const jsycl_item_1* restrict it) {
    int boxed;
    long big;
    boxed = (int)get_global_id(0);
    big = 1099511627776L;
    boxed = (int)((uint)boxed + 16u);
    cap->out.data[boxed + JSYCL_OFFSET(cap->out.offset[0])] = (long)((ulong)big + (ulong)(long)boxed);
}

__kernel void io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1(__global long* out_data, int out_range0, int out_memRange0, int out_offset0, int range0) {
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(0) >= (uint)range0) {
        return;
    }
#endif
    io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1_captures cap;
    jsycl_acc_w_long_1_init(&cap.out, out_data, out_range0, out_memRange0, out_offset0);
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_BuiltinsTest__lambda_constantsAndBoxing_b19076b6_1_body(&cap, &it);
}
#endif
