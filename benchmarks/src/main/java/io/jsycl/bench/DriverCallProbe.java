package io.jsycl.bench;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.function.LongSupplier;

/**
 * What each OpenCL call a {@link io.jsycl.DistributedQueue} step makes costs the calling thread, and whether calls on
 * different devices, from threads of their own, run side by side or one after another (a lock in the driver): the
 * host-side bound of a multi-GPU step, where a step of a stencil makes a dozen calls per device.
 *
 * <p>Part one, on the first device: each call's median and 90th percentile over {@code --calls} calls, timed one by
 * one (the queue is drained every 64 calls, untimed, so it never grows long). Part two, a step's calls (a marker that
 * waits for the kernel queue's last event, a kernel, a read and a write of one row through pinned memory, a flush, two
 * event releases) on {@code 1..G} devices: one thread making every device's calls in turn, and one thread per device at
 * once. Where the threads' step costs what one device's does, the driver runs them side by side; where it costs the
 * one thread's, they wait for each other.
 *
 * <pre>DriverCallProbe [--calls 4000] [--steps 2000] [--device gpu|cpu] [--row-bytes 65536]</pre>
 */
public final class DriverCallProbe {
    private static final String SOURCE = "kernel void nop(global int* a) { if (get_global_id(0) == 1u << 30) a[0] = 1; }";

    private DriverCallProbe() {
    }

    /** One device's context, two in-order queues, a kernel, a device row and a pinned host row. */
    private static final class Dev implements AutoCloseable {
        final ClContext context;
        final ClCommandQueue q;
        final ClCommandQueue t;
        final ClProgram program;
        final ClKernel kernel;
        final ClMem row;
        final ClMem pinned;
        final MemorySegment host;
        final long bytes;

        Dev(ClDevice device, long bytes) {
            this.bytes = bytes;
            this.context = ClContext.create(List.of(device));
            this.q = ClCommandQueue.create(context, device, false, false);
            this.t = ClCommandQueue.create(context, device, false, false);
            this.program = ClProgram.createWithSource(context, SOURCE);
            program.build(List.of(device), "");
            this.kernel = ClKernel.create(program, "nop");
            this.row = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
            kernel.setArg(0, row);
            this.pinned = ClMem.createBuffer(context, ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR, bytes,
                    MemorySegment.NULL);
            this.host = q.mapBuffer(pinned, ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, bytes, List.of());
        }

        ClEvent kernel() {
            return q.enqueueNDRangeKernel(kernel, 1, null, new long[] {256}, new long[] {256}, List.of());
        }

        void kernelWithoutEvent() {
            q.enqueueNDRangeKernelWithoutEvent(kernel, 1, null, new long[] {256}, new long[] {256}, List.of());
        }

        /** One step's calls: what a DistributedQueue step makes on one device, with the moves on queue t. */
        void step() {
            ClEvent last = kernel();
            ClEvent before = t.enqueueMarker(List.of(last));
            kernelWithoutEvent();
            ClEvent read = t.enqueueReadBuffer(row, false, 0, host, bytes, List.of());
            t.enqueueWriteBufferWithoutEvent(row, 0, host, bytes);
            t.flush();
            q.flush();
            last.close();
            before.close();
            read.close();
        }

        void drain() {
            q.finish();
            t.finish();
        }

        @Override
        public void close() {
            drain();
            q.enqueueUnmap(pinned, host, List.of()).close();
            q.finish();
            pinned.close();
            row.close();
            kernel.close();
            program.close();
            t.close();
            q.close();
            context.close();
        }
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> o = Suite.parse(args);
        boolean cpu = "cpu".equals(o.getOrDefault("device", "gpu"));
        int calls = Suite.intOpt(o, "calls", 4000);
        int steps = Suite.intOpt(o, "steps", 2000);
        long bytes = Suite.intOpt(o, "row-bytes", 65536);
        var devices = new ArrayList<ClDevice>();
        for (ClPlatform p : ClPlatform.all()) {
            for (ClDevice d : p.devices()) {
                if (cpu ? d.isCpu() : d.isGpu()) {
                    devices.add(d);
                }
            }
        }
        if (devices.isEmpty()) {
            throw new IllegalStateException("no " + (cpu ? "CPU" : "GPU") + " OpenCL device");
        }
        var devs = new ArrayList<Dev>();
        try {
            for (ClDevice d : devices) {
                devs.add(new Dev(d, bytes));
            }
            System.out.printf("## What each OpenCL call costs the calling thread: %s, %d devices, rows of %d bytes%n%n",
                    devices.getFirst().name(), devices.size(), bytes);
            calls(devs.getFirst(), calls);
            threads(devs, steps);
        } finally {
            devs.forEach(Dev::close);
        }
    }

