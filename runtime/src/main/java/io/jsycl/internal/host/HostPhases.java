package io.jsycl.internal.host;

import io.jsycl.GroupOp;
import io.jsycl.NdItem;
import io.jsycl.internal.launch.KernelLambdas;
import io.jsycl.internal.launch.SerializedLambdas;
import io.jsycl.lowering.HostPhaseCompiler;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.IntConsumer;
import java.util.function.LongBinaryOperator;

/**
 * Nd-range kernels with barriers as loops between their barriers on the host device ({@link HostPhaseCompiler} makes
 * the class): defined in the kernel lambda's package, once per lambda class. Where the compiler declines a kernel, or
 * its class cannot be defined there (a named module that does not open its package to jsycl), the kernel runs on a
 * virtual thread per work-item, as before.
 */
final class HostPhases {
    /** A group's work-items of a compiled kernel, barrier to barrier (what the generated class implements). */
    public interface Phased {
        /**
         * Runs every work-item of the group from barrier {@code phase} (0: the start) to its next: work-item {@code w}
         * (local linear order) after {@code moveTo.accept(w)} has made {@code it} that work-item, with its saved
         * locals {@code prims[w]} and {@code refs[w]}; leaves in {@code stoppedAt[w]} the barrier it stopped at, from
         * 1, or -1 where the kernel returned. What a work-item throws ends the run, {@code it} still on that work-item.
         *
         * @param captures the lambda's captured values, in order
         * @param it the work-item, moved by {@code moveTo}
         * @param phase where every work-item starts
         * @param prims each work-item's saved primitive locals
         * @param refs each work-item's saved reference locals
         * @param stoppedAt where each work-item stopped; its length is the group's size
         * @param moveTo moves {@code it} to work-item {@code w}, called with 0, 1, 2, ... in turn
         */
        void runGroup(Object[] captures, NdItem it, int phase, long[][] prims, Object[][] refs, int[] stoppedAt,
                IntConsumer moveTo);
    }

    /**
     * A compiled kernel: its runner, the locals each work-item saves, and where its barriers are (for the error of a
     * group whose work-items stopped at different ones).
     */
    record Compiled(Phased phased, int locals, int stack, StackTraceElement[] barriers, int[] kinds, char[] types) {
        /**
         * The length of a work-item's saved-locals arrays: its locals, an algorithm's operand and its result, and the
         * values under an algorithm's call in an expression.
         */
        int arrayLength() {
            return locals + 2 + stack;
        }
    }

    /**
     * A captured local accessor's array for the group being run on this thread: what a phases' method reads and
     * writes in place of the accessor's {@code get(i)} and {@code set(i, v)} ({@link HostPhaseCompiler}), looked up by
     * the generated {@code runGroup} once per group and phase. Called by the generated classes.
     */
    public static final class Locals {
        private static final io.jsycl.internal.memory.ApiAccess API = io.jsycl.internal.memory.ApiAccess.get();

        private Locals() {
        }

        /** The group's array of {@code a}. */
        public static float[] floats(io.jsycl.LocalAccessor.OfFloat a) {
            return (float[]) HostExecutor.currentGroup().localArray(API.impl(a));
        }

        /** The group's array of {@code a}. */
        public static int[] ints(io.jsycl.LocalAccessor.OfInt a) {
            return (int[]) HostExecutor.currentGroup().localArray(API.impl(a));
        }

        /** The group's array of {@code a}. */
        public static long[] longs(io.jsycl.LocalAccessor.OfLong a) {
            return (long[]) HostExecutor.currentGroup().localArray(API.impl(a));
        }

        /** The group's array of {@code a}. */
        public static double[] doubles(io.jsycl.LocalAccessor.OfDouble a) {
            return (double[]) HostExecutor.currentGroup().localArray(API.impl(a));
        }
    }

    /**
     * Whether barrier kernels run in phases; false runs every one on virtual threads, the reference that tests
     * compare the phases with (set only by tests, around submits they wait for).
     */
    static volatile boolean enabled = true;

    private static final Map<Class<?>, Optional<Compiled>> CACHE = Collections.synchronizedMap(new WeakHashMap<>());

    private HostPhases() {
    }

