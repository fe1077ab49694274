package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import java.nio.file.Path;
import java.util.List;

/**
 * The heat diffusion of {@link Stencil} on every GPU of the host at once: one {@link DistributedQueue} splits each
 * step's rows among the GPUs; each step reads its rows and one row on each side ({@link RangeMapper#neighborhood}),
 * so after every step the runtime brings each GPU the edge rows its neighbours wrote, and nothing else. The field
 * is the same as on one device, bit for bit; the final field is drawn as a PNG.
 */
public final class MultiGpuHeat {
    private MultiGpuHeat() {
    }

    /**
     * Runs {@code steps} steps of diffusion on the {@code n × n} field {@code u} (row-major), in place, split among
     * the devices of {@code dq}.
     *
     * @param dq the devices to run on
     * @param u the field, {@code n * n} floats
     * @param n the field's side
     * @param steps how many steps
     */
    public static void diffuse(DistributedQueue dq, float[] u, int n, int steps) {
        float[] other = u.clone();
        Range shape = Range.of(n, n);
        try (var bufU = Buffer.of(u, shape); var bufOther = Buffer.of(other, shape)) {
            for (int s = 0; s < steps; s++) {
                var from = s % 2 == 0 ? bufU : bufOther;
                var to = s % 2 == 0 ? bufOther : bufU;
                dq.submit(h -> {
                    var src = from.read(h, RangeMapper.neighborhood(1)); // its rows and one on each side
                    var dst = to.writeNoInit(h, RangeMapper.oneToOne()); // exactly its rows
                    h.parallelFor(shape, it -> {
                        int i = it.id(0);
                        int j = it.id(1);
                        if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                            dst.set(i, j, src.get(i, j));
                        } else {
                            dst.set(i, j, Stencil.update(src.get(i, j), src.get(i - 1, j), src.get(i + 1, j),
                                    src.get(i, j - 1), src.get(i, j + 1)));
                        }
                    });
                });
            }
        } // the buffers' close gathers every device's rows into u and other
        if (steps % 2 == 1) {
            System.arraycopy(other, 0, u, 0, u.length);
        }
    }

    /** Usage: {@code MultiGpuHeat [output.png] [n] [steps]}; defaults {@code heat.png 2048 1000}. */
    public static void main(String[] args) {
        Path path = Path.of(args.length > 0 ? args[0] : "heat.png");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 2048;
        int steps = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        float[] u = Stencil.initialField(n);
        try (var dq = new DistributedQueue()) {
            List<Device> devices = dq.devices();
            long[] bounds = dq.chunkBounds(n);
            for (int k = 0; k < devices.size(); k++) {
                System.out.printf("device %d: %s%s, rows %d to %d%n", k, devices.get(k).name(),
                        devices.get(k).pciBusId().map(p -> " (PCI " + p + ")").orElse(""), bounds[k], bounds[k + 1]);
            }
            long t0 = System.nanoTime();
            diffuse(dq, u, n, steps);
            System.out.printf("heat diffusion %dx%d, %d steps on %d device(s): %.1f ms%n", n, n, steps,
                    devices.size(), (System.nanoTime() - t0) / 1e6);
        }
        Stencil.writePng(path, u, n);
        System.out.println("wrote " + path.toAbsolutePath());
    }
}
