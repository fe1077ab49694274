/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$intAtomics$23cd4009$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_local_int_1
#define JSYCL_DEF_jsycl_local_int_1
/* Work-group local memory, row-major. */
typedef struct {
    __local int* data;
    int range[1];
} jsycl_local_int_1;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1
typedef struct {
    jsycl_local_int_1 l;
    jsycl_acc_rw_int_1 g;
    jsycl_acc_w_int_1 res;
} io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1_body(const io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1_captures* cap, const jsycl_item_1* it) {
    int i;
    int lid;
    int t0;
    int t1;
    int t2;
    int t3;
    int t4;
    int t5;
    int t6;
    int t7;
    int t8;
    int t9;
    int t10;
    int t11;
    int j;
    i = (int)get_global_id(0);
    lid = (int)get_local_id(0);
    if (lid < 5) {
        if (lid != 1) {
            if (lid != 2) {
                t0 = lid;
                t1 = 0;
            } else {
                t0 = lid;
                t1 = -1073741824;
            }
        } else {
            t0 = lid;
            t1 = 1073741824;
        }
        cap->l.data[t0] = t1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    t2 = atomic_add(&cap->g.data[0 + JSYCL_OFFSET(cap->g.offset[0])], 1);
    t3 = atomic_min(&cap->g.data[1 + JSYCL_OFFSET(cap->g.offset[0])], i);
    t4 = atomic_max(&cap->g.data[2 + JSYCL_OFFSET(cap->g.offset[0])], i);
    t5 = atomic_xchg(&cap->g.data[3 + JSYCL_OFFSET(cap->g.offset[0])], 7);
    t6 = atomic_cmpxchg(&cap->g.data[4 + JSYCL_OFFSET(cap->g.offset[0])], 0, (int)((uint)i + 1u));
    t7 = atomic_add(&cap->l.data[0], 2);
    t8 = atomic_min(&cap->l.data[1], i);
    t9 = atomic_max(&cap->l.data[2], i);
    t10 = atomic_xchg(&cap->l.data[3], 9);
    t11 = atomic_cmpxchg(&cap->l.data[4], 0, 5);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        j = 0;
        while (j < 5) {
            cap->res.data[(int)((uint)JSYCL_GROUP_ID(0) * 5u + (uint)j) + JSYCL_OFFSET(cap->res.offset[0])] = cap->l.data[j];
            j = j + 1;
        }
    }
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1(__local int* l_data, int l_range0, __global int* g_data JSYCL_OFFSET_PARAM(g_offset0), __global int* res_data JSYCL_OFFSET_PARAM(res_offset0), int range0) {
    io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1_captures cap;
    cap.l.data = l_data;
    cap.l.range[0] = l_range0;
    jsycl_acc_rw_int_1_init(&cap.g, g_data, 0, 0, JSYCL_OFFSET(g_offset0));
    jsycl_acc_w_int_1_init(&cap.res, res_data, 0, 0, JSYCL_OFFSET(res_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_intAtomics_23cd4009_1_body(&cap, &it);
}
#endif
