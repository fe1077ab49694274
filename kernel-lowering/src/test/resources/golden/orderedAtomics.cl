/* jsycl kernel io.jsycl.lowering.OrderedAtomicsTest.lambda$publish$9ff3a107$1 (OrderedAtomicsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#ifndef JSYCL_DEF_jsycl_acc_rw_int_1
#define JSYCL_DEF_jsycl_acc_rw_int_1
typedef struct {
    __global int* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_int_1;

void jsycl_acc_rw_int_1_init(jsycl_acc_rw_int_1* acc, __global int* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
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

#ifndef JSYCL_DEF_jsycl_acc_rw_float_1
#define JSYCL_DEF_jsycl_acc_rw_float_1
typedef struct {
    __global float* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_rw_float_1;

void jsycl_acc_rw_float_1_init(jsycl_acc_rw_float_1* acc, __global float* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_local_int_1
#define JSYCL_DEF_jsycl_local_int_1
/* Work-group local memory, row-major. */
typedef struct {
    __local int* data;
    int range[1];
} jsycl_local_int_1;
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

#ifndef JSYCL_DEF_JSYCL_ATOMIC_ACCESS
#define JSYCL_DEF_JSYCL_ATOMIC_ACCESS
/* A relaxed atomic load or store of an element of type T in address space S: OpenCL C 2.0's
   atomic_load_explicit and atomic_store_explicit where the program is built as 2.0 or later (a
   kernel with ordered atomics), else a volatile access, one load or store of the aligned element. */
