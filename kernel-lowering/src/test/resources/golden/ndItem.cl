/* jsycl kernel io.jsycl.lowering.BuiltinsTest.lambda$ndItemQueriesAndBarrier$639193d5$1 (BuiltinsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_w_int_2
#define JSYCL_DEF_jsycl_acc_w_int_2
typedef struct {
    __global int* data;
    int range[2];
    int memRange[2];
    int offset[2];
} jsycl_acc_w_int_2;

void jsycl_acc_w_int_2_init(jsycl_acc_w_int_2* acc, __global int* data, int range0, int range1, int memRange0, int memRange1, int offset0, int offset1) {
    acc->data = data;
    acc->range[0] = range0;
    acc->range[1] = range1;
    acc->memRange[0] = memRange0;
    acc->memRange[1] = memRange1;
    acc->offset[0] = offset0;
    acc->offset[1] = offset1;
}
#endif

#ifndef JSYCL_DEF_jsycl_item_2
#define JSYCL_DEF_jsycl_item_2
typedef struct {
    int range[2];
#if defined(JSYCL_TWO_ROWS) || defined(JSYCL_FOUR_ROWS)
    int row;
#endif
} jsycl_item_2;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1
typedef struct {
    jsycl_acc_w_int_2 out;
} io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1_captures;

void io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1_body(const io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1_captures* cap, const jsycl_item_2* it) {
    int g;
    g = (int)((uint)(int)get_global_id(1) + (uint)(int)get_local_id(0) + (uint)JSYCL_GROUP_ID(1) + (uint)(int)get_local_size(0) + (uint)JSYCL_NUM_GROUPS(1, it->range[0]) + (uint)it->range[1]);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    cap->out.data[((int)get_global_id(1) + JSYCL_OFFSET(cap->out.offset[0])) * cap->out.memRange[1] + ((int)get_global_id(0) + JSYCL_OFFSET(cap->out.offset[1]))] = (int)((uint)g + (uint)(int)((long)get_global_id(1) * it->range[1] + (long)get_global_id(0)) + (uint)(int)((long)get_local_id(1) * (long)get_local_size(0) + (long)get_local_id(0)));
}

__kernel void io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1(__global int* out_data, int out_memRange1 JSYCL_OFFSET_PARAM(out_offset0) JSYCL_OFFSET_PARAM(out_offset1), int range0, int range1) {
    io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1_captures cap;
    jsycl_acc_w_int_2_init(&cap.out, out_data, 0, 0, 0, out_memRange1, JSYCL_OFFSET(out_offset0), JSYCL_OFFSET(out_offset1));
    jsycl_item_2 it;
    it.range[0] = range0;
    it.range[1] = range1;
    io_jsycl_lowering_BuiltinsTest__lambda_ndItemQueriesAndBarrier_639193d5_1_body(&cap, &it);
}
#endif
