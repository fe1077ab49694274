/* jsycl kernel io.jsycl.lowering.VectorAccessTest.lambda$int8$4457341$1 (VectorAccessTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
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

#ifndef JSYCL_DEF_jsycl_elem_Int8_dc96667e
#define JSYCL_DEF_jsycl_elem_Int8_dc96667e
/* record io.jsycl.Int8 as a struct: natural alignment, 32 bytes (the runtime packs records the same way). */
typedef struct {
    int s0; /* offset 0 */
    int s1; /* offset 4 */
    int s2; /* offset 8 */
    int s3; /* offset 12 */
    int s4; /* offset 16 */
    int s5; /* offset 20 */
    int s6; /* offset 24 */
    int s7; /* offset 28 */
} jsycl_elem_Int8_dc96667e;

jsycl_elem_Int8_dc96667e jsycl_elem_Int8_dc96667e_make(int s0, int s1, int s2, int s3, int s4, int s5, int s6, int s7) {
    jsycl_elem_Int8_dc96667e r;
    r.s0 = s0;
    r.s1 = s1;
    r.s2 = s2;
    r.s3 = s3;
    r.s4 = s4;
    r.s5 = s5;
    r.s6 = s6;
    r.s7 = s7;
    return r;
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

#ifndef JSYCL_DEF_jsycl_elem_Int8_dc96667e_vload8
#define JSYCL_DEF_jsycl_elem_Int8_dc96667e_vload8
/* Accessor.OfInt.get8: 8 ints in one load (aligned where no accessor has an offset). */
jsycl_elem_Int8_dc96667e jsycl_elem_Int8_dc96667e_vload8(__global const int* p) {
#ifdef JSYCL_ZERO_OFFSETS
    int8 v = *(__global const int8*)p;
#else
    int8 v = vload8(0, p);
#endif
    jsycl_elem_Int8_dc96667e r = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7};
    return r;
}
/* Accessor.OfInt.set8: 8 ints in one store (aligned where no accessor has an offset). */
void jsycl_elem_Int8_dc96667e_vstore8(__global int* p, jsycl_elem_Int8_dc96667e v) {
#ifdef JSYCL_ZERO_OFFSETS
    *(__global int8*)p = (int8)(v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7);
#else
    vstore8((int8)(v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7), 0, p);
#endif
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__mul_12cce6fc
#define JSYCL_DEF_io_jsycl_Int8__mul_12cce6fc
/* io.jsycl.Int8.mul(I)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__mul_12cce6fc(jsycl_elem_Int8_dc96667e self, int s) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make((int)((uint)self.s0 * (uint)s), (int)((uint)self.s1 * (uint)s), (int)((uint)self.s2 * (uint)s), (int)((uint)self.s3 * (uint)s), (int)((uint)self.s4 * (uint)s), (int)((uint)self.s5 * (uint)s), (int)((uint)self.s6 * (uint)s), (int)((uint)self.s7 * (uint)s));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__splat_94d68e13
#define JSYCL_DEF_io_jsycl_Int8__splat_94d68e13
/* io.jsycl.Int8.splat(I)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__splat_94d68e13(int v) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(v, v, v, v, v, v, v, v);
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__add_b45c3829
#define JSYCL_DEF_io_jsycl_Int8__add_b45c3829
/* io.jsycl.Int8.add(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__add_b45c3829(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make((int)((uint)self.s0 + (uint)o.s0), (int)((uint)self.s1 + (uint)o.s1), (int)((uint)self.s2 + (uint)o.s2), (int)((uint)self.s3 + (uint)o.s3), (int)((uint)self.s4 + (uint)o.s4), (int)((uint)self.s5 + (uint)o.s5), (int)((uint)self.s6 + (uint)o.s6), (int)((uint)self.s7 + (uint)o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__xor_78f259af
#define JSYCL_DEF_io_jsycl_Int8__xor_78f259af
/* io.jsycl.Int8.xor(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__xor_78f259af(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(self.s0 ^ o.s0, self.s1 ^ o.s1, self.s2 ^ o.s2, self.s3 ^ o.s3, self.s4 ^ o.s4, self.s5 ^ o.s5, self.s6 ^ o.s6, self.s7 ^ o.s7);
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__and_a8ea8bb3
#define JSYCL_DEF_io_jsycl_Int8__and_a8ea8bb3
/* io.jsycl.Int8.and(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__and_a8ea8bb3(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(self.s0 & o.s0, self.s1 & o.s1, self.s2 & o.s2, self.s3 & o.s3, self.s4 & o.s4, self.s5 & o.s5, self.s6 & o.s6, self.s7 & o.s7);
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__or_980550db
#define JSYCL_DEF_io_jsycl_Int8__or_980550db
/* io.jsycl.Int8.or(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__or_980550db(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(self.s0 | o.s0, self.s1 | o.s1, self.s2 | o.s2, self.s3 | o.s3, self.s4 | o.s4, self.s5 | o.s5, self.s6 | o.s6, self.s7 | o.s7);
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__mul_4bf32c66
#define JSYCL_DEF_io_jsycl_Int8__mul_4bf32c66
/* io.jsycl.Int8.mul(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__mul_4bf32c66(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make((int)((uint)self.s0 * (uint)o.s0), (int)((uint)self.s1 * (uint)o.s1), (int)((uint)self.s2 * (uint)o.s2), (int)((uint)self.s3 * (uint)o.s3), (int)((uint)self.s4 * (uint)o.s4), (int)((uint)self.s5 * (uint)o.s5), (int)((uint)self.s6 * (uint)o.s6), (int)((uint)self.s7 * (uint)o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__max_bb9502c6
#define JSYCL_DEF_io_jsycl_Int8__max_bb9502c6
/* io.jsycl.Int8.max(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__max_bb9502c6(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(max(self.s0, o.s0), max(self.s1, o.s1), max(self.s2, o.s2), max(self.s3, o.s3), max(self.s4, o.s4), max(self.s5, o.s5), max(self.s6, o.s6), max(self.s7, o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__sub_9389916a
#define JSYCL_DEF_io_jsycl_Int8__sub_9389916a
/* io.jsycl.Int8.sub(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__sub_9389916a(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make((int)((uint)self.s0 - (uint)o.s0), (int)((uint)self.s1 - (uint)o.s1), (int)((uint)self.s2 - (uint)o.s2), (int)((uint)self.s3 - (uint)o.s3), (int)((uint)self.s4 - (uint)o.s4), (int)((uint)self.s5 - (uint)o.s5), (int)((uint)self.s6 - (uint)o.s6), (int)((uint)self.s7 - (uint)o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__sum_5f7f58ee
#define JSYCL_DEF_io_jsycl_Int8__sum_5f7f58ee
/* io.jsycl.Int8.sum()I */
int io_jsycl_Int8__sum_5f7f58ee(jsycl_elem_Int8_dc96667e self) {
    return (int)((uint)self.s0 + (uint)self.s1 + (uint)self.s2 + (uint)self.s3 + (uint)self.s4 + (uint)self.s5 + (uint)self.s6 + (uint)self.s7);
}
#endif

#ifndef JSYCL_DEF_jsycl_elem_Int8_dc96667e_get
#define JSYCL_DEF_jsycl_elem_Int8_dc96667e_get
/* Int8.get(lane): 0 for a lane out of range, which Java reports with an exception. */
int jsycl_elem_Int8_dc96667e_get(jsycl_elem_Int8_dc96667e v, int lane) {
    switch (lane) {
    case 0: return v.s0;
    case 1: return v.s1;
    case 2: return v.s2;
    case 3: return v.s3;
    case 4: return v.s4;
    case 5: return v.s5;
    case 6: return v.s6;
    case 7: return v.s7;
    default: return 0;
    }
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__min_9bac6598
#define JSYCL_DEF_io_jsycl_Int8__min_9bac6598
/* io.jsycl.Int8.min(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__min_9bac6598(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(min(self.s0, o.s0), min(self.s1, o.s1), min(self.s2, o.s2), min(self.s3, o.s3), min(self.s4, o.s4), min(self.s5, o.s5), min(self.s6, o.s6), min(self.s7, o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_Int8__div_fc865a39
#define JSYCL_DEF_io_jsycl_Int8__div_fc865a39
/* io.jsycl.Int8.div(Lio/jsycl/Int8;)Lio/jsycl/Int8; */
jsycl_elem_Int8_dc96667e io_jsycl_Int8__div_fc865a39(jsycl_elem_Int8_dc96667e self, jsycl_elem_Int8_dc96667e o) {
    jsycl_elem_Int8_dc96667e t0;
    t0 = jsycl_elem_Int8_dc96667e_make(jsycl_idiv(self.s0, o.s0), jsycl_idiv(self.s1, o.s1), jsycl_idiv(self.s2, o.s2), jsycl_idiv(self.s3, o.s3), jsycl_idiv(self.s4, o.s4), jsycl_idiv(self.s5, o.s5), jsycl_idiv(self.s6, o.s6), jsycl_idiv(self.s7, o.s7));
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1
#define JSYCL_DEF_io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1
typedef struct {
    jsycl_acc_r_int_1 in;
    jsycl_acc_w_int_1 out;
    int lane;
} io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_captures;

void io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_body(const io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_captures* cap, const jsycl_item_1* it) {
    int lane = cap->lane;
    int i;
    jsycl_elem_Int8_dc96667e v;
    jsycl_elem_Int8_dc96667e w;
    jsycl_elem_Int8_dc96667e t0;
    int t1;
    i = JSYCL_ITEM_ID(0);
    v = jsycl_elem_Int8_dc96667e_vload8(cap->in.data + 8 * i + JSYCL_OFFSET(cap->in.offset[0]));
    w = io_jsycl_Int8__sub_9389916a(io_jsycl_Int8__or_980550db(io_jsycl_Int8__and_a8ea8bb3(io_jsycl_Int8__xor_78f259af(io_jsycl_Int8__add_b45c3829(io_jsycl_Int8__mul_12cce6fc(v, -3), io_jsycl_Int8__splat_94d68e13(7)), v), io_jsycl_Int8__splat_94d68e13(2147483632)), io_jsycl_Int8__splat_94d68e13(1)), io_jsycl_Int8__max_bb9502c6(v, io_jsycl_Int8__mul_4bf32c66(v, v)));
    t1 = i;
    t0 = jsycl_elem_Int8_dc96667e_make(io_jsycl_Int8__sum_5f7f58ee(w), jsycl_elem_Int8_dc96667e_get(v, lane), v.s7, io_jsycl_Int8__min_9bac6598(w, v).s3, io_jsycl_Int8__div_fc865a39(v, io_jsycl_Int8__splat_94d68e13(3)).s0, w.s5, i, 0);
    jsycl_elem_Int8_dc96667e_vstore8(cap->out.data + 8 * t1 + JSYCL_OFFSET(cap->out.offset[0]), t0);
}

__kernel void io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1(__global const int* JSYCL_RESTRICT in_data JSYCL_OFFSET_PARAM(in_offset0), __global int* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), int lane JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_captures cap;
    jsycl_acc_r_int_1_init(&cap.in, in_data, 0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_acc_w_int_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    cap.lane = lane;
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_body(&cap, &it);
#else
    io_jsycl_lowering_VectorAccessTest__lambda_int8_4457341_1_body(&cap, &it);
#endif
}
#endif
