/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$recordsAndArrays$9af311a4$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_array_float
#define JSYCL_DEF_jsycl_array_float
/* A captured Java array: read-only. */
typedef struct {
    __global const float* data;
    int length;
} jsycl_array_float;
#endif

#ifndef JSYCL_DEF_jsycl_rec_FeaturesTest_Scale_f3522d82
#define JSYCL_DEF_jsycl_rec_FeaturesTest_Scale_f3522d82
/* record io.jsycl.lowering.FeaturesTest$Scale */
typedef struct {
    float factor;
    int shift;
} jsycl_rec_FeaturesTest_Scale_f3522d82;
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

#ifndef JSYCL_DEF_jsycl_array_int
#define JSYCL_DEF_jsycl_array_int
/* A captured Java array: read-only. */
typedef struct {
    __global const int* data;
    int length;
} jsycl_array_int;
#endif

#ifndef JSYCL_DEF_jsycl_rec_FeaturesTest_Job_f8c501cd
#define JSYCL_DEF_jsycl_rec_FeaturesTest_Job_f8c501cd
/* record io.jsycl.lowering.FeaturesTest$Job */
typedef struct {
    jsycl_rec_FeaturesTest_Scale_f3522d82 scale;
    jsycl_acc_w_float_1 out;
    jsycl_array_int table;
} jsycl_rec_FeaturesTest_Job_f8c501cd;
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

#ifndef JSYCL_DEF_jsycl_irem
#define JSYCL_DEF_jsycl_irem
/* Java int remainder; x % 0 is defined as 0 (Java throws). */
int jsycl_irem(int a, int b) {
    return b == 0 || b == -1 ? 0 : a % b;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1
typedef struct {
    jsycl_array_float weights;
    jsycl_rec_FeaturesTest_Job_f8c501cd job;
} io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_body(const io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_captures* cap, const jsycl_item_1* it) {
    int i;
    float w;
    int t;
    i = JSYCL_ITEM_ID(0);
    w = cap->weights.data[jsycl_irem(i, cap->weights.length)];
    t = cap->job.table.data[jsycl_irem(i, cap->job.table.length)];
    cap->job.out.data[i + JSYCL_OFFSET(cap->job.out.offset[0])] = w * cap->job.scale.factor + convert_float_rte((int)((uint)t << (cap->job.scale.shift & 31)));
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1(__global const float* weights_data, int weights_length, float job__scale__factor, int job__scale__shift, __global float* JSYCL_RESTRICT job__out_data JSYCL_OFFSET_PARAM(job__out_offset0), __global const int* job__table_data, int job__table_length JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_captures cap;
    cap.weights.data = weights_data;
    cap.weights.length = weights_length;
    cap.job.scale.factor = job__scale__factor;
    cap.job.scale.shift = job__scale__shift;
    jsycl_acc_w_float_1_init(&cap.job.out, job__out_data, 0, 0, JSYCL_OFFSET(job__out_offset0));
    cap.job.table.data = job__table_data;
    cap.job.table.length = job__table_length;
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_body(&cap, &it);
#else
    io_jsycl_lowering_FeaturesTest__lambda_recordsAndArrays_9af311a4_1_body(&cap, &it);
#endif
}
#endif
