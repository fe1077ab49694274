/* jsycl kernel io.jsycl.lowering.SubGroupAlgorithmsTest.lambda$subGroupOperationsShareOneShufflePrimitive$5ed13b66$1 (SubGroupAlgorithmsTest.java). Generated; do not edit. */
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

#ifndef JSYCL_DEF_jsycl_max_f
#define JSYCL_DEF_jsycl_max_f
/* Math.max(float, float): NaN wins, -0.0f < 0.0f. */
float jsycl_max_f(float a, float b) {
    return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
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

#ifndef JSYCL_DEF_jsycl_sg_ids
#define JSYCL_DEF_jsycl_sg_ids
/* Sub-groups (see SubGroupAlgorithms): 32 consecutive work-items by local linear id. */
int jsycl_sg_lid(void) {
    return (int)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0));
}

/* This work-item's sub-group's size: 32, or less for a work-group's last, partial one. */
int jsycl_sg_size(void) {
    return min(32, (int)(get_local_size(0) * get_local_size(1) * get_local_size(2)) - (jsycl_sg_lid() & ~31));
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_shuffle
#define JSYCL_DEF_jsycl_sg_shuffle
/* Sub-group shuffle primitive: lane src's x, src a lane of this sub-group (see SubGroupAlgorithms). */
#ifdef JSYCL_NVIDIA_PTX
uint jsycl_sg_shuffle32(uint x, int src, __local long* scratch) {
    int size = jsycl_sg_size();
    uint members = size == 32 ? 0xffffffffu : (1u << size) - 1u;
    uint r;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(r) : "r"(x), "r"(src), "r"(members));
    return r;
}

