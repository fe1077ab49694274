package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.PRIMARY;

import java.util.List;
import java.util.Locale;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Sub-group operations of an nd-range kernel ({@code NdItem.subGroupLocalId}, {@code reduceOverSubGroup},
 * {@code inclusiveScanOverSubGroup}, {@code exclusiveScanOverSubGroup}, {@code subGroupBroadcast}, {@code shuffle},
 * {@code shuffleXor}, {@code shuffleDown}, {@code shuffleUp}, {@code anyOfSubGroup}, {@code subGroupBallot}...). A
 * sub-group is {@value #SIZE} consecutive work-items by local linear id on every device, NVIDIA's warp; a work-group's
 * last sub-group is smaller when the group's size is not a multiple of {@value #SIZE}. NVIDIA's OpenCL has no
 * {@code cl_khr_subgroups}, and other devices' sub-groups differ in size, so jsycl fixes its own, the same everywhere,
 * and with it the combining orders: a float sum over a sub-group is the same bit for bit on every device and on the
 * host device ({@code io.jsycl.internal.host.HostSubGroups} follows the same steps).
 *
 * <p>Every operation is built from one primitive, {@code jsycl_sg_shuffle32}/{@code 64}: lane {@code src}'s value,
 * with {@code src} a lane of the caller's sub-group, checked before the call. Only the primitive differs by device,
 * so the orders are the same by construction:
 *
 * <ul>
 *   <li>NVIDIA ({@code JSYCL_NVIDIA_PTX}, defined by the runtime's {@code DriverQuirk.featureBuildOptions}): PTX
 *       {@code shfl.sync.idx.b32} with the sub-group's member mask (all 32 lanes, or the partial last sub-group's);
 *       a 64-bit value as two 32-bit shuffles; no local memory, no barrier.
 *   <li>Every other device: the value goes through the work-group scratch ({@link ArgRole#GROUP_SCRATCH}, 8 bytes
 *       a work-item) between two work-group barriers, so there every work-item of the work-group must reach the
 *       call, as with {@code barrier()}. The helpers are unrolled: no barrier sits in a loop (PoCL compiles those
 *       slowly).
 * </ul>
 *
 * <p>The source lane is computed in C and read with the {@code .idx} mode, not PTX's {@code .bfly}, {@code .up} or
 * {@code .down}: those take only the offset's low five bits (so a large offset wraps), and a partial warp's missing
 * lanes read as undefined values; one checked path gives the documented rule (a source outside the sub-group yields
 * the caller's own value) on every device.
 *
 * <ul>
 *   <li>reduce: an xor butterfly, {@code a = op(a, shuffle(a, lane ^ k))} for {@code k} = 1, 2, 4, 8, 16. Where
 *       {@code lane ^ k} is past a partial sub-group's end, the lane reads the first lane of that block of {@code k}
 *       lanes instead (it holds the block's combined value, as {@code lane ^ k} would), and where the whole block
 *       is missing, the lane keeps its value: the missing lanes contribute an exact identity. Since each
 *       {@code op} is commutative, every lane ends with the same bits.
 *   <li>inclusive scan: Hillis–Steele, {@code if (lane >= d) a = op(shuffle(a, lane - d), a)} for {@code d} = 1, 2,
 *       4, 8, 16; exclusive: the inclusive value of lane - 1, the identity at lane 0 (as the group scans).
 * </ul>
 */
final class SubGroupAlgorithms {
    private SubGroupAlgorithms() {
    }

    /** Work-items in a sub-group, on every device: NVIDIA's warp. */
    static final int SIZE = 32;

    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, List<Expr> args) {
        if (ctx.shape != KernelShape.ND_ITEM) {
            throw r.reject("NdItem." + m.name + " outside an nd-range kernel", "is not supported");
        }
        ctx.deviceFunctions.putIfAbsent("jsycl_sg_ids", IDS.formatted(GroupAlgorithms.LOCAL_LINEAR_ID,
                GroupAlgorithms.GROUP_SIZE, SIZE - 1, SIZE));
        String lane = "(jsycl_sg_lid() & " + (SIZE - 1) + ")";
        switch (m.name) {
            case "subGroupLocalId" -> {
                return Expr.value('I', lane, PRIMARY);
            }
            case "subGroupId" -> {
                return Expr.value('I', "(jsycl_sg_lid() >> 5)", PRIMARY);
            }
            case "subGroupSize" -> {
                return Expr.value('I', "jsycl_sg_size()", PRIMARY);
            }
            case "subGroupMaxSize" -> {
                return Expr.intConstant(SIZE);
            }
            case "subGroupCount" -> {
                return Expr.value('I', "((" + GroupAlgorithms.GROUP_SIZE + " + " + (SIZE - 1) + ") >> 5)", PRIMARY);
            }
            case "subGroupsAreWarps" -> {
                ctx.deviceFunctions.putIfAbsent("JSYCL_SG_WARPS", WARPS);
                return Expr.value('I', "JSYCL_SG_WARPS", PRIMARY);
            }
            default -> {
            }
        }
        ctx.usesGroupScratch = true;
        ctx.convergent();
        String scratch = ", " + GroupAlgorithms.SCRATCH + ")";
        return switch (m.name) {
            case "subGroupBallot" -> {
                String or = reduce(ctx, "OR", 'I');
                ctx.deviceFunctions.putIfAbsent("jsycl_sg_ballot", BALLOT.formatted(or));
                yield Expr.effect('I', "jsycl_sg_ballot(" + args.get(0).at(Expr.EQ + 1) + " != 0" + scratch,
                        PRIMARY);
            }
            case "anyOfSubGroup", "allOfSubGroup", "noneOfSubGroup" -> {
                String fn = reduce(ctx, m.name.equals("allOfSubGroup") ? "AND" : "OR", 'I');
                String call = fn + "(" + args.get(0).at(Expr.EQ + 1) + " != 0 ? 1 : 0" + scratch;
                yield Expr.effect('I', m.name.equals("noneOfSubGroup") ? "(" + call + " ^ 1)" : call, PRIMARY);
            }
            case "shuffle", "subGroupBroadcast", "shuffleXor", "shuffleDown", "shuffleUp" -> {
                char k = GroupAlgorithms.kindOf(m.desc);
                String arg = args.get(1).at(PRIMARY);
                // Java's int arithmetic: the source lane wraps as it does on the host device.
                String src = switch (m.name) {
                    case "shuffleXor" -> lane + " ^ " + arg;
                    case "shuffleDown" -> "(int)((uint)" + lane + " + (uint)" + arg + ")";
                    case "shuffleUp" -> "(int)((uint)" + lane + " - (uint)" + arg + ")";
                    default -> arg;
                };
                yield Expr.effect(k, select(ctx, k) + "(" + args.get(0).text() + ", " + src + scratch, PRIMARY);
            }
            default -> {
                char k = GroupAlgorithms.kindOf(m.desc);
                String op = GroupAlgorithms.opName(r, m, args.get(1), k);
                String fn = switch (m.name) {
                    case "reduceOverSubGroup" -> reduce(ctx, op, k);
                    case "inclusiveScanOverSubGroup" -> inclusive(ctx, op, k);
                    default -> exclusive(ctx, op, k);
                };
                yield Expr.effect(k, fn + "(" + args.get(0).text() + scratch, PRIMARY);
            }
        };
    }

    /**
     * Whether sub-groups are warps ({@code subGroupsAreWarps()}): a constant of the program, 1 where the shuffles are
     * PTX's, so that a compiler drops the branch not taken (PoCL then never sees the warp form's loops of shuffles).
     */
    private static final String WARPS = """
            /* Sub-groups are warps where their operations are PTX's (see SubGroupAlgorithms). */
            #ifdef JSYCL_NVIDIA_PTX
            #define JSYCL_SG_WARPS 1
            #else
            #define JSYCL_SG_WARPS 0
            #endif""";

    private static final String IDS = """
            /* Sub-groups (see SubGroupAlgorithms): 32 consecutive work-items by local linear id. */
            int jsycl_sg_lid(void) {
                return %1$s;
            }

            /* This work-item's sub-group's size: 32, or less for a work-group's last, partial one. */
            int jsycl_sg_size(void) {
                return min(%4$d, %2$s - (jsycl_sg_lid() & ~%3$d));
            }""";

    /**
     * The primitive: lane {@code src}'s {@code x}, {@code src} a lane of the caller's sub-group. On NVIDIA, PTX's
     * warp shuffle (NVIDIA's OpenCL has no sub-group built-ins, and its compiler takes inline PTX); {@code c} = 31
     * (no segments, clamp at lane 31) makes {@code .idx} read lane {@code src} itself. Elsewhere, local memory
     * between two barriers; the first keeps the store from overwriting a value another work-item has still to read.
     */
    private static final String SHUFFLE = """
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
            #endif""";

    /**
     * {@code NdItem.subGroupBallot}: on NVIDIA, PTX's warp vote over the sub-group's members; elsewhere the lanes' bits
     * combined with or, as {@code reduceOverSubGroup} combines ({@code %1$s}).
     */
    private static final String BALLOT = """
            /* NdItem.subGroupBallot: bit i set where lane i's predicate holds (see SubGroupAlgorithms). */
            int jsycl_sg_ballot(int p, __local long* scratch) {
            #ifdef JSYCL_NVIDIA_PTX
                int size = jsycl_sg_size();
                uint members = size == 32 ? 0xffffffffu : (1u << size) - 1u;
                uint r;
                asm volatile("{ .reg .pred q; setp.ne.u32 q, %%1, 0; vote.sync.ballot.b32 %%0, q, %%2; }"
                        : "=r"(r) : "r"(p), "r"(members));
                return (int)r;
            #else
                return %1$s(p != 0 ? 1 << (jsycl_sg_lid() & 31) : 0, scratch);
            #endif
            }""";

    /** The primitive over {@code k}'s bits; returns its name. */
    private static String shuffle(KernelContext ctx, char k) {
        ctx.deviceFunctions.putIfAbsent("jsycl_sg_shuffle", SHUFFLE);
        String t = Expr.cType(k);
        String name = "jsycl_sg_shuffle_" + t;
        String body = switch (k) {
            case 'I' -> "(int)jsycl_sg_shuffle32((uint)x, src, scratch)";
            case 'J' -> "(long)jsycl_sg_shuffle64((ulong)x, src, scratch)";
            case 'F' -> "as_float(jsycl_sg_shuffle32(as_uint(x), src, scratch))";
            default -> "as_double(jsycl_sg_shuffle64(as_ulong(x), src, scratch))";
        };
        if (k == 'D') {
            ctx.usesFp64 = true;
        }
        ctx.deviceFunctions.putIfAbsent(name, """
                %1$s %2$s(%1$s x, int src, __local long* scratch) {
                    return %3$s;
                }""".formatted(t, name, body));
        return name;
    }

    /** The checked shuffle of {@code NdItem.shuffle} and the others; returns its name. */
    private static String select(KernelContext ctx, char k) {
        String t = Expr.cType(k);
        String name = "jsycl_sg_select_" + t;
        String shuffle = shuffle(ctx, k);
        ctx.deviceFunctions.putIfAbsent(name, """
                /* NdItem's shuffles: lane src's x, or this work-item's own if src is outside the sub-group. */
                %1$s %2$s(%1$s x, int src, __local long* scratch) {
                    int lane = jsycl_sg_lid() & 31;
                    return %3$s(x, src >= 0 && src < jsycl_sg_size() ? src : lane, scratch);
                }""".formatted(t, name, shuffle));
        return name;
    }

    /** {@code reduceOverSubGroup} with {@code op} over {@code k}: the xor butterfly; returns its name. */
    private static String reduce(KernelContext ctx, String op, char k) {
        String t = Expr.cType(k);
        String name = "jsycl_sg_reduce_" + op.toLowerCase(Locale.ROOT) + "_" + t;
        if (ctx.deviceFunctions.containsKey(name)) {
            return name;
        }
        String shuffle = shuffle(ctx, k);
        var steps = new StringBuilder();
        for (int d = 1; d < SIZE; d <<= 1) {
            steps.append("int s%1$d = lane ^ %1$d;\n".formatted(d));
            if (d > 1) {
                steps.append("s%1$d = s%1$d < n ? s%1$d : s%1$d & ~%2$d;\n".formatted(d, d - 1));
            }
            steps.append("""
                    %1$s b%2$d = %3$s(a, s%2$d < n ? s%2$d : lane, scratch);
                    if (s%2$d < n) {
                        a = %4$s;
                    }
                    """.formatted(t, d, shuffle, GroupAlgorithms.combine(ctx, op, k, "a", "b" + d)));
        }
        ctx.deviceFunctions.put(name, """
                /* NdItem.reduceOverSubGroup with GroupOp.%1$s over %2$s: an xor butterfly (see SubGroupAlgorithms). */
                %2$s %3$s(%2$s x, __local long* scratch) {
                    int lane = jsycl_sg_lid() & 31;
                    int n = jsycl_sg_size();
                    %2$s a = x;
                %4$s
                    return a;
                }""".formatted(op, t, name, steps.toString().indent(4).stripTrailing()));
        return name;
    }

    /** {@code inclusiveScanOverSubGroup} with {@code op} over {@code k}: Hillis–Steele; returns its name. */
    private static String inclusive(KernelContext ctx, String op, char k) {
        String t = Expr.cType(k);
        String name = "jsycl_sg_inclusive_" + op.toLowerCase(Locale.ROOT) + "_" + t;
        if (ctx.deviceFunctions.containsKey(name)) {
            return name;
        }
        String shuffle = shuffle(ctx, k);
        var steps = new StringBuilder();
        for (int d = 1; d < SIZE; d <<= 1) {
            steps.append("""
                    %1$s b%2$d = %3$s(a, lane >= %2$d ? lane - %2$d : lane, scratch);
                    if (lane >= %2$d) {
                        a = %4$s;
                    }
                    """.formatted(t, d, shuffle, GroupAlgorithms.combine(ctx, op, k, "b" + d, "a")));
        }
        ctx.deviceFunctions.put(name, """
                /* NdItem.inclusiveScanOverSubGroup with GroupOp.%1$s over %2$s: Hillis-Steele (SubGroupAlgorithms). */
                %2$s %3$s(%2$s x, __local long* scratch) {
                    int lane = jsycl_sg_lid() & 31;
                    %2$s a = x;
                %4$s
                    return a;
                }""".formatted(op, t, name, steps.toString().indent(4).stripTrailing()));
        return name;
    }

    /** {@code exclusiveScanOverSubGroup}: the inclusive value of lane - 1, the identity at lane 0; returns its name. */
    private static String exclusive(KernelContext ctx, String op, char k) {
        String t = Expr.cType(k);
        String name = "jsycl_sg_exclusive_" + op.toLowerCase(Locale.ROOT) + "_" + t;
        String inclusive = inclusive(ctx, op, k);
        ctx.deviceFunctions.putIfAbsent(name, """
                /* NdItem.exclusiveScanOverSubGroup with GroupOp.%1$s over %2$s: the lane before's inclusive scan. */
                %2$s %3$s(%2$s x, __local long* scratch) {
                    int lane = jsycl_sg_lid() & 31;
                    %2$s a = %4$s(x, scratch);
                    %2$s b = %5$s(a, lane >= 1 ? lane - 1 : lane, scratch);
                    return lane == 0 ? %6$s : b;
                }""".formatted(op, t, name, inclusive, shuffle(ctx, k), GroupAlgorithms.identity(op, k)));
        return name;
    }
}