    /**
     * Split point {@code k} (from 1), where every work-item of the group stopped, if a work-group algorithm: combines
     * the operands the work-items left at index {@code locals} of their arrays and puts each one's result at
     * {@code locals + 1}, as the device combines them ({@link HostGroup#combineAll}). {@code s} and {@code scanned},
     * of at least {@code size} elements, are the combine's scratch, reused from group to group of a run (made per
     * call, they were 8 KiB of garbage per group and algorithm).
     */
    static void runAlgorithm(Compiled compiled, int k, long[][] prims, Object[][] refs, int size, long[] s,
            long[] scanned) {
        int kind = compiled.kinds()[k - 1];
        if (kind == HostPhaseCompiler.BARRIER) {
            return;
        }
        char type = compiled.types()[k - 1];
        boolean wide = type == 'J' || type == 'D';
        int at = compiled.locals();
        if (kind >= HostPhaseCompiler.SUB_REDUCE) {
            runSubGroups(kind, type, at, prims, refs, size);
            return;
        }
        if (kind == HostPhaseCompiler.BROADCAST) {
            int from = (Integer) refs[0][at];
            if (from < 0 || from >= size) {
                throw new IndexOutOfBoundsException("groupBroadcast from work-item " + from + " of a work-group of "
                        + size);
            }
            long value = prims[from][at];
            for (int i = 0; i < size; i++) {
                prims[i][at + 1] = value;
            }
            return;
        }
        if (kind >= HostPhaseCompiler.ANY) {
            int trues = 0;
            for (int i = 0; i < size; i++) {
                trues += prims[i][at] != 0 ? 1 : 0;
            }
            boolean vote = switch (kind) {
                case HostPhaseCompiler.ANY -> trues > 0;
                case HostPhaseCompiler.ALL -> trues == size;
                default -> trues == 0;
            };
            for (int i = 0; i < size; i++) {
                prims[i][at + 1] = vote ? 1 : 0;
            }
            return;
        }
        var op = (io.jsycl.GroupOp) refs[0][at];
        LongBinaryOperator f = operation(op, type);
        long identity = identity(op, type);
        var algorithm = switch (kind) {
            case HostPhaseCompiler.REDUCE -> HostGroup.Algorithm.REDUCE;
            case HostPhaseCompiler.INCLUSIVE_SCAN -> HostGroup.Algorithm.INCLUSIVE_SCAN;
            default -> HostGroup.Algorithm.EXCLUSIVE_SCAN;
        };
        for (int i = 0; i < size; i++) {
            s[i] = prims[i][at];
        }
        HostGroup.combineAll(algorithm, s, scanned, size, f);
        for (int i = 0; i < size; i++) {
            prims[i][at + 1] = HostGroup.result(algorithm, s, scanned, i, identity);
        }
    }

    /** {@code op} on the bits a work-item leaves for a value of {@code type} (a float's as a double's). */
    private static LongBinaryOperator operation(GroupOp op, char type) {
        boolean wide = type == 'J' || type == 'D';
        return type == 'F' || type == 'D' ? HostGroup.floatingOpOnBits(op, wide) : HostGroup.integralOp(op, wide);
    }

    /** {@code op}'s identity, as the bits of {@link #operation}. */
    private static long identity(GroupOp op, char type) {
        return type == 'F' || type == 'D' ? Double.doubleToRawLongBits(HostGroup.floatingIdentity(op))
                : HostGroup.integralIdentity(op, type == 'J');
    }

