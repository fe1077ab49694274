/* jsycl kernel io.jsycl.lowering.KernelLowererTest.lambda$smallTypesAccessors$e3996047$1 (KernelLowererTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_char_1
#define JSYCL_DEF_jsycl_acc_rw_char_1
typedef struct {
    __global char* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_char_1;

void jsycl_acc_rw_char_1_init(jsycl_acc_rw_char_1* acc, __global char* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_short_1
#define JSYCL_DEF_jsycl_acc_rw_short_1
typedef struct {
    __global short* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_short_1;

void jsycl_acc_rw_short_1_init(jsycl_acc_rw_short_1* acc, __global short* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_ushort_1
#define JSYCL_DEF_jsycl_acc_rw_ushort_1
typedef struct {
    __global ushort* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_ushort_1;

void jsycl_acc_rw_ushort_1_init(jsycl_acc_rw_ushort_1* acc, __global ushort* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_rw_uchar_1
#define JSYCL_DEF_jsycl_acc_rw_uchar_1
typedef struct {
    __global uchar* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_uchar_1;

void jsycl_acc_rw_uchar_1_init(jsycl_acc_rw_uchar_1* acc, __global uchar* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1
#define JSYCL_DEF_io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1
typedef struct {
    jsycl_acc_rw_char_1 bytes;
    char add;
    jsycl_acc_rw_short_1 shorts;
    jsycl_acc_rw_ushort_1 chars;
    jsycl_acc_rw_uchar_1 bools;
    uchar flag;
} io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_captures;

void io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_body(const io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_captures* cap, const jsycl_item_1* it) {
    int add = cap->add;
    int flag = cap->flag;
    int i;
    int t0;
    int t1;
    int t2;
    i = JSYCL_ITEM_ID(0);
    cap->bytes.data[i + JSYCL_OFFSET(cap->bytes.offset[0])] = (int)(char)(int)((uint)cap->bytes.data[i + JSYCL_OFFSET(cap->bytes.offset[0])] + (uint)add);
    cap->shorts.data[i + JSYCL_OFFSET(cap->shorts.offset[0])] = (int)(short)(int)((uint)cap->shorts.data[i + JSYCL_OFFSET(cap->shorts.offset[0])] * 2u);
    cap->chars.data[i + JSYCL_OFFSET(cap->chars.offset[0])] = (int)(ushort)(int)((uint)cap->chars.data[i + JSYCL_OFFSET(cap->chars.offset[0])] + 1u);
    t0 = i;
    if (flag != 0) {
        t0 = i;
        if (cap->bools.data[i + JSYCL_OFFSET(cap->bools.offset[0])] == 0) {
            t1 = i;
            t2 = 1;
            goto L4;
        }
    }
    t1 = t0;
    t2 = 0;
    L4:;
    cap->bools.data[t1 + JSYCL_OFFSET(cap->bools.offset[0])] = t2;
}

__kernel void io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1(__global char* JSYCL_RESTRICT bytes_data JSYCL_OFFSET_PARAM(bytes_offset0), char add, __global short* JSYCL_RESTRICT shorts_data JSYCL_OFFSET_PARAM(shorts_offset0), __global ushort* JSYCL_RESTRICT chars_data JSYCL_OFFSET_PARAM(chars_offset0), __global uchar* JSYCL_RESTRICT bools_data JSYCL_OFFSET_PARAM(bools_offset0), uchar flag JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_captures cap;
    jsycl_acc_rw_char_1_init(&cap.bytes, bytes_data, 0, 0, JSYCL_OFFSET(bytes_offset0));
    cap.add = add;
    jsycl_acc_rw_short_1_init(&cap.shorts, shorts_data, 0, 0, JSYCL_OFFSET(shorts_offset0));
    jsycl_acc_rw_ushort_1_init(&cap.chars, chars_data, 0, 0, JSYCL_OFFSET(chars_offset0));
    jsycl_acc_rw_uchar_1_init(&cap.bools, bools_data, 0, 0, JSYCL_OFFSET(bools_offset0));
    cap.flag = flag;
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_body(&cap, &it);
#else
    io_jsycl_lowering_KernelLowererTest__lambda_smallTypesAccessors_e3996047_1_body(&cap, &it);
#endif
}
#endif
