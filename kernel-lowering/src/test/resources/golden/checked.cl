/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$outOfBounds$e9e187cd$1 (FeaturesTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_jsycl_acc_r_int_1
#define JSYCL_DEF_jsycl_acc_r_int_1
typedef struct {
    __global const int* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_r_int_1;

void jsycl_acc_r_int_1_init(jsycl_acc_r_int_1* acc, __global const int* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_fail
#define JSYCL_DEF_jsycl_fail
/* Checked mode: marks this work-item as failed (it leaves its loops without barriers) and records the
   launch's first failure (see ArgRole.CHECK_BUFFER). */
void jsycl_fail(__global int* check, __private int* failed, int kind, int line, int index, int bound) {
    *failed = 1;
    if (atomic_cmpxchg(check, 0, kind) == 0) {
        uint dims = get_work_dim();
        check[1] = line;
        for (uint d = 0; d < 3; d++) {
            check[2 + d] = d < dims ? (int)get_global_id(dims - 1 - d) : 0;
        }
        check[5] = index;
        check[6] = bound;
    }
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__at_28285125
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__at_28285125
/* io.jsycl.lowering.FeaturesTest.at(Lio/jsycl/WideAccess$OfInt;I)I */
int io_jsycl_lowering_FeaturesTest__at_28285125(const jsycl_acc_r_int_1* a, int i, __global int* restrict jsycl_check, __private int* restrict jsycl_failed) {
    if ((uint)i >= (uint)a->range[0]) jsycl_fail(jsycl_check, jsycl_failed, 1, 344, i, a->range[0]);
    return a->data[((uint)i < (uint)a->range[0] ? i : 0) + JSYCL_OFFSET(a->offset[0])];
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1
typedef struct {
    jsycl_acc_w_int_1 out;
    jsycl_acc_r_int_1 in;
} io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1_body(const io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1_captures* cap, const jsycl_item_1* it, __global int* restrict jsycl_check, __private int* restrict jsycl_failed) {
    int i = 0;
    int t0 = 0;
    int t1 = 0;
    *jsycl_failed = 0;
    i = (int)get_global_id(0);
    t1 = i;
    t0 = io_jsycl_lowering_FeaturesTest__at_28285125(&cap->in, (int)((uint)i * 2u), jsycl_check, jsycl_failed);
    if ((uint)t1 >= (uint)cap->out.range[0]) jsycl_fail(jsycl_check, jsycl_failed, 1, 350, t1, cap->out.range[0]);
    if ((uint)t1 < (uint)cap->out.range[0]) cap->out.data[t1 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)t0 + 1u);
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1(__global int* JSYCL_RESTRICT out_data, int out_range0 JSYCL_OFFSET_PARAM(out_offset0), __global const int* JSYCL_RESTRICT in_data, int in_range0 JSYCL_OFFSET_PARAM(in_offset0), int range0, __global int* jsycl_check) {
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(0) >= (uint)range0) {
        return;
    }
#endif
    io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1_captures cap;
    jsycl_acc_w_int_1_init(&cap.out, out_data, out_range0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_r_int_1_init(&cap.in, in_data, in_range0, 0, JSYCL_OFFSET(in_offset0));
    int jsycl_item_failed = 0;
    __private int* jsycl_failed = &jsycl_item_failed;
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_outOfBounds_e9e187cd_1_body(&cap, &it, jsycl_check, jsycl_failed);
}
#endif
