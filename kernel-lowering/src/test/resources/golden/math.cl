/* jsycl kernel io.jsycl.lowering.BuiltinsTest.lambda$mathMapsToOpenClBuiltins$e4a2e811$1 (BuiltinsTest.java). Generated; do not edit. */
#ifndef JSYCL_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#ifndef JSYCL_DEF_jsycl_acc_r_double_1
#define JSYCL_DEF_jsycl_acc_r_double_1
typedef struct {
    __global const double* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_r_double_1;

void jsycl_acc_r_double_1_init(jsycl_acc_r_double_1* acc, __global const double* data, int range0, int memRange0, int offset0) {
    acc->data = data;
    acc->range[0] = range0;
    acc->memRange[0] = memRange0;
    acc->offset[0] = offset0;
}
#endif

#ifndef JSYCL_DEF_jsycl_acc_w_double_1
#define JSYCL_DEF_jsycl_acc_w_double_1
typedef struct {
    __global double* data;
    int range[1];
    int memRange[1];
    int offset[1];
} jsycl_acc_w_double_1;

void jsycl_acc_w_double_1_init(jsycl_acc_w_double_1* acc, __global double* data, int range0, int memRange0, int offset0) {
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

#ifndef JSYCL_DEF_jsycl_exp_d
#define JSYCL_DEF_jsycl_exp_d
/* Math.exp. */
double jsycl_exp_d(double x) {
#ifdef JSYCL_QUIRK_FOLDED_BUILTINS
    volatile double opaque = x;
    return exp(opaque);
#else
    return exp(x);
#endif
}
#endif

#ifndef JSYCL_DEF_jsycl_floor_d
#define JSYCL_DEF_jsycl_floor_d
/* Math.floor. */
double jsycl_floor_d(double x) {
#ifdef JSYCL_QUIRK_FOLDED_BUILTINS
    volatile double opaque = x;
    return floor(opaque);
#else
    return floor(x);
#endif
}
#endif

#ifndef JSYCL_DEF_jsycl_ceil_d
#define JSYCL_DEF_jsycl_ceil_d
/* Math.ceil. */
double jsycl_ceil_d(double x) {
#ifdef JSYCL_QUIRK_FOLDED_BUILTINS
    volatile double opaque = x;
    return ceil(opaque);
#else
    return ceil(x);
#endif
}
#endif

#ifndef JSYCL_DEF_jsycl_min_d
#define JSYCL_DEF_jsycl_min_d
double jsycl_min_d(double a, double b) {
    return isnan(a) || isnan(b) ? as_double(0x7ff8000000000000L) : a == b ? (signbit(a) ? a : b) : fmin(a, b);
}
#endif

#ifndef JSYCL_DEF_jsycl_max_d
#define JSYCL_DEF_jsycl_max_d
double jsycl_max_d(double a, double b) {
    return isnan(a) || isnan(b) ? as_double(0x7ff8000000000000L) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
}
#endif

#ifndef JSYCL_DEF_jsycl_round_d
#define JSYCL_DEF_jsycl_round_d
/* Math.round(double): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
long jsycl_round_d(double x) {
    double f = floor(x);
    return isnan(x) ? 0L : convert_long_sat_rtz(x - f >= 0.5 ? f + 1.0 : f);
}
#endif

#ifndef JSYCL_DEF_jsycl_round_f
#define JSYCL_DEF_jsycl_round_f
/* Math.round(float): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
int jsycl_round_f(float x) {
    float f = floor(x);
    return isnan(x) ? 0 : convert_int_sat_rtz(x - f >= 0.5f ? f + 1.0f : f);
}
#endif

#ifndef JSYCL_DEF_jsycl_min_f
#define JSYCL_DEF_jsycl_min_f
/* Math.min(float, float): NaN wins, -0.0f < 0.0f. */
float jsycl_min_f(float a, float b) {
    return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? a : b) : fmin(a, b);
}
#endif

#ifndef JSYCL_DEF_jsycl_abs_i
#define JSYCL_DEF_jsycl_abs_i
/* Math.abs(int): wraps, abs(MIN_VALUE) is MIN_VALUE. MIN_VALUE is tested on its own: NVIDIA's
   compiler takes the result of the plain abs idiom as never negative and turns a later signed
   remainder of it into an unsigned one (floorMod(abs(MIN_VALUE), 3) gave 2). */
int jsycl_abs_i(int x) {
    return x == (int)0x80000000 ? x : x < 0 ? (int)(0u - (uint)x) : x;
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

#ifndef JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1
#define JSYCL_DEF_io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1
typedef struct {
    jsycl_acc_r_double_1 in;
    jsycl_acc_w_double_1 out;
    jsycl_acc_rw_float_1 f;
} io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_captures;

void io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_body(const io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_captures* cap, const jsycl_item_1* it) {
    int i;
    double x;
    float y;
    i = JSYCL_ITEM_ID(0);
    x = cap->in.data[i + JSYCL_OFFSET(cap->in.offset[0])];
    cap->out.data[i + JSYCL_OFFSET(cap->out.offset[0])] = sqrt(x) + sin(x) * cos(x) + pow(x, 2.0) + jsycl_exp_d(log(x)) + jsycl_floor_d(x) + jsycl_ceil_d(x) + fabs(x) + jsycl_min_d(x, 1.0) + jsycl_max_d(x, 0.0) + fma(x, x, 1.0) + convert_double_rte(jsycl_round_d(x)) + tan(x) + atan2(x, 1.0);
    y = cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])];
    cap->f.data[i + JSYCL_OFFSET(cap->f.offset[0])] = convert_float_rte(jsycl_round_f(y)) + jsycl_min_f(y, 2.0f) + fabs(y) + convert_float_rte(jsycl_abs_i(i)) + convert_float_rte(max(i, 3));
}

__kernel void io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1(__global const double* JSYCL_RESTRICT in_data JSYCL_OFFSET_PARAM(in_offset0), __global double* JSYCL_RESTRICT out_data JSYCL_OFFSET_PARAM(out_offset0), __global float* JSYCL_RESTRICT f_data JSYCL_OFFSET_PARAM(f_offset0) JSYCL_RANGE_PARAM(range0)) {
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
    io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_captures cap;
    jsycl_acc_r_double_1_init(&cap.in, in_data, 0, 0, JSYCL_OFFSET(in_offset0));
    jsycl_acc_w_double_1_init(&cap.out, out_data, 0, 0, JSYCL_OFFSET(out_offset0));
    jsycl_acc_rw_float_1_init(&cap.f, f_data, 0, 0, JSYCL_OFFSET(f_offset0));
    jsycl_item_1 it;
#ifdef JSYCL_GRID_STRIDE
    uint jsycl_id = (uint)get_global_id(0);
    uint jsycl_grid = (uint)get_global_size(0);
    for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid) {
        it.second = (int)jsycl_s;
        io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_body(&cap, &it);
    }
#elif defined(JSYCL_TWO_ITEMS)
    it.second = 0;
    io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_body(&cap, &it);
    it.second = jsycl_half;
    io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_body(&cap, &it);
#else
    io_jsycl_lowering_BuiltinsTest__lambda_mathMapsToOpenClBuiltins_e4a2e811_1_body(&cap, &it);
#endif
}
#endif
