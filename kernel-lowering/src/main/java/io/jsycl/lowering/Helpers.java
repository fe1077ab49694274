package io.jsycl.lowering;

import java.util.List;
import java.util.Map;

/**
 * The C definitions of the helper functions and macros the generated code calls where OpenCL C has no built-in of
 * Java's meaning (integer division, {@code Math.round}, float atomics...). {@link KernelContext#helper} records one as
 * used; {@link KernelSourceEmitter} emits each used one once, guarded, after the helpers it calls.
 */
final class Helpers {
    private Helpers() {
    }

    /** Helper functions: name to C definition. Each is emitted once, guarded, when used. */
    static final Map<String, String> DEFINITIONS = Map.ofEntries(
            Map.entry("jsycl_idiv", """
                    /* Java int division; x / 0 is defined as 0 (Java throws). */
                    int jsycl_idiv(int a, int b) {
                        return b == 0 ? 0 : b == -1 ? (int)(0u - (uint)a) : a / b;
                    }"""),
            Map.entry("jsycl_irem", """
                    /* Java int remainder; x % 0 is defined as 0 (Java throws). */
                    int jsycl_irem(int a, int b) {
                        return b == 0 || b == -1 ? 0 : a % b;
                    }"""),
            Map.entry("jsycl_ldiv", """
                    /* Java long division; x / 0 is defined as 0 (Java throws). */
                    long jsycl_ldiv(long a, long b) {
                        return b == 0 ? 0 : b == -1 ? (long)(0UL - (ulong)a) : a / b;
                    }"""),
            Map.entry("jsycl_lrem", """
                    /* Java long remainder; x % 0 is defined as 0 (Java throws). */
                    long jsycl_lrem(long a, long b) {
                        return b == 0 || b == -1 ? 0 : a % b;
                    }"""),
            Map.entry("JSYCL_SUBSCRIPT", """
                    /* A subscript e + c, c a small constant: signed, so that the compiler can fold c into the address
                       (a wrap there could only give an index Java rejects; docs/kernel-language.md, "Subscripts").
                       The runtime defines JSYCL_WRAPPING_SUBSCRIPTS for launches where that does not hold. */
                    #ifdef JSYCL_WRAPPING_SUBSCRIPTS
                    #define JSYCL_SUBSCRIPT(e, c) ((int)((uint)(e) + (uint)(c)))
                    #else
                    #define JSYCL_SUBSCRIPT(e, c) ((e) + (c))
                    #endif"""),
            Map.entry("JSYCL_RESTRICT", """
                    /* On an accessor's pointer: restrict in the program the runtime builds for launches whose
                       accessors are all over different memory (JSYCL_NO_ALIASING), which lets the compiler keep
                       loads in flight across stores and read read-only data through its read-only path. */
                    #ifdef JSYCL_NO_ALIASING
                    #define JSYCL_RESTRICT restrict
                    #else
                    #define JSYCL_RESTRICT
                    #endif"""),
            Map.entry("JSYCL_ITEM_ID", """
                    /* A work-item's id in a kernel over a 1-D range. In the program the runtime builds with
                       JSYCL_TWO_ITEMS, each work-item runs two items: the one at its global id, then the one half
                       the range further on (it->second is 0, then that half); with JSYCL_GRID_STRIDE, the items a
                       grid apart (it->second is 0, the grid's size, twice that, ...). */
                    #if defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
                    #define JSYCL_ITEM_ID(d) ((int)get_global_id(d) + it->second)
                    #else
                    #define JSYCL_ITEM_ID(d) ((int)get_global_id(d))
                    #endif"""),
            Map.entry("JSYCL_ROW_ID", """
                    /* A work-item's id in OpenCL dimension d of a kernel over a 2-D or 3-D range whose slowest
                       dimension is `last`. In the programs the runtime builds with JSYCL_TWO_ROWS or JSYCL_FOUR_ROWS,
                       the launch covers half or a quarter of the rows and each work-item runs JSYCL_ROWS adjacent
                       items along the slowest dimension (it->row is 0, 1, ...). */
                    #if defined(JSYCL_FOUR_ROWS)
                    #define JSYCL_ROWS 4
                    #elif defined(JSYCL_TWO_ROWS)
                    #define JSYCL_ROWS 2
                    #endif
                    #ifdef JSYCL_ROWS
                    #define JSYCL_ROW_ID(d, last) \\
                        ((d) == (last) ? (int)get_global_id(d) * JSYCL_ROWS + it->row : (int)get_global_id(d))
                    #else
                    #define JSYCL_ROW_ID(d, last) ((int)get_global_id(d))
                    #endif"""),
            Map.entry("JSYCL_GROUP_ID", """
                    /* A work-group's id and the number of groups in OpenCL dimension d. A DistributedQueue's chunk of
                       an nd-range (JSYCL_ND_CHUNK) runs its rows only, at a global offset of whole groups: its groups
                       count from the range's start, and the range is the kernel's (its extent in that dimension). */
                    #ifdef JSYCL_ND_CHUNK
                    #define JSYCL_GROUP_ID(d) ((int)((get_global_id(d) - get_local_id(d)) / get_local_size(d)))
                    #define JSYCL_NUM_GROUPS(d, extent) ((int)((extent) / (int)get_local_size(d)))
                    #else
                    #define JSYCL_GROUP_ID(d) ((int)get_group_id(d))
                    #define JSYCL_NUM_GROUPS(d, extent) ((int)get_num_groups(d))
                    #endif"""),
            Map.entry("JSYCL_OFFSET", """
                    /* An accessor's offset: 0 in the program the runtime builds for launches whose accessors all
                       have offset 0 (JSYCL_ZERO_OFFSETS), whose kernel then takes no offset arguments
                       (JSYCL_OFFSET_PARAM follows the parameter before it, comma included). */
                    #ifdef JSYCL_ZERO_OFFSETS
                    #define JSYCL_OFFSET(offset) 0
                    #define JSYCL_OFFSET_PARAM(name)
                    #else
                    #define JSYCL_OFFSET(offset) (offset)
                    #define JSYCL_OFFSET_PARAM(name) , int name
                    #endif"""),
            Map.entry("JSYCL_STRIDE", """
                    /* An accessor's memory range (its row stride) in a dimension where an earlier accessor of the
                       kernel has one too: that accessor's, in the program the runtime builds for launches where the
                       two are equal (JSYCL_SHARED_STRIDES), so that the compiler sees one stride and shares the
                       address arithmetic of their elements, and the kernel takes no such argument (JSYCL_STRIDE_PARAM
                       follows the parameter before it, comma included); its own otherwise. */
                    #ifdef JSYCL_SHARED_STRIDES
                    #define JSYCL_STRIDE(own, shared) (shared)
                    #define JSYCL_STRIDE_PARAM(name)
                    #else
                    #define JSYCL_STRIDE(own, shared) (own)
                    #define JSYCL_STRIDE_PARAM(name) , int name
                    #endif"""),
            Map.entry("JSYCL_RANGE", """
                    /* The launch range of a kernel whose code never reads it: a parameter only in the programs whose
                       guard or loop over the range needs it (JSYCL_PADDED_RANGE, JSYCL_TWO_ITEMS, JSYCL_GRID_STRIDE);
                       JSYCL_RANGE_PARAM follows the parameter before it, comma included. */
                    #if defined(JSYCL_PADDED_RANGE) || defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)
                    #define JSYCL_RANGE_PARAM(name) , int name
                    #else
                    #define JSYCL_RANGE_PARAM(name)
                    #endif"""),
            Map.entry("JSYCL_FENCE", """
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
                    #define JSYCL_FENCE(order, scope) \\
                        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, order, scope)
                    #else
                    #define JSYCL_FENCE(order, scope) mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)
                    #endif"""),
            Map.entry("JSYCL_ATOMIC_ACCESS", """
                    /* A relaxed atomic load or store of an element of type T in address space S: OpenCL C 2.0's
                       atomic_load_explicit and atomic_store_explicit where the program is built as 2.0 or later (a
                       kernel with ordered atomics), else a volatile access, one load or store of the aligned element. */
                    #if __OPENCL_C_VERSION__ >= 200
                    #define JSYCL_ATOMIC_ACCESS_LOAD(T, S, p) \\
                        atomic_load_explicit((volatile S atomic_##T*)(p), memory_order_relaxed, memory_scope_device)
                    #define JSYCL_ATOMIC_ACCESS_STORE(T, S, p, v) \\
                        atomic_store_explicit((volatile S atomic_##T*)(p), (v), memory_order_relaxed, memory_scope_device)
                    #else
                    #define JSYCL_ATOMIC_ACCESS_LOAD(T, S, p) (*(volatile S T*)(p))
                    #define JSYCL_ATOMIC_ACCESS_STORE(T, S, p, v) (*(volatile S T*)(p) = (v))
                    #endif"""),
            Map.entry("jsycl_abs_i", """
                    /* Math.abs(int): wraps, abs(MIN_VALUE) is MIN_VALUE. MIN_VALUE is tested on its own: NVIDIA's
                       compiler takes the result of the plain abs idiom as never negative and turns a later signed
                       remainder of it into an unsigned one (floorMod(abs(MIN_VALUE), 3) gave 2). */
                    int jsycl_abs_i(int x) {
                        return x == (int)0x80000000 ? x : x < 0 ? (int)(0u - (uint)x) : x;
                    }"""),
            Map.entry("jsycl_abs_l", """
                    /* Math.abs(long): wraps, abs(MIN_VALUE) is MIN_VALUE, tested on its own as for int. */
                    long jsycl_abs_l(long x) {
                        return x == (long)0x8000000000000000UL ? x : x < 0 ? (long)(0UL - (ulong)x) : x;
                    }"""),
            Map.entry("jsycl_f16_to_f32", """
                    /* Float.float16ToFloat: a binary16 value (its bits in a short) as the float of the same value; a
                       NaN keeps its sign and significand bits. Integer arithmetic only: no device half support needed. */
                    float jsycl_f16_to_f32(short h) {
                        uint b = (uint)(ushort)h;
                        uint sign = (b & 0x8000u) << 16;
                        uint e = (b >> 10) & 0x1fu;
                        uint m = b & 0x3ffu;
                        if (e == 0u) {
                            float v = (float)m * 0x1p-24f; /* zero or subnormal: exact */
                            return sign != 0u ? -v : v;
                        }
                        if (e == 31u) {
                            return as_float(sign | 0x7f800000u | (m << 13)); /* infinity, or a NaN with its bits */
                        }
                        return as_float(sign | ((e + 112u) << 23) | (m << 13));
                    }"""),
            Map.entry("jsycl_f32_to_f16", """
                    /* Float.floatToFloat16: the binary16 bits of the float rounded to nearest even, as Java computes
                       them (overflow to infinity, a NaN's sign and significand bits folded into the half's). */
                    short jsycl_f32_to_f16(float f) {
                        uint d = as_uint(f);
                        uint sign = (d & 0x80000000u) >> 16;
                        uint a = d & 0x7fffffffu;
                        if (a > 0x7f800000u) {
                            return (short)(sign | 0x7c00u | (d & 0x007fe000u) >> 13 | (d & 0x00001ff0u) >> 4
                                    | (d & 0x0000000fu));
                        }
                        if (a >= 0x477ff000u) { /* 65504 + half an ulp: infinity */
                            return (short)(sign | 0x7c00u);
                        }
                        if (a <= 0x33000000u) { /* 2^-25 and below: zero */
                            return (short)sign;
                        }
                        int exp = (int)(a >> 23) - 127;
                        int expdelta = 0;
                        uint msb = 0u;
                        if (exp < -14) {
                            expdelta = -14 - exp;
                            exp = -15;
                            msb = 0x00800000u;
                        }
                        uint bits = (d & 0x007fffffu) | msb;
                        uint signif = bits >> (13 + expdelta);
                        uint lsb = bits & (1u << (13 + expdelta));
                        uint round = bits & (1u << (12 + expdelta));
                        uint sticky = bits & ((1u << (12 + expdelta)) - 1u);
                        if (round != 0u && (lsb | sticky) != 0u) {
                            signif++;
                        }
                        return (short)(sign | ((((uint)(exp + 15)) << 10) + signif));
                    }"""),
            Map.entry("jsycl_ctz_i", """
                    int jsycl_ctz_i(int x) {
                        uint u = (uint)x;
                        return u == 0u ? 32 : (int)popcount((u & (0u - u)) - 1u);
                    }"""),
            Map.entry("jsycl_ctz_l", """
                    int jsycl_ctz_l(long x) {
                        ulong u = (ulong)x;
                        return u == 0UL ? 64 : (int)popcount((u & (0UL - u)) - 1UL);
                    }"""),
            Map.entry("jsycl_reverse_i", """
                    int jsycl_reverse_i(int x) {
                        uint u = (uint)x;
                        u = ((u >> 1) & 0x55555555u) | ((u & 0x55555555u) << 1);
                        u = ((u >> 2) & 0x33333333u) | ((u & 0x33333333u) << 2);
                        u = ((u >> 4) & 0x0f0f0f0fu) | ((u & 0x0f0f0f0fu) << 4);
                        u = ((u >> 8) & 0x00ff00ffu) | ((u & 0x00ff00ffu) << 8);
                        return (int)((u >> 16) | (u << 16));
                    }"""),
            Map.entry("jsycl_reverse_l", """
                    long jsycl_reverse_l(long x) {
                        ulong u = (ulong)x;
                        u = ((u >> 1) & 0x5555555555555555UL) | ((u & 0x5555555555555555UL) << 1);
                        u = ((u >> 2) & 0x3333333333333333UL) | ((u & 0x3333333333333333UL) << 2);
                        u = ((u >> 4) & 0x0f0f0f0f0f0f0f0fUL) | ((u & 0x0f0f0f0f0f0f0f0fUL) << 4);
                        u = ((u >> 8) & 0x00ff00ff00ff00ffUL) | ((u & 0x00ff00ff00ff00ffUL) << 8);
                        u = ((u >> 16) & 0x0000ffff0000ffffUL) | ((u & 0x0000ffff0000ffffUL) << 16);
                        return (long)((u >> 32) | (u << 32));
                    }"""),
            Map.entry("jsycl_signum_f", """
                    /* Math.signum(float): keeps NaN and signed zeros. */
                    float jsycl_signum_f(float x) {
                        return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;
                    }"""),
            Map.entry("jsycl_signum_d", """
                    double jsycl_signum_d(double x) {
                        return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x;
                    }"""),
            Map.entry("jsycl_floordiv_i", """
                    /* Math.floorDiv(int, int); x / 0 is defined as 0 (Java throws). */
                    int jsycl_floordiv_i(int a, int b) {
                        int q = jsycl_idiv(a, b);
                        return b != 0 && (a ^ b) < 0 && (int)((uint)q * (uint)b) != a ? q - 1 : q;
                    }"""),
            Map.entry("jsycl_floordiv_l", """
                    long jsycl_floordiv_l(long a, long b) {
                        long q = jsycl_ldiv(a, b);
                        return b != 0 && (a ^ b) < 0 && (long)((ulong)q * (ulong)b) != a ? q - 1 : q;
                    }"""),
            Map.entry("jsycl_floormod_i", """
                    /* Math.floorMod(int, int); x % 0 is defined as 0 (Java throws). */
                    int jsycl_floormod_i(int a, int b) {
                        int r = jsycl_irem(a, b);
                        return r != 0 && (r ^ b) < 0 ? r + b : r;
                    }"""),
            Map.entry("jsycl_floormod_l", """
                    long jsycl_floormod_l(long a, long b) {
                        long r = jsycl_lrem(a, b);
                        return r != 0 && (r ^ b) < 0 ? r + b : r;
                    }"""),
            Map.entry("jsycl_fail", Checks.FAIL_HELPER),
            floatAtomic("add", "g"), floatAtomic("add", "l"), floatAtomic("min", "g"), floatAtomic("min", "l"),
            floatAtomic("max", "g"), floatAtomic("max", "l"),
            Map.entry("jsycl_min_f", """
                    /* Math.min(float, float): NaN wins, -0.0f < 0.0f. */
                    float jsycl_min_f(float a, float b) {
                        return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? a : b) : fmin(a, b);
                    }"""),
            Map.entry("jsycl_max_f", """
                    /* Math.max(float, float): NaN wins, -0.0f < 0.0f. */
                    float jsycl_max_f(float a, float b) {
                        return isnan(a) || isnan(b) ? as_float(0x7fc00000) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
                    }"""),
            Map.entry("jsycl_min_d", """
                    double jsycl_min_d(double a, double b) {
                        return isnan(a) || isnan(b) ? as_double(0x7ff8000000000000L) : a == b ? (signbit(a) ? a : b) : fmin(a, b);
                    }"""),
            Map.entry("jsycl_max_d", """
                    double jsycl_max_d(double a, double b) {
                        return isnan(a) || isnan(b) ? as_double(0x7ff8000000000000L) : a == b ? (signbit(a) ? b : a) : fmax(a, b);
                    }"""),
            Map.entry("jsycl_sqrt_f", """
                    /* (float) Math.sqrt((double) x): exactly the correctly rounded float square root, which the
                       float sqrt is when the runtime builds with -cl-fp32-correctly-rounded-divide-sqrt. */
                    float jsycl_sqrt_f(float x) {
                    #ifdef JSYCL_CR_DIVIDE_SQRT
                        return sqrt(x);
                    #else
                        return convert_float_rte(sqrt((double)x));
                    #endif
                    }"""),
            Map.entry("jsycl_ceil_d", folded("ceil")),
            Map.entry("jsycl_floor_d", folded("floor")),
            Map.entry("jsycl_rint_d", folded("rint")),
            Map.entry("jsycl_exp_d", folded("exp")),
            Map.entry("jsycl_expm1_d", folded("expm1")),
            Map.entry("jsycl_to_int_f", toInteger("int", "float", "0")),
            Map.entry("jsycl_to_int_d", toInteger("int", "double", "0")),
            Map.entry("jsycl_to_long_f", toInteger("long", "float", "0L")),
            Map.entry("jsycl_to_long_d", toInteger("long", "double", "0L")),
            Map.entry("jsycl_round_f", """
                    /* Math.round(float): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
                    int jsycl_round_f(float x) {
                        float f = floor(x);
                        return isnan(x) ? 0 : convert_int_sat_rtz(x - f >= 0.5f ? f + 1.0f : f);
                    }"""),
            Map.entry("jsycl_round_d", """
                    /* Math.round(double): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
                    long jsycl_round_d(double x) {
                        double f = floor(x);
                        return isnan(x) ? 0L : convert_long_sat_rtz(x - f >= 0.5 ? f + 1.0 : f);
                    }"""));

