/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$taskKernel$579f066e$1 (KernelLowererTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1
typedef struct {
    int n;
    jsycl_acc_w_int_1 out;
} io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1_captures* cap) {
    int n = cap->n;
    int f;
    int i;
    f = 1;
    i = 2;
    while (i <= n) {
        f = (int)((uint)f * (uint)i);
        i = (int)((uint)i + 1u);
    }
    cap->out.data[0 + JSYCL_OFFSET(cap->out.offset[0])] = f;
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1(int n, __global int* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0)) {
    io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1_captures cap;
    cap.n = n;
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    io_jsycl_lowering_KernelLowererTest__lambda_taskKernel_579f066e_1_body(&cap);
}
#endif
