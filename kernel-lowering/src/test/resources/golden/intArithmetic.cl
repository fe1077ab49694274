/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$intArithmeticWrapsAndDivisionIsDefined$a2a5fe4e$1 (KernelLowererTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_jsycl_idiv
#define JSYCL_DEF_jsycl_idiv
/* Java int division; x / 0 is defined as 0 (Java throws). */
int jsycl_idiv(int a, int b) {
    return b == 0 ? 0 : b == -1 ? (int)(0u - (uint)a) : a / b;
}
#endif

#ifndef JSYCL_DEF_jsycl_irem
#define JSYCL_DEF_jsycl_irem
/* Java int remainder; x % 0 is defined as 0 (Java throws). */
int jsycl_irem(int a, int b) {
    return b == 0 || b == -1 ? 0 : a % b;
}
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1
typedef struct {
    jsycl_acc_w_int_1 out;
    int a;
    int b;
} io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_captures* cap, const jsycl_item_1* it) {
    int a = cap->a;
    int b = cap->b;
    int i;
    i = JSYCL_ITEM_ID(0);
    cap->out.data[0 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)a + (uint)b);
    cap->out.data[1 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)a - (uint)b);
    cap->out.data[2 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)a * (uint)b);
    cap->out.data[3 + JSYCL_OFFSET(cap->out.offset[0])] = jsycl_idiv(a, b);
    cap->out.data[4 + JSYCL_OFFSET(cap->out.offset[0])] = jsycl_irem(a, b);
    cap->out.data[5 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)a << (b & 31));
    cap->out.data[6 + JSYCL_OFFSET(cap->out.offset[0])] = a >> (b & 31);
    cap->out.data[7 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)a >> (b & 31));
    cap->out.data[8 + JSYCL_OFFSET(cap->out.offset[0])] = a & b | a ^ (b ^ -1);
    cap->out.data[9 + JSYCL_OFFSET(cap->out.offset[0])] = (int)(0u - (uint)a);
    cap->out.data[10 + JSYCL_OFFSET(cap->out.offset[0])] = (int)((uint)(a / 4) + (uint)(a % 3) + (uint)(int)((uint)i << 2));
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1(__global int* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), int a, int b JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_captures cap;
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    cap.a = a;
    cap.b = b;
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_body(&cap, &it);
#else
    io_jsycl_lowering_KernelLowererTest__lambda_intArithmeticWrapsAndDivisionIsDefined_a2a5fe4e_1_body(&cap, &it);
#endif
}
#endif