#if __OPENCL_C_VERSION__ >= 200
#define JSYCL_ATOMIC_ACCESS_LOAD(T, S, p) \
    atomic_load_explicit((volatile S atomic_##T*)(p), memory_order_relaxed, memory_scope_device)
#define JSYCL_ATOMIC_ACCESS_STORE(T, S, p, v) \
    atomic_store_explicit((volatile S atomic_##T*)(p), (v), memory_order_relaxed, memory_scope_device)
#else
#define JSYCL_ATOMIC_ACCESS_LOAD(T, S, p) (*(volatile S T*)(p))
#define JSYCL_ATOMIC_ACCESS_STORE(T, S, p, v) (*(volatile S T*)(p) = (v))
#endif
#endif

#ifndef JSYCL_DEF_JSYCL_FENCE
#define JSYCL_DEF_JSYCL_FENCE
/* A fence over global and local memory with an order (memory_order_...) at a scope (OrderedAtomics).
   NVIDIA (JSYCL_NVIDIA_PTX): PTX's membar at the scope (cta, gl, sys), a sequentially consistent
   fence, since its OpenCL C 3.0 reports fences up to work-group scope only; elsewhere OpenCL C
   2.0's atomic_work_item_fence where the runtime builds the program as OpenCL C 2.0 or later, else
   OpenCL 1.2's mem_fence, which orders the work-item's accesses and takes neither. */
#if defined(JSYCL_NVIDIA_PTX)
#define JSYCL_FENCE(order, scope) asm volatile(JSYCL_PTX_MEMBAR_##scope ";" ::: "memory")
#define JSYCL_PTX_MEMBAR_memory_scope_work_group "membar.cta"
#define JSYCL_PTX_MEMBAR_memory_scope_device "membar.gl"
#define JSYCL_PTX_MEMBAR_memory_scope_all_svm_devices "membar.sys"
#elif __OPENCL_C_VERSION__ >= 200
#define JSYCL_FENCE(order, scope) \
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, order, scope)
#else
#define JSYCL_FENCE(order, scope) mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)
#endif
#endif

#ifndef JSYCL_DEF_jsycl_atomic_add_f_g
#define JSYCL_DEF_jsycl_atomic_add_f_g
/* Atomic float add (Java semantics) by compare-and-swap on the bits; returns the old value. */
float jsycl_atomic_add_f_g(volatile __global float* p, float v) {
    volatile __global int* q = (volatile __global int*)p;
    int old = *q;
    int seen;
    while ((seen = atomic_cmpxchg(q, old, as_int(as_float(old) + v))) != old) {
        old = seen;
    }
    return as_float(old);
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

#ifndef JSYCL_DEF_jsycl_atomic_store_i_g_release_device
#define JSYCL_DEF_jsycl_atomic_store_i_g_release_device
/* WideAccess.OfInt.atomicStore with MemoryOrder.RELEASE at MemoryScope.DEVICE: the relaxed atomic between fences. */
void jsycl_atomic_store_i_g_release_device(volatile __global int* p, int v) {
    JSYCL_FENCE(memory_order_release, memory_scope_device);
    JSYCL_ATOMIC_ACCESS_STORE(int, __global, p, v);
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_load_i_g_acquire_device
#define JSYCL_DEF_jsycl_atomic_load_i_g_acquire_device
/* WideAccess.OfInt.atomicLoad with MemoryOrder.ACQUIRE at MemoryScope.DEVICE: the relaxed atomic between fences. */
int jsycl_atomic_load_i_g_acquire_device(volatile __global int* p) {
    int old = JSYCL_ATOMIC_ACCESS_LOAD(int, __global, p);
    JSYCL_FENCE(memory_order_acquire, memory_scope_device);
    return old;
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_add_j_g_acq_rel_device
#define JSYCL_DEF_jsycl_atomic_add_j_g_acq_rel_device
/* WideAccess.OfLong.atomicAdd with MemoryOrder.ACQ_REL at MemoryScope.DEVICE: the relaxed atomic between fences. */
long jsycl_atomic_add_j_g_acq_rel_device(volatile __global long* p, long v) {
    JSYCL_FENCE(memory_order_release, memory_scope_device);
    long old = atom_add(p, v);
    JSYCL_FENCE(memory_order_acquire, memory_scope_device);
    return old;
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_add_f_g_seq_cst_device
#define JSYCL_DEF_jsycl_atomic_add_f_g_seq_cst_device
/* WideAccess.OfFloat.atomicAdd with MemoryOrder.SEQ_CST at MemoryScope.DEVICE: the relaxed atomic between fences. */
float jsycl_atomic_add_f_g_seq_cst_device(volatile __global float* p, float v) {
    JSYCL_FENCE(memory_order_seq_cst, memory_scope_device);
    float old = jsycl_atomic_add_f_g(p, v);
    JSYCL_FENCE(memory_order_seq_cst, memory_scope_device);
    return old;
}
#endif

#ifndef JSYCL_DEF_jsycl_atomic_compareexchange_i_l_acq_rel_work_group
#define JSYCL_DEF_jsycl_atomic_compareexchange_i_l_acq_rel_work_group
/* GridAccess.OfInt.atomicCompareExchange with MemoryOrder.ACQ_REL at MemoryScope.WORK_GROUP: the relaxed atomic between fences. */
int jsycl_atomic_compareexchange_i_l_acq_rel_work_group(volatile __local int* p, int v, int w) {
    JSYCL_FENCE(memory_order_release, memory_scope_work_group);
    int old = atomic_cmpxchg(p, v, w);
    JSYCL_FENCE(memory_order_acquire, memory_scope_work_group);
    return old;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1
#define JSYCL_DEF_io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1
typedef struct {
    jsycl_acc_rw_int_1 data_;
    jsycl_acc_rw_int_1 flags;
    jsycl_acc_rw_long_1 totals;
    jsycl_acc_rw_float_1 sums;
    jsycl_local_int_1 local_;
} io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1_captures;

void io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1_body(const io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1_captures* cap, const jsycl_item_1* it) {
    int i;
    int t0;
    int seen;
    long t1;
    float t2;
    int t3;
    int t4;
    int t5;
    int t6;
    i = (int)get_global_id(0);
    cap->data_.data[i + JSYCL_OFFSET(cap->data_.offset[0])] = i;
    jsycl_atomic_store_i_g_release_device(&cap->flags.data[JSYCL_GROUP_ID(0) + JSYCL_OFFSET(cap->flags.offset[0])], 1);
    t0 = jsycl_atomic_load_i_g_acquire_device(&cap->flags.data[0 + JSYCL_OFFSET(cap->flags.offset[0])]);
    seen = t0;
    t1 = jsycl_atomic_add_j_g_acq_rel_device(&cap->totals.data[0 + JSYCL_OFFSET(cap->totals.offset[0])], (long)seen);
    t2 = jsycl_atomic_add_f_g_seq_cst_device(&cap->sums.data[0 + JSYCL_OFFSET(cap->sums.offset[0])], 0.5f);
    t3 = atomic_max(&cap->local_.data[0], i);
    t4 = jsycl_atomic_compareexchange_i_l_acq_rel_work_group(&cap->local_.data[1], 0, i);
    t5 = JSYCL_ATOMIC_ACCESS_LOAD(int, __global, &cap->flags.data[2 + JSYCL_OFFSET(cap->flags.offset[0])]);
    t6 = atomic_xchg(&cap->flags.data[1 + JSYCL_OFFSET(cap->flags.offset[0])], t5);
    JSYCL_FENCE(memory_order_release, memory_scope_work_group);
}

__kernel void io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1(__global int* JSYCL_RESTRICT data__data JSYCL_OFFSET_PARAM(data__offset0), __global int* JSYCL_RESTRICT flags_data JSYCL_OFFSET_PARAM(flags_offset0), __global long* JSYCL_RESTRICT totals_data JSYCL_OFFSET_PARAM(totals_offset0), __global float* JSYCL_RESTRICT sums_data JSYCL_OFFSET_PARAM(sums_offset0), __local int* local__data, int local__range0, int range0) {
    io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1_captures cap;
    jsycl_acc_rw_int_1_init(&cap.data_, data__data, 0, 0, JSYCL_OFFSET(data__offset0));
    jsycl_acc_rw_int_1_init(&cap.flags, flags_data, 0, 0, JSYCL_OFFSET(flags_offset0));
    jsycl_acc_rw_long_1_init(&cap.totals, totals_data, 0, 0, JSYCL_OFFSET(totals_offset0));
    jsycl_acc_rw_float_1_init(&cap.sums, sums_data, 0, 0, JSYCL_OFFSET(sums_offset0));
    cap.local_.data = local__data;
    cap.local_.range[0] = local__range0;
    jsycl_item_1 it;
    it.range[0] = range0;
    io_jsycl_lowering_OrderedAtomicsTest__lambda_publish_9ff3a107_1_body(&cap, &it);
}
#endif
