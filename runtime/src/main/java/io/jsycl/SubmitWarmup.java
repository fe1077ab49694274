package io.jsycl;

import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.internal.platform.Settings;
import java.lang.System.Logger.Level;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * Runs jsycl's own submit path on a background thread while a program starts, so that the JIT has compiled it by
 * the time the program's kernels need it. Where {@link io.jsycl.internal.schedule.Prewarm} loads the submit path's
 * classes, this makes them fast: a submit is Java code (recording the command group, finding its kernel, the
 * scheduler's passes, setting the arguments, the downcalls), which the JVM interprets until it has run it a few
 * hundred times and compiles fully only after thousands. Measured on the H100 host ({@code io.jsycl.bench.WarmupCurve},
 * benchmarks/results/h100.md): a 2-D kernel's submit and wait took 400-500 µs from the second run to the hundredth,
 * 176 µs at the 500th and 34-41 µs from the 1000th on, against a launch the driver takes 25 µs for; a program that
 * launches a kernel a few dozen times saw jsycl ten times slower than the same kernel enqueued by hand, and a sequence
 * of launches kept getting faster from one run to the next.
 *
 * <p>What runs: seven small kernels, of one, two and three dimensions, over {@code float} and {@code int} buffers, with
 * scalar and accessor captures (up to a dozen, as convolutions have, and scalars of every kind) and every access mode,
 * one with a strided store over a range that is not a whole number of work-groups, one over even and odd ranges in
 * turn, one over an nd-range with local memory, a barrier and a device array, one a reduction, taking turns on three
 * queues of the device's default context (one default, one {@link QueueProperty#IN_ORDER} in blocks of eight turns,
 * half of them, whose repeats over buffers of its own take the in-place way in bursts, and now and then one
 * {@link QueueProperty#ENABLE_PROFILING}, whose launches have events of their own, a kernel now and then repeated
 * there), waiting now on an event, now on a queue, now not at all, a kernel now and then submitted twice in a row on the
 * in-order queue, the second after the first's event ({@code h.dependsOn}), and building one kernel in a second
 * variant early on (a miss in the context's kernel cache),
 * so that the branches a program takes are the ones the JIT has seen. A program's firsts come back all through the run,
 * since the JIT compiles out a branch it has not seen while it profiles: a turn on a thread of its own (a thread's
 * first thread-local and scoped values), and a kernel of a lambda class never seen before over a buffer no kernel has
 * read: its lowering on a first submit, and the zeroing upload (docs/performance.md, "What a submit costs, phase by
 * phase, once compiled"). It stops after {@code JSYCL_WARMUP_SUBMITS} submits (20000 by default) or
 * {@link #TIME_LIMIT_NANOS}, whichever comes first: under a second of one core and as many launches of 64 work-items,
 * which the GPU runs beside the program's own. Its kernels are lowered and built as
 * any program's are, and the disk cache keeps them, so a later process loads them in milliseconds.
 *
 * <p>Once per process, started by the first queue made on a device that {@code JSYCL_WARMUP} selects (GPUs by
 * default; not CPU devices, whose cores the warm-up would take from the program's kernels): the JIT's code serves
 * every queue. Not in a profiled run ({@code JSYCL_PROFILE}), whose table is the program's kernels. The thread is a
 * daemon; the JVM's exit stops it after its current submit and waits (up to {@value #EXIT_WAIT_MILLIS} ms) for it to
 * release what it made, so that no driver call of it runs while the driver's exit handlers tear its context down. A
 * failure ends the warm-up, logged at {@code DEBUG}, and affects nothing else: the program's submits take the same
 * path and report their own errors. Its command groups are left out of the scheduler's trace ({@code JSYCL_TRACE}).
 */
final class SubmitWarmup {
    /** A bound for a slow device or a loaded machine. */
    static final long TIME_LIMIT_NANOS = 3_000_000_000L;
    /** Every this many submits, one runs on a queue made for it. */
    private static final int FRESH_QUEUE = 256;
    /**
     * Two of every this many turns run on a profiling queue, one waited for as an event, one as a queue, which submits
     * its kernel twice (a repeat there).
     */
    private static final int PROFILED = 64;
    /**
     * One of every this many turns (the 39th, one of the in-order queue's) submits a kernel twice on the in-order
     * queue, the second after the first's event.
     */
    private static final int DEPENDENT = 64;
    /** The in-order queue's turns come in blocks of this many, between as many of the default queue's. */
    private static final int IN_PLACE_BLOCK = 8;
    /** The turn whose kernel is built in a new variant: once the JIT profiles the submit path, early in the run. */
    private static final int NEW_VARIANT = 1001;
    /**
     * Every this many turns, one runs on a thread made for it, and one submits a kernel of a lambda class never seen
     * before on a buffer never used before (each at its own offset): the firsts of a program's own submits, taken all
     * through the warm-up (see {@link #run}).
     */
    private static final int FIRSTS = 512;

    private static final System.Logger LOG = System.getLogger("io.jsycl.warmup");
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** How long the JVM's exit waits for a warm-up to finish the submit it is in and release what it made. */
    static final long EXIT_WAIT_MILLIS = 2_000;
    /** Set as the JVM exits: a warm-up stops after its current submit. */
    private static volatile boolean stopping;

    /**
     * What a warm-up did.
     *
     * @param submits the submits it made
     * @param readyNanos from its start to the return of its first turn of every kernel: building or loading them
     * @param nanos from its start to its end
     * @param firsts its turns that took a program's firsts: a new thread's first submit, a new lambda class's
     * @param failure the error that ended it early, or null
     */
    record Outcome(int submits, long readyNanos, long nanos, int firsts, RuntimeException failure) {
    }

    private static volatile Outcome last;

    private SubmitWarmup() {
    }

    /**
     * Starts the process's warm-up on {@code device} if it is the first queue's device that the settings select.
     *
     * @return the warm-up's thread, or null where this call started none
     */
    static Thread startFor(Device device) {
        Settings settings = Settings.current();
        // A profiled run (JSYCL_PROFILE) measures the program's own kernels: its table would list the warm-up's too.
        if (device.isHost() || settings.profile() || !settings.warmsUp(device.type())
                || !STARTED.compareAndSet(false, true)) {
            return null;
        }
        int submits = settings.warmupSubmits().get();
        return startDaemon("jsycl-warm-up", () -> run(device, submits, TIME_LIMIT_NANOS), () -> stopping = true);
    }

    /**
     * Starts {@code work} on a low-priority daemon thread named {@code name}, left out of the scheduler's trace, and
     * registers its stop for the JVM's exit: {@code stop} asks it to end after its current submit, then the exit waits
     * for it up to {@link #EXIT_WAIT_MILLIS}. A program that ends while a warm-up is inside the driver would otherwise
     * leave the driver's exit handlers tearing down its context under a running call. {@link DistributedWarmup}'s
     * thread starts here too.
     */
    static Thread startDaemon(String name, Runnable work, Runnable stop) {
        Thread thread = warmUpThread(name, work);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.run();
            try {
                thread.join(EXIT_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name + "-exit"));
        thread.start();
        return thread;
    }

    /**
     * A low-priority daemon thread named {@code name} that runs {@code work}, not started; its command groups are left
     * out of the scheduler's trace until it ends.
     */
    private static Thread warmUpThread(String name, Runnable work) {
        var thread = new Thread(() -> {
            try {
                work.run();
            } finally {
                SchedulerTrace.tracedAgain(Thread.currentThread());
            }
        }, name);
        SchedulerTrace.untraced(thread);
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        return thread;
    }

    /** The outcome of the latest warm-up in this process, or null while none has ended. */
    static Outcome last() {
        return last;
    }

    /**
     * Submits up to {@code submits} small kernels to {@code device}, or as many as {@code limitNanos} allow, waits for
     * them and releases what it made. Never throws: a failure ends the run and is in its outcome.
     */
    static Outcome run(Device device, int submits, long limitNanos) {
        long start = System.nanoTime();
        int done = 0; // submits
        int turn = 0;
        long ready = 0;
        int firsts = 0;
        RuntimeException failure = null;
        Context context = Context.defaultFor(device);
        try (var queue = new Queue(context, device);
             var inOrder = new Queue(context, device, QueueProperty.IN_ORDER);
             var profiled = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var kernels = new Kernels(queue)) {
            while (done < submits && !stopping && System.nanoTime() - start < limitNanos) {
                if (turn % FRESH_QUEUE == FRESH_QUEUE / 2) {
                    // A program's first submits run on a queue with no command before them and kernels with no
                    // arguments set yet.
                    try (var fresh = new Queue(context, device)) {
                        done += kernels.submit(fresh, turn);
                    }
                } else if (turn % FIRSTS == FIRSTS / 2 + 72) {
                    // A program submits from its own thread, whose first submit finds no thread-local value and no
                    // scoped value bound yet: branches the warm-up's thread takes only at its own first submits,
                    // before the JIT profiles anything. Compiled without them, the submit path was dropped (an
                    // uncommon trap in ThreadLocal.get, in ScopedValue's bindings) at the program's first submit.
                    int now = turn;
                    done += onFreshThread(() -> kernels.submit(queue, now));
                    firsts++;
                } else if (turn % FIRSTS == FIRSTS - 56) {
                    // A program's first kernel is a lambda class the process has not seen (no ClassValue has looked
                    // at it yet), lowered on its first submit, over a buffer made from a shape that no kernel has
                    // read yet (zeroed on the device). The warm-up's own kernels took those branches only in their
                    // first turns: the JIT compiled them out, and the program's first kernel made it drop
                    // KernelLambdas.lower and the scheduler's pass (uncommon traps in ClassValue and DeviceUploads),
                    // which then ran at the JIT's profiling tier for thousands of the program's submits.
                    done += kernels.submitFreshClass(queue, turn);
                    firsts++;
                } else if (turn == NEW_VARIANT) {
                    // A kernel's first submit in a new build variant (here fast math) finds no kernel object in the
                    // context's cache and builds one: the miss a program's every new kernel takes, which the JIT
                    // would otherwise have compiled out of the submit path (the warm-up's kernels miss only in its
                    // first turns, before the JIT profiles anything), dropping it at the program's first kernel.
                    done += kernels.submitFastMath(queue, turn);
                } else if (turn % PROFILED == PROFILED - 16 || turn % PROFILED == PROFILED - 1) {
                    // A profiling queue's launches have OpenCL events of their own, as do checked kernels and those
                    // that wait for another queue's: the branches of the submit path and the event waits that take
                    // them (without these turns, a program's first profiled launch made the JIT drop its compiled
                    // submit path, and its plain submits after it ran interpreted for thousands of runs).
                    done += kernels.submit(profiled, turn);
                    if (turn % PROFILED == PROFILED - 1) {
                        // The same kernel again on the profiling queue: a repeat that finds its kernel, decisions and
                        // arguments kept (a RepeatLane hit) but whose queue gives its launches events, so that it
                        // cannot take the in-place way. Without it, a program's first repeat on a profiling queue made
                        // the JIT drop QueueScheduler.submit and commit and KernelArguments.applyTo (docs/performance.md).
                        done += kernels.submit(profiled, turn);
                    }
                } else {
                    // The in-order queue's kernels run on buffers of their own: a launch repeated on data that only
                    // its own queue touched since skips the scheduler's pass (QueueScheduler.repeatInPlace), which a
                    // program's loop of launches takes at every repeat. Over buffers the queues shared, the warm-up's
                    // repeats found another queue's commands among their buffers' users and almost never took it, so
                    // the JIT left that way cold for the program's first repeats (its second run ran interpreted).
                    // The profiling queue's launches and the fresh queues' still share the default queue's buffers,
                    // so that a launch waits for another queue's now and then.
                    // The two take turns in blocks of IN_PLACE_BLOCK turns, so that the in-order queue's repeats come
                    // in bursts (handed to its launch thread) as a program's loops of launches do, and take half of the
                    // turns: with one turn in eight, the repeat path (repeatInPlace, the capture stamp's comparison,
                    // the arguments' copy with other values, the launch thread's hand-over) was still running the
                    // JIT's profiling tier after the warm-up, and reached its optimizing tier during a program's first
                    // thousands of repeats, slowing the runs a benchmark times.
                    // Now and then a command group depends on an event (h.dependsOn): without it, a program's first
                    // such submit made the JIT drop Handler.finish, and its repeats the scheduler's submit.
                    done += turn % DEPENDENT == DEPENDENT - 25 ? kernels.submitDependent(inOrder, turn)
                            : (turn / IN_PLACE_BLOCK) % 2 == 1 ? kernels.submit(inOrder, turn, Kernels.OWN_SET)
                            : kernels.submit(queue, turn);
                }
                turn++;
                if (turn == Kernels.COUNT) {
                    ready = System.nanoTime() - start;
                    long readyMs = ready / 1_000_000;
                    LOG.log(Level.DEBUG, () -> "submit-path warm-up on " + device.name() + ": its kernels ready after "
                            + readyMs + " ms");
                }
            }
            queue.await();
            inOrder.await();
            profiled.await();
        } catch (RuntimeException e) {
            failure = e;
            LOG.log(Level.DEBUG, () -> "submit-path warm-up on " + device.name() + " ended after its first failure", e);
        }
        var outcome = new Outcome(done, ready, System.nanoTime() - start, firsts, failure);
        LOG.log(Level.DEBUG, () -> "submit-path warm-up on " + device.name() + ": " + outcome.submits() + " submits in "
                + outcome.nanos() / 1_000_000 + " ms, the first of each kernel after " + outcome.readyNanos() / 1_000_000
                + " ms");
        last = outcome;
        return outcome;
    }

    /**
     * Runs {@code turn} (which returns its submits) on a new thread, untraced as the warm-up's, and waits for it; what
     * the turn throws is thrown here, as if the warm-up's own thread had run it.
     */
    private static int onFreshThread(IntSupplier turn) {
        int[] submits = {0};
        Throwable[] failure = {null};
        Thread thread = warmUpThread("jsycl-warm-up-turn", () -> {
            try {
                submits[0] = turn.getAsInt();
            } catch (RuntimeException | Error e) {
                failure[0] = e;
            }
        });
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("submit-path warm-up interrupted", e);
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        if (failure[0] != null) {
            throw (RuntimeException) failure[0];
        }
        return submits[0];
    }

    /**
     * The warm-up's buffers and its kernels, one per turn of {@link #submit}. Each branch of the submit path that a
     * program's kernels take and these did not would cost the program a deoptimization (the JIT drops the compiled
     * method and interprets it until it compiles it again, for a few runs): so the turns alternate between two sets of
     * buffers (a kernel's arguments change), between the queues (a kernel waits for another queue's), and now and then
     * run on buffers made from Java arrays (an upload, and a write-back as the buffer closes) or on a new queue.
     */
    private static final class Kernels implements AutoCloseable {
        /** The kernels taking turns. */
        static final int COUNT = 7;
        /** Every this many turns, the turn's kernel runs on buffers made from Java arrays. */
        private static final int FROM_ARRAYS = 48;
        /**
         * Every this many turns (one of the {@link #FROM_ARRAYS} turns), the array is as big as a program's data: 16
         * MiB, which uploads in slices through the copy threads ({@code DeviceCopy.PIPELINE_MIN}), as a program's first
         * {@code Buffer.of(array)} of that size does. Without it, the program's first kernel on such a buffer took
         * branches the JIT had compiled out, and its first loading of the copy threads' classes made the JIT drop the
         * compiled submit path (it had assumed no other lock class than ReentrantLock's existed).
         */
        private static final int FROM_BIG_ARRAY = FROM_ARRAYS * 21;
        private static final int BIG_FLOATS = 4 << 20;

        /** The buffer set of the in-order queue's turns, which no other queue uses. */
        static final int OWN_SET = 2;

        // Three sets: two that the default queue's turns take in turn, and the in-order queue's own.
        private final Buffer.OfFloat[] x1 = {Buffer.ofFloat(Range.of(64)), Buffer.ofFloat(Range.of(64)),
                Buffer.ofFloat(Range.of(64))};
        private final Buffer.OfFloat[] y1 = {Buffer.ofFloat(Range.of(64)), Buffer.ofFloat(Range.of(64)),
                Buffer.ofFloat(Range.of(64))};
        private final Buffer.OfFloat[] x2 = {Buffer.ofFloat(Range.of(8, 8)), Buffer.ofFloat(Range.of(8, 8)),
                Buffer.ofFloat(Range.of(8, 8))};
        private final Buffer.OfFloat[] y2 = {Buffer.ofFloat(Range.of(8, 8)), Buffer.ofFloat(Range.of(8, 8)),
                Buffer.ofFloat(Range.of(8, 8))};
        private final Buffer.OfFloat[] x3 = {Buffer.ofFloat(Range.of(4, 4, 4)), Buffer.ofFloat(Range.of(4, 4, 4)),
                Buffer.ofFloat(Range.of(4, 4, 4))};
        private final Buffer.OfInt[] n3 = {Buffer.ofInt(Range.of(4, 4, 4)), Buffer.ofInt(Range.of(4, 4, 4)),
                Buffer.ofInt(Range.of(4, 4, 4))};
        private final float[] hostIn = new float[64];
        private final float[] hostOut = new float[64];
        private float[] bigIn; // made at the first FROM_BIG_ARRAY turn
        /** Weights of {@link #tiled}'s work-groups, in device memory of the warm-up's context. */
        private final DeviceArray.OfFloat weights;
        /** {@link #reduced}'s sum. */
        private final Buffer.OfFloat sum = Buffer.ofFloat(Range.of(1));
        /** Whether the device computes in double: {@link #mixed} captures one where it does. */
        private final boolean fp64;

        Kernels(Queue queue) {
            weights = DeviceArray.ofFloat(queue, TILE);
            queue.copy(new float[TILE], weights).await();
            fp64 = queue.device().hasAspect(Aspect.FP64);
        }

        /** Submits turn {@code turn}'s kernel to {@code queue}, and waits as that turn does; returns its submits. */
        int submit(Queue queue, int turn) {
            return submit(queue, turn, (turn / COUNT) & 1);
        }

        /** As above, on buffer set {@code set}: 0 or 1, which the queues share, or {@link #OWN_SET}. */
        int submit(Queue queue, int turn, int set) {
            if (turn % FROM_ARRAYS == FROM_ARRAYS - 1) {
                float[] source = hostIn;
                if (turn % FROM_BIG_ARRAY == FROM_BIG_ARRAY - 1) {
                    if (bigIn == null) {
                        bigIn = new float[BIG_FLOATS];
                    }
                    source = bigIn;
                }
                try (var in = Buffer.of(source); var out = Buffer.of(hostOut)) {
                    source[turn & 63] = turn;
                    oneD(queue, in, out, turn).await();
                    // A second kernel on the buffers finds their upload done, as a program's second kernel does.
                    oneD(queue, in, out, turn + 1).await();
                } // closing out writes the result back into hostOut
                return 2;
            }
            Event event = switch (turn % COUNT) {
                case 0 -> oneD(queue, x1[set], y1[set], turn);
                case 1 -> twoD(queue, x2[set], y2[set], turn);
                case 2 -> threeD(queue, x3[set], n3[set], turn);
                case 3 -> transposed(queue, x2[set], y2[set], turn);
                case 4 -> tiled(queue, x1[set], weights, y1[set], turn);
                case 5 -> mixed(queue, x1[set], y1[set], turn);
                default -> reduced(queue, x1[set], sum, turn);
            };
            // Programs wait for one kernel or for a batch; the GPU's queue stays short, so that the program's own
            // kernels never wait behind many of these.
            if (turn % 16 == 0) {
                event.await();
            } else if (turn % 32 == 31) {
                queue.await();
            }
            return 1;
        }

        /**
         * Turn {@code turn}'s 2-D kernel twice on {@code queue} over the buffer set {@link #OWN_SET}, the second
         * submit after the first's event ({@code h.dependsOn}): a repeat with a dependency, which cannot take the
         * in-place way, as a program's loop of {@code dependsOn} submits does. Waits for the second; returns 2.
         */
        int submitDependent(Queue queue, int turn) {
            Event first = twoD(queue, x2[OWN_SET], y2[OWN_SET], turn, null);
            twoD(queue, x2[OWN_SET], y2[OWN_SET], turn, first).await();
            return 2;
        }

        /** Over 64 items, or 63 on odd turns: programs' ranges are odd too (an even one may run two a work-item). */
        private static Event oneD(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn) {
            return oneD(queue, in, out, turn, false);
        }

        private static Event oneD(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn, boolean fastMath) {
            float s = (turn & 3) * 0.25f;
            int n = 64 - (turn & 1);
            return queue.submit(h -> {
                if (fastMath) {
                    h.fastMath();
                }
                var x = in.read(h);
                var y = out.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    y.set(i, s * x.get(i) + y.get(i) * 0.5f);
                });
            });
        }

        /**
         * A 1-D kernel whose lambda class is made here, new at every call ({@link LambdaMetafactory}: what javac's
         * lambdas are made by, without the call site's caching), over a buffer made from a shape and read at once.
         */
        int submitFreshClass(Queue queue, int turn) {
            float s = (turn & 3) * 0.25f;
            try (var zeros = Buffer.ofFloat(Range.of(64))) {
                queue.submit(h -> {
                    var x = x1[0].read(h);
                    var y = zeros.readWrite(h);
                    h.parallelFor(Range.of(64), freshKernel(x, y, s));
                }).await();
            }
            return 1;
        }

        /** A kernel of a new lambda class, running {@link #freshBody}. */
        private static ItemKernel freshKernel(Accessor.OfFloat x, Accessor.OfFloat y, float s) {
            try {
                var lookup = MethodHandles.lookup();
                MethodType body = MethodType.methodType(void.class, Accessor.OfFloat.class, Accessor.OfFloat.class,
                        float.class, Item.class);
                MethodType run = MethodType.methodType(void.class, Item.class);
                CallSite site = LambdaMetafactory.altMetafactory(lookup, "run",
                        MethodType.methodType(ItemKernel.class, Accessor.OfFloat.class, Accessor.OfFloat.class,
                                float.class),
                        run, lookup.findStatic(Kernels.class, "freshBody", body), run,
                        LambdaMetafactory.FLAG_SERIALIZABLE);
                return (ItemKernel) site.getTarget().invoke(x, y, s);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("cannot make the warm-up's kernel", e);
            }
        }

        /** The body of {@link #freshKernel}'s kernels. */
        private static void freshBody(Accessor.OfFloat x, Accessor.OfFloat y, float s, Item it) {
            int i = it.id(0);
            y.set(i, s * x.get(i) + y.get(i));
        }

        /** The 1-D kernel built with fast math: a variant of it the context has no kernel object for yet. */
        int submitFastMath(Queue queue, int turn) {
            oneD(queue, x1[0], y1[0], turn, true).await();
            return 1;
        }

        /** A 2-D stencil with more arguments than the others, as programs' kernels often have. */
        private static Event twoD(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn) {
            return twoD(queue, in, out, turn, null);
        }

        /** As above, after {@code after} ({@code h.dependsOn}) where it is not null. */
        private static Event twoD(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn, Event after) {
            float s = (turn & 3) * 0.25f;
            float bias = turn & 1;
            int rows = 8;
            int cols = 8;
            return queue.submit(h -> {
                if (after != null) {
                    h.dependsOn(after);
                }
                var x = in.read(h);
                var y = out.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    y.set(i, j, x.get(i, Math.min(j + 1, cols - 1)) - x.get(Math.max(i - 1, 0), j) * s + bias);
                });
            });
        }

        /**
         * A 2-D kernel as convolutions and transposes are: a weight per tap captured as a value (a dozen captures),
         * a store along the range's slow dimension (a strided kernel, which gets work-groups of its own), over a range
         * that is not a whole number of work-groups. Without it the JIT compiled the submit path for the other kernels'
         * few captures and unit strides, and a program's first such kernel made it stop (deoptimize) and run
         * interpreted again: 20-40 µs a submit for its first hundreds of submits on an H200's host, against 12 after.
         */
        private static Event transposed(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn) {
            float w0 = (turn & 3) * 0.25f, w1 = 0.5f, w2 = 0.25f, w3 = 0.125f, w4 = 1f, w5 = 0.125f, w6 = 0.25f;
            float w7 = 0.5f, w8 = turn & 1;
            int rows = 7;
            int cols = 8;
            return queue.submit(h -> {
                var x = in.read(h);
                var y = out.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    float a = w0 * x.get(i, j) + w1 * x.get(i + 1, j) + w2 * x.get(i, Math.max(j - 1, 0));
                    float b = w3 * x.get(i + 1, Math.min(j + 1, cols - 1)) + w4 + w5 * a + w6 * a * a;
                    y.set(j, i, w7 * a + b + w8);
                });
            });
        }

        /** The work-group size of {@link #tiled}. */
        private static final int TILE = 16;

        /**
         * An nd-range kernel as tiled ones are: local memory, a barrier, a device array and a {@code long} captured, a
         * work-group of its own. Without it the JIT compiled the submit path for range launches only, and a program's
         * first nd-range kernel with local memory made it drop (deoptimize) the command group's recording, the
         * scheduler's submit, the repeated launch's comparison and the arguments' setting, to run them interpreted again
         * for hundreds of submits.
         */
        private static Event tiled(Queue queue, Buffer.OfFloat in, DeviceArray.OfFloat weights, Buffer.OfFloat out,
                int turn) {
            long bias = turn & 7;
            return queue.submit(h -> {
                var x = in.read(h);
                var y = out.write(h);
                var tile = LocalAccessor.ofFloat(h, TILE);
                h.parallelFor(NdRange.of(Range.of(64), Range.of(TILE)), it -> {
                    int l = it.localId(0);
                    tile.set(l, x.get(it.globalId(0)) * weights.get(l));
                    it.barrier();
                    y.set(it.globalId(0), tile.get(TILE - 1 - l) + bias);
                });
            });
        }

        /**
         * A kernel capturing a scalar of each kind the others do not (a {@code short}, a {@code byte}, a {@code char}, a
         * {@code boolean}, and a {@code double} where the device computes in double), each changing from turn to turn:
         * the arguments of each kind, set and put into a repeated launch's copy ({@code KernelArguments}), which a
         * program's first such kernel would otherwise make the JIT drop from the compiled submit path.
         */
        private Event mixed(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, int turn) {
            short s = (short) (turn & 3);
            byte b = (byte) (turn & 1);
            char c = (char) (turn & 2);
            boolean odd = (turn & 1) == 1;
            if (fp64) {
                double d = (turn & 3) * 0.5;
                return queue.submit(h -> {
                    var x = in.read(h);
                    var y = out.write(h);
                    h.parallelFor(Range.of(64), it -> y.set(it.id(0),
                            (float) (x.get(it.id(0)) * d) + s + b + c + (odd ? 1 : 0)));
                });
            }
            return queue.submit(h -> {
                var x = in.read(h);
                var y = out.write(h);
                h.parallelFor(Range.of(64), it -> y.set(it.id(0), x.get(it.id(0)) + s + b + c + (odd ? 1 : 0)));
            });
        }

        /**
         * A reduction into one float, as sums are: a launch kind of its own ({@code CommandGroupRecord.Reduce}), with
         * the reduction's arguments and its work-groups, which the scheduler's type switches would otherwise meet first
         * in a program's first reduction.
         */
        private static Event reduced(Queue queue, Buffer.OfFloat in, Buffer.OfFloat sum, int turn) {
            float bias = turn & 1;
            return queue.submit(h -> {
                var x = in.read(h);
                h.parallelFor(Range.of(64), Reduction.sum(sum), (it, acc) -> acc.combine(x.get(it.id(0)) + bias));
            });
        }

        private static Event threeD(Queue queue, Buffer.OfFloat in, Buffer.OfInt out, int turn) {
            return queue.submit(h -> {
                var x = in.read(h);
                var n = out.write(h);
                h.parallelFor(Range.of(4, 4, 4), it -> n.set(it.id(0), it.id(1), it.id(2),
                        Float.floatToRawIntBits(x.get(it.id(0), it.id(1), it.id(2))) ^ turn));
            });
        }

        @Override
        public void close() {
            try (var a = x1[0]; var b = x1[1]; var c = y1[0]; var d = y1[1]; var e = x2[0]; var f = x2[1];
                 var g = y2[0]; var i = y2[1]; var j = x3[0]; var k = x3[1]; var m = n3[0]; var n = n3[1];
                 var a2 = x1[2]; var c2 = y1[2]; var e2 = x2[2]; var g2 = y2[2]; var j2 = x3[2]; var m2 = n3[2];
                 var w = weights; var r = sum) {
                // Each buffer waits for its kernels as it closes.
            }
        }
    }
}