    /** A float atomic as a compare-and-swap loop on the bits, for global ({@code g}) or local ({@code l}) memory. */
    private static Map.Entry<String, String> floatAtomic(String op, String space) {
        String name = "jsycl_atomic_" + op + "_f_" + space;
        String as = space.equals("g") ? "__global" : "__local";
        String next = op.equals("add") ? "as_float(old) + v" : "jsycl_" + op + "_f(as_float(old), v)";
        return Map.entry(name, "/* Atomic float " + op + " (Java semantics) by compare-and-swap on the bits; returns the old value. */\n"
                + "float " + name + "(volatile " + as + " float* p, float v) {\n"
                + "    volatile " + as + " int* q = (volatile " + as + " int*)p;\n"
                + "    int old = *q;\n"
                + "    int seen;\n"
                + "    while ((seen = atomic_cmpxchg(q, old, as_int(" + next + "))) != old) {\n"
                + "        old = seen;\n"
                + "    }\n"
                + "    return as_float(old);\n"
                + "}");
    }

    /**
     * Java's cast of a float or double to int or long: OpenCL's convert_T_sat_rtz by the specification (NaN gives
     * 0); a program built with JSYCL_QUIRK_NAN_TO_INTEGER (the runtime's quirk for drivers that give MIN for NaN)
     * tests for NaN itself.
     */
    private static String toInteger(String to, String from, String zero) {
        String name = "jsycl_to_" + to + "_" + from.charAt(0);
        return """
                /* (%1$s) of a %2$s: truncated, saturated, NaN to 0. */
                %1$s %3$s(%2$s x) {
                #ifdef JSYCL_QUIRK_NAN_TO_INTEGER
                    return isnan(x) ? %4$s : convert_%1$s_sat_rtz(x);
                #else
                    return convert_%1$s_sat_rtz(x);
                #endif
                }""".formatted(to, from, name, zero);
    }

