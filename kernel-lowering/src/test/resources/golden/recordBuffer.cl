/* jsycl kernel io.jsycl.lowering.RecordAccessorTest.lambda$particles$6ad2214a$1 (RecordAccessorTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
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

#ifndef JSYCL_DEF_jsycl_elem_RecordAccessorTest_Particle_a2d15c6e
#define JSYCL_DEF_jsycl_elem_RecordAccessorTest_Particle_a2d15c6e
/* record io.jsycl.lowering.RecordAccessorTest$Particle as a struct: natural alignment, 24 bytes (the runtime packs records the same way). */
typedef struct {
    float x; /* offset 0 */
    float y; /* offset 4 */
    float vx; /* offset 8 */
    float vy; /* offset 12 */
    int id; /* offset 16 */
    uchar alive; /* offset 20 */
} jsycl_elem_RecordAccessorTest_Particle_a2d15c6e;

jsycl_elem_RecordAccessorTest_Particle_a2d15c6e jsycl_elem_RecordAccessorTest_Particle_a2d15c6e_make(float x, float y, float vx, float vy, int id, uchar alive) {
    jsycl_elem_RecordAccessorTest_Particle_a2d15c6e r;
    r.x = x;
    r.y = y;
    r.vx = vx;
    r.vy = vy;
    r.id = id;
    r.alive = alive;
    return r;
}
#endif

#ifndef JSYCL_DEF_jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1
#define JSYCL_DEF_jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1
typedef struct {
    __global jsycl_elem_RecordAccessorTest_Particle_a2d15c6e* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1;

void jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1_init(jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1* acc, __global jsycl_elem_RecordAccessorTest_Particle_a2d15c6e* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_io_jsycl_lowering_RecordAccessorTest__moved_45dfb807
#define JSYCL_DEF_io_jsycl_lowering_RecordAccessorTest__moved_45dfb807
/* io.jsycl.lowering.RecordAccessorTest.moved(Lio/jsycl/lowering/RecordAccessorTest$Particle;F)Lio/jsycl/lowering/RecordAccessorTest$Particle; */
jsycl_elem_RecordAccessorTest_Particle_a2d15c6e io_jsycl_lowering_RecordAccessorTest__moved_45dfb807(jsycl_elem_RecordAccessorTest_Particle_a2d15c6e p, float dt) {
    jsycl_elem_RecordAccessorTest_Particle_a2d15c6e t0;
    t0 = jsycl_elem_RecordAccessorTest_Particle_a2d15c6e_make(p.x + p.vx * dt, p.y + p.vy * dt, p.vx, p.vy, p.id, p.alive);
    return t0;
}
#endif

#ifndef JSYCL_DEF_io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1
#define JSYCL_DEF_io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1
typedef struct {
    jsycl_acc_w_float_1 xs;
    jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1 ps;
    float dt;
} io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_captures;

void io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_body(const io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_captures* cap, const jsycl_item_1* it) {
    float dt = cap->dt;
    int i;
    jsycl_elem_RecordAccessorTest_Particle_a2d15c6e p;
    int t0;
    jsycl_elem_RecordAccessorTest_Particle_a2d15c6e t1;
    jsycl_elem_RecordAccessorTest_Particle_a2d15c6e t2;
    int t3;
    i = JSYCL_ITEM_ID(0);
    cap->xs.data[i + JSYCL_OFFSET(cap->xs.offset[0])] = cap->ps.data[i + JSYCL_OFFSET(cap->ps.offset[0])].x;
    p = cap->ps.data[i + JSYCL_OFFSET(cap->ps.offset[0])];
    if (p.alive == 0) {
        t3 = i;
        t2 = jsycl_elem_RecordAccessorTest_Particle_a2d15c6e_make(p.x, p.y, 0.0f, 0.0f, p.id, 0);
        t0 = t3;
        t1 = t2;
    } else {
        t0 = i;
        t1 = io_jsycl_lowering_RecordAccessorTest__moved_45dfb807(p, dt);
    }
    cap->ps.data[t0 + JSYCL_OFFSET(cap->ps.offset[0])] = t1;
}

__kernel void io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1(__global float* JSYCL_RESTRICT xs_data JSYCL_OFFSET_PARAM(xs_offset0), __global jsycl_elem_RecordAccessorTest_Particle_a2d15c6e* JSYCL_RESTRICT ps_data JSYCL_OFFSET_PARAM(ps_offset0), float dt JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_captures cap;
    jsycl_acc_w_float_1_init(&cap.xs, xs_data, 0, 0, JSYCL_OFFSET(xs_offset0));
    jsycl_racc_rw_RecordAccessorTest_Particle_a2d15c6e_1_init(&cap.ps, ps_data, 0, 0, JSYCL_OFFSET(ps_offset0));
    cap.dt = dt;
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_body(&cap, &it);
#else
    io_jsycl_lowering_RecordAccessorTest__lambda_particles_6ad2214a_1_body(&cap, &it);
#endif
}
#endif
