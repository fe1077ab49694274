package io.jsycl.program;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The child JVM of {@link MultiProcessCacheTest}: one mode per run, prints {@code OK ...} on
 * success (exit 0), anything else is a failure.
 * <ul>
 * <li>{@code pocl DIR}: builds {@link #SOURCE} through ProgramManager on the first OpenCL device and runs it.</li>
 * <li>{@code fake DIR MAX_SIZE COUNT}: builds COUNT distinct programs with the fake compiler over a
 *     persistent cache of MAX_SIZE bytes and checks each.</li>
 * <li>{@code writer DIR}: stores 1 MiB entries forever, printing {@code stored N} after each.</li>
 * <li>{@code twodevices DIR}: alternates kernels between the first two devices of one context.</li>
 * </ul>
 */
public final class CacheChild {
    static final ProgramSource SOURCE = ProgramSource.of(
            "kernel void twice(global int *a) { size_t i = get_global_id(0); a[i] = 2 * a[i]; }");

    private CacheChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "pocl" -> pocl(dir);
            case "fake" -> fake(dir, Long.parseLong(args[2]), Integer.parseInt(args[3]));
            case "writer" -> writer(dir);
            case "twodevices" -> twoDevices(dir);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static CacheConfig config(Path dir, int capacity) {
        return new CacheConfig(true, dir, 0, capacity, false);
    }

    private static List<ClDevice> devices() {
        for (ClPlatform p : ClPlatform.all()) {
            if (!p.devices().isEmpty()) {
                return p.devices();
            }
        }
        throw new IllegalStateException("no OpenCL device");
    }

    private static void pocl(Path dir) {
        ClDevice device = devices().getFirst();
        try (ClContext context = ClContext.create(List.of(device))) {
            ProgramManager manager = ProgramManager.of(context, config(dir, 16));
            int[] result = run(context, device, manager.getOrCreateKernel(device, SOURCE, "twice"));
            check(List.of(0, 2, 4, 6).equals(toList(result)), "wrong result " + toList(result));
            ProgramManager.Stats s = manager.stats();
            ProgramManager.forget(context);
            System.out.println("OK builds=" + s.builds() + " diskHits=" + s.diskHits());
        }
    }

    private static void fake(Path dir, long maxSize, int count) {
        var compiler = new FakeCompiler();
        PersistentCache disk = PersistentCache.open(dir, maxSize, false);
        check(disk != null, "cache folder unusable");
        var cache = new KernelProgramCache<>(compiler, disk, 4, false);
        for (int i = 0; i < count; i++) {
            String source = "kernel void k" + i + "() {} // " + "x".repeat(200 + 37 * i);
            CachedKernel<FakeCompiler.Program, FakeCompiler.Kernel> k = cache.getKernel("dev", ProgramSource.of(source),
                    "k" + i);
            check(k.program.program.source().equals(source), "program " + i + " has another source");
        }
        System.out.println("OK sourceBuilds=" + compiler.sourceBuilds + " binaryBuilds=" + compiler.binaryBuilds);
    }

    private static void writer(Path dir) {
        PersistentCache disk = PersistentCache.open(dir, 0, false);
        DeviceDescription device = new DeviceDescription("dev", "1", "1", "p", "1");
        byte[] big = new byte[1 << 20];
        for (int i = 0; ; i++) {
            disk.store(new PersistentCacheKey("source " + i, "", new TreeMap<>(), device), big);
            System.out.println("stored " + i);
            System.out.flush();
        }
    }

    private static void twoDevices(Path dir) {
        List<ClDevice> devices = devices();
        check(devices.size() >= 2, "expected 2 devices (POCL_DEVICES='pthread pthread'), got " + devices.size());
        List<ClDevice> two = devices.subList(0, 2);
        try (ClContext context = ClContext.create(two)) {
            ProgramManager manager = ProgramManager.of(context, config(dir, 2));
            for (int round = 0; round < 6; round++) {
                for (ClDevice d : two) {
                    int[] result = run(context, d, manager.getOrCreateKernel(d, SOURCE, "twice"));
                    check(List.of(0, 2, 4, 6).equals(toList(result)), "wrong result on " + d.name());
                }
            }
            ProgramManager.Stats s = manager.stats();
            ProgramManager.forget(context);
            check(s.misses() == 2 && s.evictions() == 0 && s.builds() + s.diskHits() == 2,
                    "expected one entry per device, no evictions: " + s);
            System.out.println("OK " + s);
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError(message);
        }
    }

    private static List<Integer> toList(int[] a) {
        var list = new ArrayList<Integer>();
        for (int v : a) {
            list.add(v);
        }
        return list;
    }

    static int[] run(ClContext context, ClDevice device, KernelHandle handle) {
        int n = 4;
        try (Arena arena = Arena.ofConfined();
             ClCommandQueue queue = ClCommandQueue.create(context, device, false, false);
             ClMem buffer = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, 4L * n, MemorySegment.NULL)) {
            MemorySegment host = arena.allocate(ValueLayout.JAVA_INT, n);
            for (int i = 0; i < n; i++) {
                host.setAtIndex(ValueLayout.JAVA_INT, i, i);
            }
            queue.enqueueWriteBuffer(buffer, true, 0, host, 4L * n, List.of()).close();
            try (KernelHandle.Lease lease = handle.acquire()) {
                lease.kernel().setArg(0, buffer);
                queue.enqueueNDRangeKernel(lease.kernel(), 1, null, new long[] {n}, null, List.of()).close();
            }
            queue.enqueueReadBuffer(buffer, true, 0, host, 4L * n, List.of()).close();
            return host.toArray(ValueLayout.JAVA_INT);
        }
    }
}
