/* jsycl kernel io.jsycl.lowering.FeaturesTest.lambda$privateArrays$449730b0$1 (FeaturesTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifndef JSYCL_DEF_jsycl_acc_r_float_1
#define JSYCL_DEF_jsycl_acc_r_float_1
typedef struct {
    __global const float* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_r_float_1;

void jsycl_acc_r_float_1_init(jsycl_acc_r_float_1* acc, __global const float* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_irem
#define JSYCL_DEF_jsycl_irem
/* Java int remainder; x % 0 is defined as 0 (Java throws). */
int jsycl_irem(int a, int b) {
    return b == 0 || b == -1 ? 0 : a % b;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__mixBytes_d76d77a0
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__mixBytes_d76d77a0
/* io.jsycl.lowering.FeaturesTest.mixBytes(I)I */
int io_jsycl_lowering_FeaturesTest__mixBytes_d76d77a0(int seed) {
    char b[4];
    int k;
    short s[2];
    ushort c[1];
    uchar z[2];
    int t0;
    int t1;
    int t2;
    int t3;
    int t4;
    int t5;
    for (int jsycl_i = 0; jsycl_i < 4; jsycl_i++) b[jsycl_i] = 0;
    k = 0;
    while (k < 4) {
        b[k] = (char)(int)(char)(seed >> ((int)(8u * (uint)k) & 31));
        k = k + 1;
    }
    for (int jsycl_i = 0; jsycl_i < 2; jsycl_i++) s[jsycl_i] = 0;
    s[0] = (short)(int)(short)(int)((uint)(int)b[0] * (uint)(int)b[1] * 301u);
    s[1] = (short)(int)(short)(int)((uint)(int)b[2] - (uint)(int)b[3]);
    for (int jsycl_i = 0; jsycl_i < 1; jsycl_i++) c[jsycl_i] = 0;
    c[0] = (ushort)(int)(ushort)(int)((uint)seed * 31u);
    for (int jsycl_i = 0; jsycl_i < 2; jsycl_i++) z[jsycl_i] = 0;
    if (seed % 3 != 0) {
        t0 = 1;
        t1 = 0;
    } else {
        t0 = 1;
        t1 = 1;
    }
    z[t0] = (uchar)(t1 & 1);
    if ((int)z[1] == 0) {
        t2 = (int)((uint)(int)s[0] + (uint)(int)s[1] + (uint)(int)c[0]);
        t3 = 0;
    } else {
        t2 = (int)((uint)(int)s[0] + (uint)(int)s[1] + (uint)(int)c[0]);
        t3 = 1;
    }
    if ((int)z[0] == 0) {
        t4 = (int)((uint)t2 + (uint)t3);
        t5 = 0;
    } else {
        t4 = (int)((uint)t2 + (uint)t3);
        t5 = 100;
    }
    return (int)((uint)t4 + (uint)t5);
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1
#define JSYCL_DEF_io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1
typedef struct {
    jsycl_acc_r_float_1 in;
    jsycl_acc_w_float_1 out;
    jsycl_acc_w_int_1 mixed;
} io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_captures;

void io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_body(const io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_captures* cap, const jsycl_item_1* it) {
    int i;
    float window[8];
    int v6;
    float v;
    int b;
    long acc[2];
    int t0;
    int fresh[3];
    i = JSYCL_ITEM_ID(0);
    for (int jsycl_i = 0; jsycl_i < 8; jsycl_i++) window[jsycl_i] = 0;
    v6 = 0;
    while (v6 < 8) {
        window[v6] = cap->in.data[jsycl_irem((int)((uint)i + (uint)v6), cap->in.range[0]) + JSYCL_OFFSET(cap->in.offset[0])];
        v6 = v6 + 1;
    }
    v6 = 1;
    while (v6 < 8) {
        v = window[v6];
        b = (int)((uint)v6 - 1u);
        while (b >= 0 && window[b] > v) {
            window[JSYCL_SUBSCRIPT(b, 1)] = window[b];
            b = (int)((uint)b - 1u);
        }
        window[JSYCL_SUBSCRIPT(b, 1)] = v;
        v6 = v6 + 1;
    }
    for (int jsycl_i = 0; jsycl_i < 2; jsycl_i++) acc[jsycl_i] = 0;
    t0 = i % 2;
    acc[t0] = (long)((ulong)acc[t0] + (ulong)(long)((ulong)(long)i << 33));
    for (int jsycl_i = 0; jsycl_i < 3; jsycl_i++) fresh[jsycl_i] = 0;
    cap->out.data[i + JSYCL_OFFSET(cap->out.offset[0])] = window[3] * 2.0f + window[7] + convert_float_rte(acc[0] >> 33) + convert_float_rte(fresh[i % 3]);
    cap->mixed.data[i + JSYCL_OFFSET(cap->mixed.offset[0])] = io_jsycl_lowering_FeaturesTest__mixBytes_d76d77a0((int)((uint)i * (uint)-1640531535));
}

__kernel void io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1(__global const float* JSYCL_RESTRICT in_data, int in_range0 JSYCL_OFFSET_PARAM(in_offset0), __global float* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), __global int* JSYCL_RESTRICT mixed_data JSYCL_OFFSET_PARAM(mixed_offset0) JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_captures cap;
    jsycl_acc_r_float_1_init(&cap.in, in_data, in_range0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_acc_w_float_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_w_int_1_init(&cap.mixed, mixed_data, 0, 0, JSYCL_OFFSET(mixed_offset0));
    jsycl_item_1 it;
#ifdef JSYCL_TWO_ITEMS
    it.second = 0;
    io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_body(&cap, &it);
#else
    io_jsycl_lowering_FeaturesTest__lambda_privateArrays_449730b0_1_body(&cap, &it);
#endif
}
#endif
