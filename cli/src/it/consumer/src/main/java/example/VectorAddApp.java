package example;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;

/** A user's program: vector add on the default device, checked against Java; exit 1 on a mismatch. */
public final class VectorAddApp {
    private VectorAddApp() {
    }

    public static void main(String[] args) {
        int n = 100_003;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = 1.0f / (i + 1);
        }
        String device;
        try (var q = new Queue();
             var A = Buffer.of(a);
             var B = Buffer.of(b);
             var C = Buffer.of(c)) {
            device = q.device().name();
            q.submit(h -> {
                var x = A.read(h);
                var y = B.read(h);
                var z = C.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    z.set(i, x.get(i) + y.get(i));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            if (c[i] != a[i] + b[i]) {
                System.out.println("consumer: MISMATCH at " + i + ": " + c[i] + " != " + (a[i] + b[i]));
                System.exit(1);
            }
        }
        System.out.println("consumer: vector add of " + n + " floats on " + device + " matches Java");
    }
}
