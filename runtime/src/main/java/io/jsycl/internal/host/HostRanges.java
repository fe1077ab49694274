package io.jsycl.internal.host;

import io.jsycl.Item;
import io.jsycl.internal.launch.KernelLambdas;
import io.jsycl.internal.launch.SerializedLambdas;
import io.jsycl.lowering.HostRangeCompiler;
import java.lang.invoke.SerializedLambda;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * {@code Range} kernels as one loop over a run of their items on the host device ({@link HostRangeCompiler} makes the
 * class): defined in the kernel lambda's package, once per lambda class. Where the compiler declines a kernel, or its
 * class cannot be defined there (a named module that does not open its package to jsycl), the kernel's lambda runs
 * once per item, as before.
 */
final class HostRanges {
    /** A run of a compiled kernel's items (what the generated class implements). */
    public interface Looped {
        /**
         * Runs items {@code from} to {@code to - 1} (linear ids) of the kernel, {@code it} on each in turn; an item
         * that throws does not stop the others.
         *
         * @param captures the lambda's captured values, in order
         * @param it the item, on item {@code from}; moved on with {@link Cursor#next()} after each
         * @param from the first item
         * @param to the item after the last
         * @param failedAt where the ids of the first item that threw are left, at index 0
         * @return what the first item that threw threw, or null
         */
        RuntimeException runRange(Object[] captures, Cursor it, long from, long to, int[][] failedAt);

        /**
         * How many dimensions the body reads ids of with a constant ({@code it.id(1)}: 2), which the loop counts
         * itself: a launch over fewer runs the kernel through its lambda, where the call throws as it should.
         */
        int dimensionsRead();
    }

    /** The item a compiled loop moves along. */
    public interface Cursor extends Item {
        /** Moves to the next item in linear order. */
        void next();

        /** The item's id in dimensions 0 to 2, 0 beyond its own. */
        int[] ids();

        /** The range's extent in dimension {@code d} (0 to 2), 1 beyond its own. */
        int extent(int d);
    }

    /** A work-group of a compiled nd-range kernel without barriers (what the generated class implements). */
    public interface GroupLooped {
        /**
         * Runs every work-item of the group, each local id in turn, the last dimension fastest.
         *
         * @param captures the lambda's captured values, in order
         * @param it the work-item, on the group
         * @param l0 the group's extent in dimension 0 (1 beyond the launch's dimensions), and so on
         * @param g0 the group's first global id in dimension 0 (its group id times its extent), and so on
         * @return what the first work-item that threw threw ({@code it} moved onto it), ending the run; or null
         */
        RuntimeException runGroup(Object[] captures, NdCursor it, int l0, int l1, int l2, int g0, int g1, int g2);

        /**
         * How many dimensions the body reads ids of with a constant ({@code it.globalId(1)}: 2), which the loop
         * counts itself: a launch over fewer runs the kernel through its lambda, where the call throws as it should.
         */
        int dimensionsRead();
    }

    /** The work-item a compiled group moves along. */
    public interface NdCursor extends io.jsycl.NdItem {
        /** Makes this the work-item at local id ({@code l0}, {@code l1}, {@code l2}) of its group. */
        void moveTo(int l0, int l1, int l2);
    }

    private static final Map<Class<?>, Optional<GroupLooped>> GROUPS =
            Collections.synchronizedMap(new WeakHashMap<>());

    /** The nd-range kernel without barriers compiled into a group's loop, or empty where it cannot be. */
    static Optional<GroupLooped> ofGroup(Object kernel) {
        return GROUPS.computeIfAbsent(kernel.getClass(), type -> compileGroup(kernel));
    }

    private static Optional<GroupLooped> compileGroup(Object kernel) {
        return define(kernel, GroupLooped.class, (loader, owner, method, desc) -> HostRangeCompiler.compileGroup(loader,
                owner, method, desc, internalName(GroupLooped.class), internalName(NdCursor.class)));
    }

