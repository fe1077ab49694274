/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$passesCapturedObjects$c3a46482$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_local_float_1
#define JSYCL_DEF_jsycl_local_float_1
/* Work-group local memory, row-major. */
typedef struct {
    __local float* data;
    int range[1];
} jsycl_local_float_1;
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

#ifndef JSYCL_DEF_jsycl_array_float
#define JSYCL_DEF_jsycl_array_float
/* A captured Java array: read-only. */
typedef struct {
    __global const float* data;
    int length;
} jsycl_array_float;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__weighted_962d039d
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__weighted_962d039d
/* io.jsycl.lowering.FeaturesTest.weighted(Lio/jsycl/lowering/FeaturesTest$Job;[FI)F */
float io_jsycl_lowering_FeaturesTest__weighted_962d039d(const jsycl_rec_FeaturesTest_Job_f8c501cd* job, const jsycl_array_float* w, int i) {
    return w->data[jsycl_irem(i, w->length)] * job->scale.factor;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__fill_7b8f6f8a
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__fill_7b8f6f8a
/* io.jsycl.lowering.FeaturesTest.fill(Lio/jsycl/GridAccess$OfFloat;IF)V */
void io_jsycl_lowering_FeaturesTest__fill_7b8f6f8a(const jsycl_local_float_1* l, int i, float v) {
    l->data[i] = v;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1
typedef struct {
    jsycl_local_float_1 l;
    jsycl_rec_FeaturesTest_Job_f8c501cd job;
    jsycl_array_float w;
} io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1_body(const io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1_captures* cap, const jsycl_item_1* it) {
    int i;
    i = (int)get_global_id(0);
    io_jsycl_lowering_FeaturesTest__fill_7b8f6f8a(&cap->l, (int)get_local_id(0), io_jsycl_lowering_FeaturesTest__weighted_962d039d(&cap->job, &cap->w, i));
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    cap->job.out.data[i + JSYCL_OFFSET(cap->job.out.offset[0])] = cap->l.data[0];
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1(__local float* l_data, int l_range0, float job__scale__factor, int job__scale__shift, __global float* job__out_data JSYCL_OFFSET_PARAM(job__out_offset0), __global const int* job__table_data, int job__table_length, __global const float* w_data, int w_length, int range0) {
    io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1_captures cap;
    cap.l.data = l_data;
    cap.l.range[0] = l_range0;
    cap.job.scale.factor = job__scale__factor;
    cap.job.scale.shift = job__scale__shift;
    jsycl_acc_w_float_1_init(&cap.job.out, job__out_data, 0, 0, JSYCL_OFFSET(job__out_offset0));
    cap.job.table.data = job__table_data;
    cap.job.table.length = job__table_length;
    cap.w.data = w_data;
    cap.w.length = w_length;
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_passesCapturedObjects_c3a46482_1_body(&cap, &it);
}
#endif
