/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$castsFollowJava$cb77474f$1 (KernelLowererTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

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

#ifndef JSYCL_DEF_jsycl_acc_w_double_1
#define JSYCL_DEF_jsycl_acc_w_double_1
typedef struct {
    __global double* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_w_double_1;

void jsycl_acc_w_double_1_init(jsycl_acc_w_double_1* acc, __global double* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_to_long_f
#define JSYCL_DEF_jsycl_to_long_f
/* (long) of a float: truncated, saturated, NaN to 0. */
long jsycl_to_long_f(float x) {
#ifdef JSYCL_QUIRK_NAN_TO_INTEGER
    return isnan(x) ? 0L : convert_long_sat_rtz(x);
#else
    return convert_long_sat_rtz(x);
#endif
}
#endif

#ifndef JSYCL_DEF_jsycl_to_int_d
#define JSYCL_DEF_jsycl_to_int_d
/* (int) of a double: truncated, saturated, NaN to 0. */
int jsycl_to_int_d(double x) {
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1
typedef struct {
    jsycl_acc_r_float_1 f;
    jsycl_acc_w_int_1 ints;
    jsycl_acc_w_long_1 longs;
    jsycl_acc_w_double_1 doubles;
} io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_captures* cap, const jsycl_item_1* it) {
    int i;
    float x;
    i = JSYCL_ITEM_ID(0);
    x = cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])];
    cap->ints.data[0 + JSYCL_OFFSET(cap->ints.offset[0])] = jsycl_to_int_f(x);
    cap->longs.data[0 + JSYCL_OFFSET(cap->longs.offset[0])] = jsycl_to_long_f(x);
    cap->ints.data[1 + JSYCL_OFFSET(cap->ints.offset[0])] = (int)(char)i;
    cap->ints.data[2 + JSYCL_OFFSET(cap->ints.offset[0])] = (int)(short)i;
    cap->ints.data[3 + JSYCL_OFFSET(cap->ints.offset[0])] = (int)(ushort)i;
    cap->ints.data[4 + JSYCL_OFFSET(cap->ints.offset[0])] = (int)cap->longs.data[1 + JSYCL_OFFSET(cap->longs.offset[0])];
    cap->doubles.data[0 + JSYCL_OFFSET(cap->doubles.offset[0])] = (double)x;
    cap->doubles.data[1 + JSYCL_OFFSET(cap->doubles.offset[0])] = convert_double_rte(cap->longs.data[2 + JSYCL_OFFSET(cap->longs.offset[0])]);
    cap->ints.data[5 + JSYCL_OFFSET(cap->ints.offset[0])] = jsycl_to_int_d(cap->doubles.data[3 + JSYCL_OFFSET(cap->doubles.offset[0])]);
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1(__global const float* JSYCL_RESTRICT f_data JSYCL_OFFSET_PARAM(f_offset0), __global int* JSYCL_RESTRICT ints_data JSYCL_OFFSET_PARAM(ints_offset0), __global long* JSYCL_RESTRICT longs_data JSYCL_OFFSET_PARAM(longs_offset0), __global double* JSYCL_RESTRICT doubles_data JSYCL_OFFSET_PARAM(doubles_offset0) JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_captures cap;
    jsycl_acc_r_float_1_init(&cap.f, f_data, 0, 0, JSYCL_OFFSET(f_offset0));
    jsycl_acc_w_int_1_init(&cap.ints, ints_data, 0, 0, JSYCL_OFFSET(ints_offset0));
    jsycl_acc_w_long_1_init(&cap.longs, longs_data, 0, 0, JSYCL_OFFSET(longs_offset0));
    jsycl_acc_w_double_1_init(&cap.doubles, doubles_data, 0, 0, JSYCL_OFFSET(doubles_offset0));
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_body(&cap, &it);
#else
    io_jsycl_lowering_KernelLowererTest__lambda_castsFollowJava_cb77474f_1_body(&cap, &it);
#endif
}
#endif