    private static void calls(Dev d, int n) {
        System.out.println("| call | median µs | p90 µs |");
        System.out.println("|---|---|---|");
        time("kernel, event released", d, n, () -> {
            long t0 = System.nanoTime();
            d.kernel().close();
            return System.nanoTime() - t0;
        });
        time("kernel without event", d, n, () -> {
            long t0 = System.nanoTime();
            d.kernelWithoutEvent();
            return System.nanoTime() - t0;
        });
        time("kernel with event (the enqueue alone)", d, n, () -> {
            long t0 = System.nanoTime();
            ClEvent e = d.kernel();
            long dt = System.nanoTime() - t0;
            e.close();
            return dt;
        });
        // The launches of a 16384-wide stencil's chunk on four GPUs (4096 rows at an offset) and of its strips (256
        // rows), 2-D, with the work-group left to the driver and given: whether a launch's shape changes its cost.
        for (long rows : new long[] {256, 4096}) {
            for (long[] local : new long[][] {null, {32, 8}}) {
                long[] global = {16384, rows};
                long[] offset = {0, 4096};
                time("2-D kernel 16384x" + rows + " at a row offset, work-group " + (local == null ? "the driver's"
                        : local[0] + "x" + local[1]) + ", without event", d, n, () -> {
                            long t0 = System.nanoTime();
                            d.q.enqueueNDRangeKernelWithoutEvent(d.kernel, 2, offset, global, local, List.of());
                            return System.nanoTime() - t0;
                        });
            }
        }
        time("release of a kernel's event, just enqueued", d, n, () -> {
            ClEvent e = d.kernel();
            long t0 = System.nanoTime();
            e.close();
            return System.nanoTime() - t0;
        });
        time("release of a completed event", d, n, () -> {
            ClEvent e = d.kernel();
            e.await();
            long t0 = System.nanoTime();
            e.close();
            return System.nanoTime() - t0;
        });
        time("marker, no wait list", d, n, () -> {
            long t0 = System.nanoTime();
            ClEvent e = d.q.enqueueMarker(List.of());
            long dt = System.nanoTime() - t0;
            e.close();
            return dt;
        });
        time("marker waiting for its own queue's kernel", d, n, () -> {
            ClEvent k = d.kernel();
            long t0 = System.nanoTime();
            ClEvent e = d.q.enqueueMarker(List.of(k));
            long dt = System.nanoTime() - t0;
            e.close();
            k.close();
            return dt;
        });
        time("marker on a second queue waiting for a kernel", d, n, () -> {
            ClEvent k = d.kernel();
            long t0 = System.nanoTime();
            ClEvent e = d.t.enqueueMarker(List.of(k));
            long dt = System.nanoTime() - t0;
            e.close();
            k.close();
            return dt;
        });
        time("read of a row into pinned memory, with event", d, n, () -> {
            long t0 = System.nanoTime();
            ClEvent e = d.q.enqueueReadBuffer(d.row, false, 0, d.host, d.bytes, List.of());
            long dt = System.nanoTime() - t0;
            e.close();
            return dt;
        });
        time("write of a row from pinned memory, without event", d, n, () -> {
            long t0 = System.nanoTime();
            d.q.enqueueWriteBufferWithoutEvent(d.row, 0, d.host, d.bytes);
            return System.nanoTime() - t0;
        });
        time("write on a second queue waiting for a kernel", d, n, () -> {
            ClEvent k = d.kernel();
            long t0 = System.nanoTime();
            ClEvent e = d.t.enqueueWriteBuffer(d.row, false, 0, d.host, d.bytes, List.of(k));
            long dt = System.nanoTime() - t0;
            e.close();
            k.close();
            return dt;
        });
        time("flush after one kernel", d, n, () -> {
            d.kernelWithoutEvent();
            long t0 = System.nanoTime();
            d.q.flush();
            return System.nanoTime() - t0;
        });
        time("status of a completed event", d, n, () -> {
            ClEvent e = d.kernel();
            e.await();
            long t0 = System.nanoTime();
            e.executionStatus();
            long dt = System.nanoTime() - t0;
            e.close();
            return dt;
        });
        time("wait for a kernel just enqueued (flush, clWaitForEvents)", d, n, () -> {
            ClEvent e = d.kernel();
            long t0 = System.nanoTime();
            d.q.flush();
            e.await();
            long dt = System.nanoTime() - t0;
            e.close();
            return dt;
        });
        time("finish after one kernel", d, n, () -> {
            d.kernelWithoutEvent();
            long t0 = System.nanoTime();
            d.q.finish();
            return System.nanoTime() - t0;
        });
        System.out.println();
    }

