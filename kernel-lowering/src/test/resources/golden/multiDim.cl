/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$multiDimensionalAccessorsAndItem$834c9442$1 (KernelLowererTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#ifndef JSYCL_DEF_jsycl_acc_rw_double_3
#define JSYCL_DEF_jsycl_acc_rw_double_3
typedef struct {
    __global double* data;
    int range[3];
    int memRange[3];
    int offset[3];
} jsycl_acc_rw_double_3;

void jsycl_acc_rw_double_3_init(jsycl_acc_rw_double_3* acc, __global double* data, int range0, int range1, int range2, int memRange0, int memRange1, int memRange2, int offset0, int offset1, int offset2) {
    acc->data = data;
    acc->range[0] = range0;
    acc->range[1] = range1;
    acc->range[2] = range2;
    acc->memRange[0] = memRange0;
    acc->memRange[1] = memRange1;
    acc->memRange[2] = memRange2;
    acc->offset[0] = offset0;
    acc->offset[1] = offset1;
    acc->offset[2] = offset2;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_r_float_2
#define JSYCL_DEF_jsycl_acc_r_float_2
typedef struct {
    __global const float* data;
    int range[2];
    int memRange[2];
    int offset[2];
} jsycl_acc_r_float_2;

void jsycl_acc_r_float_2_init(jsycl_acc_r_float_2* acc, __global const float* data, int range0, int range1, int memRange0, int memRange1, int offset0, int offset1) {
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

#ifndef JSYCL_DEF_JSYCL_ROW_ID
#define JSYCL_DEF_JSYCL_ROW_ID
/* A work-item's id in OpenCL dimension d of a kernel over a 2-D or 3-D range whose slowest
   dimension is `last`. In the programs the runtime builds with JSYCL_TWO_ROWS or JSYCL_FOUR_ROWS,
   the launch covers half or a quarter of the rows and each work-item runs JSYCL_ROWS adjacent
   items along the slowest dimension (it->row is 0, 1, ...). */
#if defined(JSYCL_FOUR_ROWS)
#define JSYCL_ROWS 4
#elif defined(JSYCL_TWO_ROWS)
#define JSYCL_ROWS 2
#endif
#ifdef JSYCL_ROWS
#define JSYCL_ROW_ID(d, last) \
    ((d) == (last) ? (int)get_global_id(d) * JSYCL_ROWS + it->row : (int)get_global_id(d))
#else
#define JSYCL_ROW_ID(d, last) ((int)get_global_id(d))
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

#ifndef JSYCL_DEF_JSYCL_STRIDE
#define JSYCL_DEF_JSYCL_STRIDE
/* An accessor's memory range (its row stride) in a dimension where an earlier accessor of the
   kernel has one too: that accessor's, in the program the runtime builds for launches where the
   two are equal (JSYCL_SHARED_STRIDES), so that the compiler sees one stride and shares the
   address arithmetic of their elements, and the kernel takes no such argument (JSYCL_STRIDE_PARAM
   follows the parameter before it, comma included); its own otherwise. */
#ifdef JSYCL_SHARED_STRIDES
#define JSYCL_STRIDE(own, shared) (shared)
#define JSYCL_STRIDE_PARAM(name)
#else
#define JSYCL_STRIDE(own, shared) (own)
#define JSYCL_STRIDE_PARAM(name) , int name
#endif
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1
typedef struct {
    jsycl_acc_rw_double_3 v;
    jsycl_acc_r_float_2 m;
} io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_captures* cap, const jsycl_item_2* it) {
    int r;
    int c;
    int d;
    long lin;
    r = JSYCL_ROW_ID(1, 1);
    c = JSYCL_ROW_ID(0, 1);
    d = 1;
    lin = (long)JSYCL_ROW_ID(1, 1) * it->range[1] + (long)JSYCL_ROW_ID(0, 1);
    cap->v.data[((r + JSYCL_OFFSET(cap->v.offset[0])) * cap->v.memRange[1] + (c + JSYCL_OFFSET(cap->v.offset[1]))) * cap->v.memRange[2] + (0 + JSYCL_OFFSET(cap->v.offset[2]))] = (double)(cap->m.data[(r + JSYCL_OFFSET(cap->m.offset[0])) * cap->m.memRange[1] + (c + JSYCL_OFFSET(cap->m.offset[1]))] + convert_float_rte(it->range[1]) + convert_float_rte(JSYCL_ROW_ID(1 - d, 1)) + convert_float_rte(lin) + convert_float_rte(cap->m.range[0] * cap->m.range[1]) + convert_float_rte(it->range[d]));
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1(__global double* JSYCL_RESTRICT v_data, int v_memRange1, int v_memRange2 JSYCL_OFFSET_PARAM(v_offset0) JSYCL_OFFSET_PARAM(v_offset1) JSYCL_OFFSET_PARAM(v_offset2), __global const float* JSYCL_RESTRICT m_data, int m_range0, int m_range1 JSYCL_STRIDE_PARAM(m_memRange1) JSYCL_OFFSET_PARAM(m_offset0) JSYCL_OFFSET_PARAM(m_offset1), int range0, int range1) {
#ifdef JSYCL_ROWS
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(1) >= (uint)(range0 / JSYCL_ROWS) || (uint)get_global_id(0) >= (uint)range1) {
        return;
    }
#endif
#else
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(1) >= (uint)range0 || (uint)get_global_id(0) >= (uint)range1) {
        return;
    }
#endif
#endif
    io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_captures cap;
    jsycl_acc_rw_double_3_init(&cap.v, v_data, 0, 0, 0, 0, v_memRange1, v_memRange2, JSYCL_OFFSET(v_offset0), JSYCL_OFFSET(v_offset1), JSYCL_OFFSET(v_offset2));
    jsycl_acc_r_float_2_init(&cap.m, m_data, m_range0, m_range1, 0, JSYCL_STRIDE(m_memRange1, v_memRange1), JSYCL_OFFSET(m_offset0), JSYCL_OFFSET(m_offset1));
    jsycl_item_2 it;
    it.range[0] = range0;
    it.range[1] = range1;
#ifdef JSYCL_ROWS
    for (int jsycl_row = 0; jsycl_row < JSYCL_ROWS; jsycl_row++) {
        it.row = jsycl_row;
        io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_body(&cap, &it);
    }
#else
    io_jsycl_lowering_KernelLowererTest__lambda_multiDimensionalAccessorsAndItem_834c9442_1_body(&cap, &it);
#endif
}
#endif
