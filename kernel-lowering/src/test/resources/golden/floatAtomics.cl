/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$floatAtomics$eb1096dd$1 (FeaturesTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_jsycl_acc_rw_float_1
#define JSYCL_DEF_jsycl_acc_rw_float_1
typedef struct {
    __global float* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_float_1;

void jsycl_acc_rw_float_1_init(jsycl_acc_rw_float_1* acc, __global float* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_atomic_add_f_g
#define JSYCL_DEF_jsycl_atomic_add_f_g
/* Atomic float add (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_add_f_g(volatile __global float* p, float v) {
    volatile __global int* q = (volatile __global int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(as_float(old) + v))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_jsycl_min_f
#define JSYCL_DEF_jsycl_min_f
/* Math.min(float, float): NaN wins, -0.0f < 0.0f. */
float jsycl_min_f(float a, float b) {
    return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? a : b) : fmin(a, b);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_min_f_g
#define JSYCL_DEF_jsycl_atomic_min_f_g
/* Atomic float min (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_min_f_g(volatile __global float* p, float v) {
    volatile __global int* q = (volatile __global int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(jsycl_min_f(as_float(old), v)))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_jsycl_max_f
#define JSYCL_DEF_jsycl_max_f
/* Math.max(float, float): NaN wins, -0.0f < 0.0f. */
float jsycl_max_f(float a, float b) {
    return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_max_f_g
#define JSYCL_DEF_jsycl_atomic_max_f_g
/* Atomic float max (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_max_f_g(volatile __global float* p, float v) {
    volatile __global int* q = (volatile __global int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(jsycl_max_f(as_float(old), v)))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_add_f_l
#define JSYCL_DEF_jsycl_atomic_add_f_l
/* Atomic float add (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_add_f_l(volatile __local float* p, float v) {
    volatile __local int* q = (volatile __local int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(as_float(old) + v))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_min_f_l
#define JSYCL_DEF_jsycl_atomic_min_f_l
/* Atomic float min (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_min_f_l(volatile __local float* p, float v) {
    volatile __local int* q = (volatile __local int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(jsycl_min_f(as_float(old), v)))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_max_f_l
#define JSYCL_DEF_jsycl_atomic_max_f_l
/* Atomic float max (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_max_f_l(volatile __local float* p, float v) {
    volatile __local int* q = (volatile __local int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(jsycl_max_f(as_float(old), v)))) != old) {
        old = seen;
    }
    return as_float(old);
}
#endif

#ifndef JSYCL_DEF_JSYCL_GROUP_ID
#define JSYCL_DEF_JSYCL_GROUP_ID
/* A work-group's id and the number of groups in OpenCL dimension d. A DistributedQueue's chunk of
   an nd-range (JSYCL_ND_CHUNK) runs its rows only, at a global offset of whole groups: its groups
   count from the range's start, and the range is the kernel's (its extent in that dimension). */
#ifdef JSYCL_ND_CHUNK
#define JSYCL_GROUP_ID(d) ((int)((get_global_id(d) - get_local_id(d)) / get_local_size(d)))
#define JSYCL_NUM_GROUPS(d, extent) ((int)((extent) / (int)get_local_size(d)))
#else
#define JSYCL_GROUP_ID(d) ((int)get_group_id(d))
#define JSYCL_NUM_GROUPS(d, extent) ((int)get_num_groups(d))
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1
typedef struct {
    jsycl_local_float_1 l;
    jsycl_acc_rw_float_1 g;
    jsycl_acc_w_float_1 res;
} io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1_body(const io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1_captures* cap, const jsycl_item_1* it) {
    int i;
    float t0;
    float t1;
    float t2;
    float t3;
    float t4;
    float t5;
    float t6;
    float t7;
    float t8;
    int j;
    i = (int)get_global_id(0);
    if ((int)get_local_id(0) == 0) {
        cap->l.data[0] = 0.0f;
        cap->l.data[1] = INFINITY;
        cap->l.data[2] = -0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    t0 = jsycl_atomic_add_f_g(&cap->g.data[0 + JSYCL_OFFSET(cap->g.offset[0])], 0.5f);
    t1 = jsycl_atomic_min_f_g(&cap->g.data[1 + JSYCL_OFFSET(cap->g.offset[0])], convert_float_rte(i) - 100.25f);
    t2 = jsycl_atomic_max_f_g(&cap->g.data[2 + JSYCL_OFFSET(cap->g.offset[0])], convert_float_rte(i) * 2.0f);
    t3 = as_float(atomic_xchg((volatile __global int*)&cap->g.data[3 + JSYCL_OFFSET(cap->g.offset[0])], as_int(1.5f)));
    t4 = as_float(atomic_cmpxchg((volatile __global int*)&cap->g.data[4 + JSYCL_OFFSET(cap->g.offset[0])], as_int(-0.0f), as_int(2.0f)));
    t5 = as_float(atomic_cmpxchg((volatile __global int*)&cap->g.data[5 + JSYCL_OFFSET(cap->g.offset[0])], as_int(0.0f), as_int(2.0f)));
    t6 = jsycl_atomic_add_f_l(&cap->l.data[0], 0.25f);
    t7 = jsycl_atomic_min_f_l(&cap->l.data[1], convert_float_rte(i) * 1.0f);
    t8 = jsycl_atomic_max_f_l(&cap->l.data[2], 0.0f);
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((int)get_local_id(0) == 0) {
        j = 0;
        while (j < 3) {
            cap->res.data[(int)((uint)JSYCL_GROUP_ID(0) * 3u + (uint)j) + JSYCL_OFFSET(cap->res.offset[0])] = cap->l.data[j];
            j = j + 1;
        }
    }
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1(__local float* l_data, int l_range0, __global float* g_data JSYCL_OFFSET_PARAM(g_offset0), __global float* res_data JSYCL_OFFSET_PARAM(res_offset0), int range0) {
    io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1_captures cap;
    cap.l.data = l_data;
    cap.l.range[0] = l_range0;
    jsycl_acc_rw_float_1_init(&cap.g, g_data, 0, 0, JSYCL_OFFSET(g_offset0));
    jsycl_acc_w_float_1_init(&cap.res, res_data, 0, 0, JSYCL_OFFSET(res_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_floatAtomics_eb1096dd_1_body(&cap, &it);
}
#endif