    private static void time(String what, Dev d, int n, LongSupplier call) {
        for (int i = 0; i < n / 4; i++) { // warm-up
            call.getAsLong();
            if (i % 64 == 63) {
                d.drain();
            }
        }
        d.drain();
        long[] ns = new long[n];
        for (int i = 0; i < n; i++) {
            ns[i] = call.getAsLong();
            if (i % 64 == 63) {
                d.drain();
            }
        }
        d.drain();
        Arrays.sort(ns);
        System.out.printf("| %s | %.2f | %.2f |%n", what, ns[n / 2] / 1e3, ns[n * 9 / 10] / 1e3);
    }

    /** A step's calls on 1..G devices: from one thread in turn, and from a thread per device at once. */
    private static void threads(List<Dev> devs, int steps) throws Exception {
        System.out.println("A step's calls (a kernel with event, a marker on a second queue waiting for it, a kernel,"
                + " a read and a write of a row there, two flushes, three releases), per device:");
        System.out.println();
        System.out.println("| devices | one thread, µs a step per device | a thread per device, µs a step (wall) |"
                + " the same beside a thread in clFinish | beside a thread in clWaitForEvents |"
                + " beside a thread polling an event's status |");
        System.out.println("|---|---|---|---|---|---|");
        var counts = new ArrayList<Integer>();
        for (int g = 1; g < devs.size(); g *= 2) {
            counts.add(g);
        }
        counts.add(devs.size());
        for (int g : counts) {
            List<Dev> some = devs.subList(0, g);
            double one = oneThread(some, steps / 4); // warm-up
            one = oneThread(some, steps);
            double many = perDevice(some, steps / 4, Waiter.NONE);
            many = perDevice(some, steps, Waiter.NONE);
            double finish = perDevice(some, steps, Waiter.FINISH);
            double wait = perDevice(some, steps, Waiter.WAIT);
            double poll = perDevice(some, steps, Waiter.POLL);
            System.out.printf("| %d | %.2f | %.2f | %.2f | %.2f | %.2f |%n", g, one, many, finish, wait, poll);
        }
    }

    private static double oneThread(List<Dev> devs, int steps) {
        long total = 0;
        for (int s = 0; s < steps; s++) {
            long t0 = System.nanoTime();
            for (Dev d : devs) {
                d.step();
            }
            total += System.nanoTime() - t0;
            if (s % 32 == 31) {
                devs.forEach(Dev::drain);
            }
        }
        devs.forEach(Dev::drain);
        return total / 1e3 / steps / devs.size();
    }

    /** What a further thread does while the devices' threads make their steps: the completion thread's waits. */
    private enum Waiter {
        NONE, FINISH, WAIT, POLL;

        /** One wait for the commands on {@code d}'s kernel queue so far. */
        void await(Dev d) {
            switch (this) {
                case NONE -> { }
                case FINISH -> d.q.finish();
                case WAIT, POLL -> {
                    try (ClEvent e = d.q.enqueueMarker(List.of())) {
                        d.q.flush();
                        if (this == WAIT) {
                            e.await();
                        } else {
                            while (e.executionStatus() > 0) {
                                Thread.onSpinWait();
                            }
                        }
                    }
                }
            }
        }
    }

    private static double perDevice(List<Dev> devs, int steps, Waiter waiter) throws Exception {
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread waiting = waiter == Waiter.NONE ? null : Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                for (Dev d : devs) {
                    waiter.await(d);
                }
            }
        });
        try {
            return perDevice(devs, steps);
        } finally {
            stop.set(true);
            if (waiting != null) {
                waiting.join();
            }
        }
    }

    private static double perDevice(List<Dev> devs, int steps) throws Exception {
        var start = new CyclicBarrier(devs.size());
        long[] nanos = new long[devs.size()];
        var threads = new ArrayList<Thread>();
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < devs.size(); i++) {
            int k = i;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    Dev d = devs.get(k);
                    start.await();
                    long total = 0;
                    for (int s = 0; s < steps; s++) {
                        long t0 = System.nanoTime();
                        d.step();
                        total += System.nanoTime() - t0;
                        if (s % 32 == 31) {
                            d.drain();
                        }
                    }
                    d.drain();
                    nanos[k] = total;
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
        return Arrays.stream(nanos).max().orElse(0) / 1e3 / steps;
    }
}