    /**
     * Math.{@code builtin}: OpenCL's built-in of that name; a program built with JSYCL_QUIRK_FOLDED_BUILTINS (the
     * runtime's quirk for drivers whose optimizer folds the built-in of some values it can prove, NaN or 2^63, into an
     * undefined value) reads the argument through a volatile local, which the optimizer cannot see through.
     */
    private static String folded(String builtin) {
        return """
                /* Math.%1$s. */
                double jsycl_%1$s_d(double x) {
                #ifdef JSYCL_QUIRK_FOLDED_BUILTINS
                    volatile double opaque = x;
                    return %1$s(opaque);
                #else
                    return %1$s(x);
                #endif
                }""".formatted(builtin);
    }

    /** Whether a helper works on doubles (needs cl_khr_fp64). */
    static boolean usesFp64(String name) {
        return name.endsWith("_d");
    }

    /** Helpers a helper calls: they must be defined before it. */
    static List<String> dependencies(String name) {
        return switch (name) {
            case "jsycl_floordiv_i" -> List.of("jsycl_idiv");
            case "jsycl_floordiv_l" -> List.of("jsycl_ldiv");
            case "jsycl_floormod_i" -> List.of("jsycl_irem");
            case "jsycl_floormod_l" -> List.of("jsycl_lrem");
            case "jsycl_atomic_min_f_g", "jsycl_atomic_min_f_l" -> List.of("jsycl_min_f");
            case "jsycl_atomic_max_f_g", "jsycl_atomic_max_f_l" -> List.of("jsycl_max_f");
            default -> List.of();
        };
    }
}