    /**
     * A sub-group operation's split point: each sub-group of the work-group (consecutive work-items in local linear
     * order, {@link HostSubGroups#SIZE} of them, the last one partial) combined, voted or shuffled as
     * {@link HostSubGroups} and the item's functions do it for work-items on virtual threads, so that the results
     * are the same bit for bit.
     */
    private static void runSubGroups(int kind, char type, int at, long[][] prims, Object[][] refs, int size) {
        for (int first = 0; first < size; first += HostSubGroups.SIZE) {
            int n = Math.min(HostSubGroups.SIZE, size - first);
            if (kind == HostPhaseCompiler.SUB_BROADCAST) {
                long[] from = new long[n];
                for (int lane = 0; lane < n; lane++) {
                    int source = (Integer) refs[first + lane][at];
                    if (source < 0 || source >= n) {
                        throw new IndexOutOfBoundsException("subGroupBroadcast from lane " + source
                                + " of a sub-group of " + n);
                    }
                    from[lane] = prims[first + source][at];
                }
                for (int lane = 0; lane < n; lane++) {
                    prims[first + lane][at + 1] = from[lane];
                }
                continue;
            }
            if (kind >= HostPhaseCompiler.SUB_ANY && kind <= HostPhaseCompiler.SUB_NONE) {
                int trues = 0;
                for (int lane = 0; lane < n; lane++) {
                    trues += prims[first + lane][at] != 0 ? 1 : 0;
                }
                boolean vote = switch (kind) {
                    case HostPhaseCompiler.SUB_ANY -> trues > 0;
                    case HostPhaseCompiler.SUB_ALL -> trues == n;
                    default -> trues == 0;
                };
                for (int lane = 0; lane < n; lane++) {
                    prims[first + lane][at + 1] = vote ? 1 : 0;
                }
                continue;
            }
            if (kind >= HostPhaseCompiler.SHUFFLE) {
                // The source lane as HostGroupFunctions computes it; one outside the sub-group gives the lane's own.
                long[] moved = new long[n];
                for (int lane = 0; lane < n; lane++) {
                    int arg = (Integer) refs[first + lane][at];
                    int source = switch (kind) {
                        case HostPhaseCompiler.SHUFFLE -> arg;
                        case HostPhaseCompiler.SHUFFLE_XOR -> lane ^ arg;
                        case HostPhaseCompiler.SHUFFLE_DOWN -> lane + arg;
                        default -> lane - arg;
                    };
                    moved[lane] = prims[first + (source >= 0 && source < n ? source : lane)][at];
                }
                for (int lane = 0; lane < n; lane++) {
                    prims[first + lane][at + 1] = moved[lane];
                }
                continue;
            }
            var op = (GroupOp) refs[first][at];
            var algorithm = switch (kind) {
                case HostPhaseCompiler.SUB_REDUCE -> HostSubGroups.Algorithm.REDUCE;
                case HostPhaseCompiler.SUB_INCLUSIVE_SCAN -> HostSubGroups.Algorithm.INCLUSIVE_SCAN;
                default -> HostSubGroups.Algorithm.EXCLUSIVE_SCAN;
            };
            long[] v = new long[n];
            for (int lane = 0; lane < n; lane++) {
                v[lane] = prims[first + lane][at];
            }
            long[] r = HostSubGroups.lanes(algorithm, v, operation(op, type), identity(op, type));
            for (int lane = 0; lane < n; lane++) {
                prims[first + lane][at + 1] = r[lane];
            }
        }
    }

    /**
     * The one instance of the class {@code bytes} defines in {@code ownerClass}'s package (not a hidden class, whose
     * frames stack traces leave out: the kernel's lines stay in what its work-items throw), made with its public
     * no-argument constructor.
     */
    static Object instanceInPackageOf(Class<?> ownerClass, byte[] bytes) throws Throwable {
        Class<?> type = MethodHandles.privateLookupIn(ownerClass, MethodHandles.lookup()).defineClass(bytes);
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                .findConstructor(type, MethodType.methodType(void.class)).invoke();
    }

    /** The kernel compiled into phases, or empty where it cannot be (it then runs on virtual threads). */
    static Optional<Compiled> of(Object kernel) {
        // Under the map's lock: two threads defining the same class would see the second fail.
        return CACHE.computeIfAbsent(kernel.getClass(), type -> compile(kernel));
    }

    /** The captured values of {@code kernel}, in order. */
    static Object[] captures(Object kernel) {
        return KernelLambdas.capturedValues(kernel);
    }

    private static Optional<Compiled> compile(Object kernel) {
        try {
            SerializedLambda lambda = SerializedLambdas.serialized(kernel);
            ClassLoader loader = kernel.getClass().getClassLoader();
            String owner = lambda.getImplClass();
            Optional<HostPhaseCompiler.Compiled> made = HostPhaseCompiler.compile(loader, owner,
                    lambda.getImplMethodName(), lambda.getImplMethodSignature(),
                    Phased.class.getName().replace('.', '/'), Locals.class.getName().replace('.', '/'));
            if (made.isEmpty()) {
                return Optional.empty();
            }
            HostPhaseCompiler.Compiled c = made.get();
            Class<?> ownerClass = Class.forName(owner.replace('/', '.'), false, loader);
            Phased phased = (Phased) instanceInPackageOf(ownerClass, c.bytes());
            var barriers = new StackTraceElement[c.barrierLines().length];
            for (int k = 0; k < barriers.length; k++) {
                barriers[k] = new StackTraceElement(ownerClass.getName(), lambda.getImplMethodName(), c.sourceFile(),
                        c.barrierLines()[k]);
            }
            return Optional.of(new Compiled(phased, c.locals(), c.stack(), barriers, c.kinds(), c.types()));
        } catch (Throwable e) { // a class the JVM refuses to define or verify: the virtual threads run it
            if (e instanceof VirtualMachineError vme && !(e instanceof StackOverflowError)) {
                throw vme;
            }
            return Optional.empty();
        }
    }
}
