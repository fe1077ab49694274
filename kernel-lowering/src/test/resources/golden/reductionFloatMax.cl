/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$maxOf$798a9286$1 (FeaturesTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_jsycl_reduction_item
#define JSYCL_DEF_jsycl_reduction_item
typedef struct {
    int range[1];
    int id;
} jsycl_reduction_item;
#endif

#ifndef JSYCL_DEF_jsycl_max_f
#define JSYCL_DEF_jsycl_max_f
/* Math.max(float, float): NaN wins, -0.0f < 0.0f. */
float jsycl_max_f(float a, float b) {
    return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1
typedef struct {
    jsycl_acc_r_float_1 in;
} io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(const io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_captures* cap, const jsycl_reduction_item* it, float* restrict jsycl_acc) {
    *jsycl_acc = jsycl_max_f(*jsycl_acc, cap->in.data[it->id + JSYCL_OFFSET(cap->in.offset[0])]);
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1(__global const float* JSYCL_RESTRICT in_data JSYCL_OFFSET_PARAM(in_offset0), int range0, __global float* jsycl_out, __local float* jsycl_scratch) {
    float jsycl_acc = (-INFINITY);
    io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_captures cap;
    jsycl_acc_r_float_1_init(&cap.in, in_data, 0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_reduction_item it;
    it.range[0] = range0;
    uint jsycl_stride = (uint)get_global_size(0);
    uint jsycl_i = (uint)get_global_id(0);
#ifdef JSYCL_CHUNK_END
    uint jsycl_end = JSYCL_CHUNK_END;
#else
    uint jsycl_end = (uint)range0;
#endif
    uint jsycl_end4 = (ulong)jsycl_end > 3ul * jsycl_stride ? jsycl_end - 3u * jsycl_stride : 0u;
    for (; jsycl_i < jsycl_end4; jsycl_i += 4u * jsycl_stride) {
        it.id = (int)(jsycl_i);
        io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(&cap, &it, &jsycl_acc);
        it.id = (int)(jsycl_i + 1u * jsycl_stride);
        io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(&cap, &it, &jsycl_acc);
        it.id = (int)(jsycl_i + 2u * jsycl_stride);
        io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(&cap, &it, &jsycl_acc);
        it.id = (int)(jsycl_i + 3u * jsycl_stride);
        io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(&cap, &it, &jsycl_acc);
    }
    for (; jsycl_i < jsycl_end; jsycl_i += jsycl_stride) {
        it.id = (int)jsycl_i;
        io_jsycl_lowering_FeaturesTest__lambda_maxOf_798a9286_1_body(&cap, &it, &jsycl_acc);
    }
    int jsycl_lid = (int)get_local_id(0);
    jsycl_scratch[jsycl_lid] = jsycl_acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int jsycl_s = (int)get_local_size(0) / 2; jsycl_s > 0; jsycl_s >>= 1) {
        if (jsycl_lid < jsycl_s) {
            jsycl_scratch[jsycl_lid] = jsycl_max_f(jsycl_scratch[jsycl_lid], jsycl_scratch[jsycl_lid + jsycl_s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (jsycl_lid == 0) {
        float jsycl_v = jsycl_scratch[0];
        volatile __global int* jsycl_q = (volatile __global int*)jsycl_out;
        int jsycl_old = *jsycl_q;
        for (;;) {
            int jsycl_new = as_int(jsycl_max_f(as_float(jsycl_old), jsycl_v));
            int jsycl_seen;
            if (jsycl_new == jsycl_old || (jsycl_seen = atomic_cmpxchg(jsycl_q, jsycl_old, jsycl_new)) == jsycl_old) {
                break;
            }
            jsycl_old = jsycl_seen;
        }
    }
}
#endif