ulong jsycl_sg_shuffle64(ulong x, int src, __local long* scratch) {
    uint lo = jsycl_sg_shuffle32((uint)x, src, scratch);
    uint hi = jsycl_sg_shuffle32((uint)(x >> 32), src, scratch);
    return (ulong)hi << 32 | lo;
}
#else
uint jsycl_sg_shuffle32(uint x, int src, __local long* scratch) {
    __local uint* s = (__local uint*)scratch;
    int lid = jsycl_sg_lid();
    barrier(CLK_LOCAL_MEM_FENCE);
    s[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    return s[(lid & ~31) + src];
}

ulong jsycl_sg_shuffle64(ulong x, int src, __local long* scratch) {
    __local ulong* s = (__local ulong*)scratch;
    int lid = jsycl_sg_lid();
    barrier(CLK_LOCAL_MEM_FENCE);
    s[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    return s[(lid & ~31) + src];
}
#endif
#endif

#ifndef JSYCL_DEF_jsycl_sg_shuffle_float
#define JSYCL_DEF_jsycl_sg_shuffle_float
float jsycl_sg_shuffle_float(float x, int src, __local long* scratch) {
    return as_float(jsycl_sg_shuffle32(as_uint(x), src, scratch));
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_reduce_sum_float
#define JSYCL_DEF_jsycl_sg_reduce_sum_float
/* NdItem.reduceOverSubGroup with GroupOp.SUM over float: an xor butterfly (see SubGroupAlgorithms). */
float jsycl_sg_reduce_sum_float(float x, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    int n = jsycl_sg_size();
    float a = x;
    int s1 = lane ^ 1;
    float b1 = jsycl_sg_shuffle_float(a, s1 < n ? s1 : lane, scratch);
    if (s1 < n) {
        a = a + b1;
    }
    int s2 = lane ^ 2;
    s2 = s2 < n ? s2 : s2 & ~1;
    float b2 = jsycl_sg_shuffle_float(a, s2 < n ? s2 : lane, scratch);
    if (s2 < n) {
        a = a + b2;
    }
    int s4 = lane ^ 4;
    s4 = s4 < n ? s4 : s4 & ~3;
    float b4 = jsycl_sg_shuffle_float(a, s4 < n ? s4 : lane, scratch);
    if (s4 < n) {
        a = a + b4;
    }
    int s8 = lane ^ 8;
    s8 = s8 < n ? s8 : s8 & ~7;
    float b8 = jsycl_sg_shuffle_float(a, s8 < n ? s8 : lane, scratch);
    if (s8 < n) {
        a = a + b8;
    }
    int s16 = lane ^ 16;
    s16 = s16 < n ? s16 : s16 & ~15;
    float b16 = jsycl_sg_shuffle_float(a, s16 < n ? s16 : lane, scratch);
    if (s16 < n) {
        a = a + b16;
    }
    return a;
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_inclusive_max_float
#define JSYCL_DEF_jsycl_sg_inclusive_max_float
/* NdItem.inclusiveScanOverSubGroup with GroupOp.MAX over float: Hillis-Steele (SubGroupAlgorithms). */
float jsycl_sg_inclusive_max_float(float x, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    float a = x;
    float b1 = jsycl_sg_shuffle_float(a, lane >= 1 ? lane - 1 : lane, scratch);
    if (lane >= 1) {
        a = jsycl_max_f(b1, a);
    }
    float b2 = jsycl_sg_shuffle_float(a, lane >= 2 ? lane - 2 : lane, scratch);
    if (lane >= 2) {
        a = jsycl_max_f(b2, a);
    }
    float b4 = jsycl_sg_shuffle_float(a, lane >= 4 ? lane - 4 : lane, scratch);
    if (lane >= 4) {
        a = jsycl_max_f(b4, a);
    }
    float b8 = jsycl_sg_shuffle_float(a, lane >= 8 ? lane - 8 : lane, scratch);
    if (lane >= 8) {
        a = jsycl_max_f(b8, a);
    }
    float b16 = jsycl_sg_shuffle_float(a, lane >= 16 ? lane - 16 : lane, scratch);
    if (lane >= 16) {
        a = jsycl_max_f(b16, a);
    }
    return a;
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_exclusive_max_float
#define JSYCL_DEF_jsycl_sg_exclusive_max_float
/* NdItem.exclusiveScanOverSubGroup with GroupOp.MAX over float: the lane before's inclusive scan. */
float jsycl_sg_exclusive_max_float(float x, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    float a = jsycl_sg_inclusive_max_float(x, scratch);
    float b = jsycl_sg_shuffle_float(a, lane >= 1 ? lane - 1 : lane, scratch);
    return lane == 0 ? -INFINITY : b;
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_select_float
#define JSYCL_DEF_jsycl_sg_select_float
/* NdItem's shuffles: lane src's x, or this work-item's own if src is outside the sub-group. */
float jsycl_sg_select_float(float x, int src, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    return jsycl_sg_shuffle_float(x, src >= 0 && src < jsycl_sg_size() ? src : lane, scratch);
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_shuffle_long
#define JSYCL_DEF_jsycl_sg_shuffle_long
long jsycl_sg_shuffle_long(long x, int src, __local long* scratch) {
    return (long)jsycl_sg_shuffle64((ulong)x, src, scratch);
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_inclusive_xor_long
#define JSYCL_DEF_jsycl_sg_inclusive_xor_long
/* NdItem.inclusiveScanOverSubGroup with GroupOp.XOR over long: Hillis-Steele (SubGroupAlgorithms). */
long jsycl_sg_inclusive_xor_long(long x, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    long a = x;
    long b1 = jsycl_sg_shuffle_long(a, lane >= 1 ? lane - 1 : lane, scratch);
    if (lane >= 1) {
        a = b1 ^ a;
    }
    long b2 = jsycl_sg_shuffle_long(a, lane >= 2 ? lane - 2 : lane, scratch);
    if (lane >= 2) {
        a = b2 ^ a;
    }
    long b4 = jsycl_sg_shuffle_long(a, lane >= 4 ? lane - 4 : lane, scratch);
    if (lane >= 4) {
        a = b4 ^ a;
    }
    long b8 = jsycl_sg_shuffle_long(a, lane >= 8 ? lane - 8 : lane, scratch);
    if (lane >= 8) {
        a = b8 ^ a;
    }
    long b16 = jsycl_sg_shuffle_long(a, lane >= 16 ? lane - 16 : lane, scratch);
    if (lane >= 16) {
        a = b16 ^ a;
    }
    return a;
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_select_long
#define JSYCL_DEF_jsycl_sg_select_long
/* NdItem's shuffles: lane src's x, or this work-item's own if src is outside the sub-group. */
long jsycl_sg_select_long(long x, int src, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    return jsycl_sg_shuffle_long(x, src >= 0 && src < jsycl_sg_size() ? src : lane, scratch);
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_shuffle_int
#define JSYCL_DEF_jsycl_sg_shuffle_int
int jsycl_sg_shuffle_int(int x, int src, __local long* scratch) {
    return (int)jsycl_sg_shuffle32((uint)x, src, scratch);
}
#endif

#ifndef JSYCL_DEF_jsycl_sg_reduce_or_int
#define JSYCL_DEF_jsycl_sg_reduce_or_int
/* NdItem.reduceOverSubGroup with GroupOp.OR over int: an xor butterfly (see SubGroupAlgorithms). */
int jsycl_sg_reduce_or_int(int x, __local long* scratch) {
    int lane = jsycl_sg_lid() & 31;
    int n = jsycl_sg_size();
    int a = x;
    int s1 = lane ^ 1;
    int b1 = jsycl_sg_shuffle_int(a, s1 < n ? s1 : lane, scratch);
    if (s1 < n) {
        a = a | b1;
    }
    int s2 = lane ^ 2;
    s2 = s2 < n ? s2 : s2 & ~1;
    int b2 = jsycl_sg_shuffle_int(a, s2 < n ? s2 : lane, scratch);
    if (s2 < n) {
        a = a | b2;
    }
    int s4 = lane ^ 4;
    s4 = s4 < n ? s4 : s4 & ~3;
    int b4 = jsycl_sg_shuffle_int(a, s4 < n ? s4 : lane, scratch);
    if (s4 < n) {
        a = a | b4;
    }
    int s8 = lane ^ 8;
    s8 = s8 < n ? s8 : s8 & ~7;
    int b8 = jsycl_sg_shuffle_int(a, s8 < n ? s8 : lane, scratch);
    if (s8 < n) {
        a = a | b8;
    }
    int s16 = lane ^ 16;
    s16 = s16 < n ? s16 : s16 & ~15;
    int b16 = jsycl_sg_shuffle_int(a, s16 < n ? s16 : lane, scratch);
    if (s16 < n) {
        a = a | b16;
    }
    return a;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1
#define JSYCL_DEF_io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1
typedef struct {
    jsycl_acc_r_float_1 in;
    jsycl_acc_w_float_1 out;
    jsycl_acc_w_long_1 flags;
} io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1_captures;

void io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1_body(const io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1_captures* cap, const jsycl_item_1* it, __local long* jsycl_group_scratch) {
    int g;
    float x;
    float t0;
    int t1;
    float t2;
    float t3;
    float t4;
    float t5;
    float t6;
    long t7;
    int t8;
    long t9;
    int t10;
    long t11;
    int t12;
    int t13;
    int t14;
    long t15;
    int t16;
    g = (int)get_global_id(0);
    x = cap->in.data[g + JSYCL_OFFSET(cap->in.offset[0])];
    t1 = g;
    t0 = jsycl_sg_reduce_sum_float(x, jsycl_group_scratch);
    t2 = jsycl_sg_exclusive_max_float(x, jsycl_group_scratch);
    t4 = t0 + t2;
    t3 = jsycl_sg_select_float(x, (int)((uint)(jsycl_sg_lid() & 31) + (uint)1), jsycl_group_scratch);
    t6 = t4 + t3;
    t5 = jsycl_sg_select_float(x, 0, jsycl_group_scratch);
    cap->out.data[t1 + JSYCL_OFFSET(cap->out.offset[0])] = t6 + t5;
    t8 = g;
    t7 = jsycl_sg_inclusive_xor_long((long)g, jsycl_group_scratch);
    t9 = jsycl_sg_select_long((long)g, (jsycl_sg_lid() & 31) ^ 3, jsycl_group_scratch);
    if (!(x > 0.0f)) {
        t10 = t8;
        t11 = (long)((ulong)t7 + (ulong)t9);
        t12 = 0;
    } else {
        t10 = t8;
        t11 = (long)((ulong)t7 + (ulong)t9);
        t12 = 1;
    }
    t13 = jsycl_sg_reduce_or_int(t12 != 0 ? 1 : 0, jsycl_group_scratch);
    if (t13 == 0) {
        t14 = t10;
        t15 = t11;
        t16 = 0;
    } else {
        t14 = t10;
        t15 = t11;
        t16 = 1;
    }
    cap->flags.data[t14 + JSYCL_OFFSET(cap->flags.offset[0])] = (long)((ulong)t15 + (ulong)(long)t16 + (ulong)(long)(jsycl_sg_lid() & 31) + (ulong)(long)(jsycl_sg_lid() >> 5) + (ulong)(long)jsycl_sg_size() + (ulong)(long)32 + (ulong)(long)(((int)(get_local_size(0) * get_local_size(1) * get_local_size(2)) + 31) >> 5));
}

__kernel void io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1(__global const float* JSYCL_RESTRICT in_data JSYCL_OFFSET_PARAM(in_offset0), __global float* out_data JSYCL_OFFSET_PARAM(out_offset0), __global long* flags_data JSYCL_OFFSET_PARAM(flags_offset0), int range0, __local long* jsycl_group_scratch) {
    io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1_captures cap;
    jsycl_acc_r_float_1_init(&cap.in, in_data, 0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_acc_w_float_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_w_long_1_init(&cap.flags, flags_data, 0, 0, JSYCL_OFFSET(flags_offset0));
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_SubGroupAlgorithmsTest__lambda_subGroupOperationsShareOneShufflePrimitive_5ed13b66_1_body(&cap, &it, jsycl_group_scratch);
}
#endif
