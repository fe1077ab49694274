package io.jsycl.tests.adversarial;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.program.CacheTool;
import io.jsycl.program.DiskCache;
import io.jsycl.samples.VectorAdd;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The child JVM of {@link CacheFolderAdversarialTest}: one mode per run, with the cache folder from
 * {@code JSYCL_CACHE_DIR}; prints {@code OK ...} and exits 0 on success, anything else is a failure.
 * <ul>
 * <li>{@code kernel}: adds two vectors on the first OpenCL device (a program build and a lowering, each through the
 *     persistent cache) and checks the sum.</li>
 * <li>{@code writer ID COUNT SIZE}: stores COUNT values of SIZE bytes in the {@code adv} disk cache (COUNT 0: for
 *     ever), printing {@code stored N} after each; a value read back is either absent or exactly what was stored.</li>
 * <li>{@code tool COMMAND}: runs {@code jsycl cache COMMAND} and prints its exit status as {@code status N}.</li>
 * </ul>
 */
public final class CacheUser {
    private CacheUser() {
    }

    /**
     * Runs one mode.
     *
     * @param args the mode and its arguments, as listed above
     */
    public static void main(String[] args) {
        switch (args[0]) {
            case "kernel" -> kernel();
            case "writer" -> writer(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "tool" -> System.out.println("status " + CacheTool.run(new String[] {args[1]}, System.out, System.out));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void kernel() {
        Device device = Device.all().stream().filter(d -> !d.isHost()).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OpenCL device"));
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
            b[i] = 2 * i;
        }
        try (var q = new Queue(device)) {
            VectorAdd.add(q, a, b, c);
        }
        for (int i = 0; i < n; i++) {
            if (c[i] != 3 * i) {
                throw new AssertionError("c[" + i + "] = " + c[i] + ", expected " + 3 * i);
            }
        }
        System.out.println("OK kernel");
    }

    /** The value stored under a key: its bytes repeated, so that a torn or mixed value is seen. */
    static byte[] value(String key, int size) {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        byte[] v = new byte[size];
        for (int i = 0; i < size; i++) {
            v[i] = k[i % k.length];
        }
        return v;
    }

    private static void writer(String id, int count, int size) {
        DiskCache cache = DiskCache.open("adv");
        if (cache == null) {
            throw new IllegalStateException("the disk cache is off");
        }
        int found = 0;
        for (int i = 0; count == 0 || i < count; i++) {
            String key = "writer " + id + " value " + i;
            cache.put(key, value(key, size));
            String probe = "writer " + id + " value " + i / 2;
            byte[] back = cache.get(probe);
            if (back != null) {
                found++;
                if (!Arrays.equals(back, value(probe, size))) {
                    throw new AssertionError("value of '" + probe + "' read back changed");
                }
            }
            System.out.println("stored " + i);
            System.out.flush();
        }
        System.out.println("OK writer " + id + " found " + found);
    }
}
