/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$longAtomics$1a8a248d$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#ifndef JSYCL_DEF_jsycl_local_long_1
#define JSYCL_DEF_jsycl_local_long_1
/* Work-group local memory, row-major. */
typedef struct {
    __local long* data;
    int range[1];
} jsycl_local_long_1;
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_long_1
#define JSYCL_DEF_jsycl_acc_rw_long_1
typedef struct {
    __global long* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_long_1;

void jsycl_acc_rw_long_1_init(jsycl_acc_rw_long_1* acc, __global long* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_JSYCL_SUBSCRIPT
#define JSYCL_DEF_JSYCL_SUBSCRIPT
/* A subscript e + c, c a small constant: signed, so that the compiler can fold c into the address
   (a wrap there could only give an index Java rejects; docs/kernel-language.md, "Subscripts").
   The runtime defines JSYCL_WRAPPING_SUBSCRIPTS for launches where that does not hold. */
#ifdef JSYCL_WRAPPING_SUBSCRIPTS
#define JSYCL_SUBSCRIPT(e, c) ((int)((uint)(e) + (uint)(c)))
#else
#define JSYCL_SUBSCRIPT(e, c) ((e) + (c))
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1
typedef struct {
    jsycl_local_long_1 l;
    jsycl_acc_rw_long_1 g;
    jsycl_acc_w_long_1 res;
} io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1_body(const io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1_captures* cap, const jsycl_item_1* it) {
    int i;
    long big;
    long t0;
    long t1;
    long t2;
    long t3;
    long t4;
    long t5;
    long t6;
    i = (int)get_global_id(0);
    if ((int)get_local_id(0) == 0) {
        cap->l.data[0] = 0L;
        cap->l.data[1] = 9223372036854775807L;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    big = (long)((ulong)(long)i << 33);
    t0 = atom_add(&cap->g.data[0 + JSYCL_OFFSET(cap->g.offset[0])], big);
    t1 = atom_min(&cap->g.data[1 + JSYCL_OFFSET(cap->g.offset[0])], big);
    t2 = atom_max(&cap->g.data[2 + JSYCL_OFFSET(cap->g.offset[0])], big);
    t3 = atom_xchg(&cap->g.data[3 + JSYCL_OFFSET(cap->g.offset[0])], 5497558138880L);
    t4 = atom_cmpxchg(&cap->g.data[4 + JSYCL_OFFSET(cap->g.offset[0])], 0L, (long)((ulong)big + 1UL));
    t5 = atom_add(&cap->l.data[0], 4294967296L);
    t6 = atom_min(&cap->l.data[1], big);
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((int)get_local_id(0) == 0) {
        cap->res.data[(int)((uint)JSYCL_GROUP_ID(0) * 2u) + JSYCL_OFFSET(cap->res.offset[0])] = cap->l.data[0];
        cap->res.data[JSYCL_SUBSCRIPT((int)((uint)JSYCL_GROUP_ID(0) * 2u), 1) + JSYCL_OFFSET(cap->res.offset[0])] = cap->l.data[1];
    }
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1(__local long* l_data, int l_range0, __global long* g_data JSYCL_OFFSET_PARAM(g_offset0), __global long* res_data JSYCL_OFFSET_PARAM(res_offset0), int range0) {
    io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1_captures cap;
    cap.l.data = l_data;
    cap.l.range[0] = l_range0;
    jsycl_acc_rw_long_1_init(&cap.g, g_data, 0, 0, JSYCL_OFFSET(g_offset0));
    jsycl_acc_w_long_1_init(&cap.res, res_data, 0, 0, JSYCL_OFFSET(res_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_longAtomics_1a8a248d_1_body(&cap, &it);
}
#endif
