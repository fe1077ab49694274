/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$labeledBreakAndContinueAndLoopAtEntry$ad006fa0$1 (KernelLowererTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_int_3
#define JSYCL_DEF_jsycl_acc_rw_int_3
typedef struct {
    __global int* data;
    int range[3];
    int memRange[3];
    int offset[3];
} jsycl_acc_rw_int_3;

void jsycl_acc_rw_int_3_init(jsycl_acc_rw_int_3* acc, __global int* data, int range0, int range1, int range2, int memRange0, int memRange1, int memRange2, int offset0, int offset1, int offset2) {
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

#ifndef JSYCL_DEF_jsycl_item_3
#define JSYCL_DEF_jsycl_item_3
typedef struct {
    int range[3];
#if defined(JSYCL_TWO_ROWS) || defined(JSYCL_FOUR_ROWS)
    int row;
#endif
} jsycl_item_3;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1
typedef struct {
    int n;
    jsycl_acc_rw_int_3 out;
} io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_captures* cap, const jsycl_item_3* it) {
    int n = cap->n;
    int x;
    int i;
    int j;
    x = JSYCL_ROW_ID(0, 2);
    for (;;) {
        x = (int)((uint)x * 3u + 1u);
        if (x >= 1000) {
            break;
        }
    }
    i = 0;
    while (i < n) {
        j = 0;
        while (j < n) {
            if (cap->out.data[((i + JSYCL_OFFSET(cap->out.offset[0])) * cap->out.memRange[1] + (j + JSYCL_OFFSET(cap->out.offset[1]))) * cap->out.memRange[2] + (0 + JSYCL_OFFSET(cap->out.offset[2]))] == x) {
                goto L12;
            }
            if (cap->out.data[((j + JSYCL_OFFSET(cap->out.offset[0])) * cap->out.memRange[1] + (i + JSYCL_OFFSET(cap->out.offset[1]))) * cap->out.memRange[2] + (0 + JSYCL_OFFSET(cap->out.offset[2]))] < 0) {
                goto L13;
            }
            x = x ^ j;
            j = j + 1;
        }
        x = (int)((uint)x + (uint)i);
        L12:;
        i = i + 1;
    }
    L13:;
    cap->out.data[((JSYCL_ROW_ID(2, 2) + JSYCL_OFFSET(cap->out.offset[0])) * cap->out.memRange[1] + (JSYCL_ROW_ID(1, 2) + JSYCL_OFFSET(cap->out.offset[1]))) * cap->out.memRange[2] + (JSYCL_ROW_ID(0, 2) + JSYCL_OFFSET(cap->out.offset[2]))] = x;
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1(int n, __global int* JSYCL_RESTRICT out_data, int out_memRange1, int out_memRange2 JSYCL_OFFSET_PARAM(out_offset0) JSYCL_OFFSET_PARAM(out_offset1) JSYCL_OFFSET_PARAM(out_offset2) JSYCL_RANGE_PARAM(range0) JSYCL_RANGE_PARAM(range1) JSYCL_RANGE_PARAM(range2)) {
#ifdef JSYCL_ROWS
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(2) >= (uint)(range0 / JSYCL_ROWS) || (uint)get_global_id(1) >= (uint)range1 || (uint)get_global_id(0) >= (uint)range2) {
        return;
    }
#endif
#else
#ifdef JSYCL_PADDED_RANGE
    if ((uint)get_global_id(2) >= (uint)range0 || (uint)get_global_id(1) >= (uint)range1 || (uint)get_global_id(0) >= (uint)range2) {
        return;
    }
#endif
#endif
    io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_captures cap;
    cap.n = n;
    jsycl_acc_rw_int_3_init(&cap.out, out_data, 0, 0, 0, 0, out_memRange1, out_memRange2, JSYCL_OFFSET(out_offset0), JSYCL_OFFSET(out_offset1), JSYCL_OFFSET(out_offset2));
    jsycl_item_3 it;
#ifdef JSYCL_ROWS
    for (int jsycl_row = 0; jsycl_row < JSYCL_ROWS; jsycl_row++) {
        it.row = jsycl_row;
        io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_body(&cap, &it);
    }
#else
    io_jsycl_lowering_KernelLowererTest__lambda_labeledBreakAndContinueAndLoopAtEntry_ad006fa0_1_body(&cap, &it);
#endif
}
#endif
