/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$reverse$d42fadf9$1 (FeaturesTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1
typedef struct {
    jsycl_local_int_1 tile;
    jsycl_acc_r_int_1 in;
    jsycl_acc_w_int_1 out;
} io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1_body(const io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1_captures* cap, const jsycl_item_1* it) {
    int l;
    int n;
    l = (int)get_local_id(0);
    n = (int)get_local_size(0);
    cap->tile.data[l] = cap->in.data[(int)get_global_id(0) + JSYCL_OFFSET(cap->in.offset[0])];
    barrier(CLK_LOCAL_MEM_FENCE);
    cap->out.data[(int)get_global_id(0) + JSYCL_OFFSET(cap->out.offset[0])] = cap->tile.data[(int)((uint)n - 1u - (uint)l)];
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1(__local int* tile_data, int tile_range0, __global const int* JSYCL_RESTRICT in_data JSYCL_OFFSET_PARAM(in_offset0), __global int* out_data JSYCL_OFFSET_PARAM(out_offset0), int range0) {
    io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1_captures cap;
    cap.tile.data = tile_data;
    cap.tile.range[0] = tile_range0;
    jsycl_acc_r_int_1_init(&cap.in, in_data, 0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_FeaturesTest__lambda_reverse_d42fadf9_1_body(&cap, &it);
}
#endif