    /** What compiles a lambda's body into a class ({@link HostRangeCompiler}'s two ways). */
    private interface Compiler {
        Optional<HostRangeCompiler.Compiled> compile(ClassLoader loader, String owner, String method, String desc);
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    /**
     * {@code kernel}'s body compiled by {@code compiler} into a class of the lambda's package, its one instance; empty
     * where the compiler declines or the JVM refuses the class (the lambda then runs per item).
     */
    private static <T> Optional<T> define(Object kernel, Class<T> type, Compiler compiler) {
        try {
            SerializedLambda lambda = SerializedLambdas.serialized(kernel);
            ClassLoader loader = kernel.getClass().getClassLoader();
            String owner = lambda.getImplClass();
            Optional<HostRangeCompiler.Compiled> made = compiler.compile(loader, owner, lambda.getImplMethodName(),
                    lambda.getImplMethodSignature());
            if (made.isEmpty()) {
                return Optional.empty();
            }
            Class<?> ownerClass = Class.forName(owner.replace('/', '.'), false, loader);
            return Optional.of(type.cast(HostPhases.instanceInPackageOf(ownerClass, made.get().bytes())));
        } catch (Throwable e) {
            if (e instanceof VirtualMachineError vme && !(e instanceof StackOverflowError)) {
                throw vme;
            }
            return Optional.empty();
        }
    }

    /**
     * A run's private sums of the atomic additions a compiled loop keeps to itself ({@link HostRangeCompiler}: on a
     * captured accessor the kernel uses for nothing else, each addition's old value dropped), added to the accessor
     * once, atomically, at the run's end. Called by the generated classes.
     */
    public static final class Privates {
        /** The most elements an accessor may have for a run to keep private sums of it (a few KiB a run). */
        static final int MOST = 4096;

        private Privates() {
        }

        /**
         * Private sums for a run over {@code a}, or null where it is empty or longer than {@value #MOST} (each
         * addition then goes to the accessor). Adds 0 to its first element first, which makes the accessor check
         * that the kernel may add to it, as each addition would.
         */
        public static long[] longs(io.jsycl.Accessor.OfLong a) {
            int n = a.size();
            if (n == 0 || n > MOST) {
                return null;
            }
            a.atomicAdd(0, 0L);
            return new long[n];
        }

        /** {@code a.atomicAdd(i, v)}, into the run's sums {@code p} where it has them. */
        public static void add(io.jsycl.Accessor.OfLong a, int i, long v, long[] p) {
            if (p == null) {
                a.atomicAdd(i, v);
            } else {
                p[i] += v;
            }
        }

        /** Adds the run's sums {@code p} (if any) to {@code a}, atomically, element by element. */
        public static void flush(io.jsycl.Accessor.OfLong a, long[] p) {
            if (p != null) {
                for (int i = 0; i < p.length; i++) {
                    if (p[i] != 0) {
                        a.atomicAdd(i, p[i]);
                    }
                }
            }
        }

        /** As {@link #longs} for ints. */
        public static int[] ints(io.jsycl.Accessor.OfInt a) {
            int n = a.size();
            if (n == 0 || n > MOST) {
                return null;
            }
            a.atomicAdd(0, 0);
            return new int[n];
        }

        /** As {@link #add(io.jsycl.Accessor.OfLong, int, long, long[])} for ints (wrapping as the addition does). */
        public static void add(io.jsycl.Accessor.OfInt a, int i, int v, int[] p) {
            if (p == null) {
                a.atomicAdd(i, v);
            } else {
                p[i] += v;
            }
        }

        /** As {@link #flush(io.jsycl.Accessor.OfLong, long[])} for ints. */
        public static void flush(io.jsycl.Accessor.OfInt a, int[] p) {
            if (p != null) {
                for (int i = 0; i < p.length; i++) {
                    if (p[i] != 0) {
                        a.atomicAdd(i, p[i]);
                    }
                }
            }
        }
    }

    /**
     * Whether {@code Range} kernels run as compiled loops; false runs every one through its lambda, the reference that
     * tests compare the loops with (set only by tests, around submits they wait for).
     */
    static volatile boolean enabled = true;

    private static final Map<Class<?>, Optional<Looped>> CACHE = Collections.synchronizedMap(new WeakHashMap<>());

    private HostRanges() {
    }

    /** The kernel compiled into a loop, or empty where it cannot be. */
    static Optional<Looped> of(Object kernel) {
        // Under the map's lock: two threads defining the same class would see the second fail.
        return CACHE.computeIfAbsent(kernel.getClass(), type -> compile(kernel));
    }

    /** The captured values of {@code kernel}, in order. */
    static Object[] captures(Object kernel) {
        return KernelLambdas.capturedValues(kernel);
    }

    private static Optional<Looped> compile(Object kernel) {
        return define(kernel, Looped.class, (loader, owner, method, desc) -> HostRangeCompiler.compile(loader, owner,
                method, desc, internalName(Looped.class), internalName(Cursor.class), internalName(Privates.class)));
    }
}
