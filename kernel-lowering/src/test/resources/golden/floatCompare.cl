/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$floatComparisonsWithNaNAsJava$90e433a6$1 (KernelLowererTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
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

#ifndef JSYCL_DEF_jsycl_item_1
#define JSYCL_DEF_jsycl_item_1
typedef struct {
    int range[1];
#if defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
    int second;
#endif
} jsycl_item_1;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1
typedef struct {
    jsycl_acc_r_float_1 a;
    jsycl_acc_w_int_1 out;
} io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_captures* cap, const jsycl_item_1* it) {
    float x;
    float y;
    int t0;
    int t1;
    int t2;
    int t3;
    x = cap->a.data[0 + JSYCL_OFFSET(cap->a.offset[0])];
    y = cap->a.data[1 + JSYCL_OFFSET(cap->a.offset[0])];
    if (x < y) {
        cap->out.data[0 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (x > y) {
        cap->out.data[1 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (x <= y) {
        cap->out.data[2 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (x >= y) {
        cap->out.data[3 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (x == y) {
        cap->out.data[4 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (!(x == y)) {
        cap->out.data[5 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (!(x < y)) {
        cap->out.data[6 + JSYCL_OFFSET(cap->out.offset[0])] = 1;
    }
    if (!(x < y)) {
        t0 = 7;
        t1 = 0;
    } else {
        t0 = 7;
        t1 = 1;
    }
    cap->out.data[t0 + JSYCL_OFFSET(cap->out.offset[0])] = t1;
    if (!(fmod(x, y) > 1.5f)) {
        t2 = 8;
        t3 = 0;
    } else {
        t2 = 8;
        t3 = 1;
    }
    cap->out.data[t2 + JSYCL_OFFSET(cap->out.offset[0])] = t3;
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1(__global const float* JSYCL_RESTRICT a_data JSYCL_OFFSET_PARAM(a_offset0), __global int* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0) JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_captures cap;
    jsycl_acc_r_float_1_init(&cap.a, a_data, 0, 0, JSYCL_OFFSET(a_offset0));
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_body(&cap, &it);
#else
    io_jsycl_lowering_KernelLowererTest__lambda_floatComparisonsWithNaNAsJava_90e433a6_1_body(&cap, &it);
#endif
}
#endif
