package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.stream.IntStream;

/**
 * One all-pairs gravity step in float: positions and masses as {@code (x, y, z, m)} quadruples, velocities as
 * {@code (vx, vy, vz, 0)}; writes new positions and velocities. Counted as 20 flops per interaction.
 * The hand-written kernel computes {@code 1.0f / sqrt(d2)} in float; Java's {@code (float) Math.sqrt(d2)} is the
 * same value (the square root is correctly rounded either way under {@code -cl-fp32-correctly-rounded-divide-sqrt}).
 */
final class NBody extends Workload {
    private static final float EPS = 0.01f;
    private static final float DT = 0.001f;
    /** The hand-written kernel(s), OpenCL C; {@link AparapiGapProbe} builds them several ways. */
    static final String SOURCE = """
            __kernel void nbody(__global const float* pos, __global const float* vel,
                                __global float* newPos, __global float* newVel, int n, float eps, float dt) {
                int i = get_global_id(0);
                float xi = pos[4 * i];
                float yi = pos[4 * i + 1];
                float zi = pos[4 * i + 2];
                float ax = 0.0f;
                float ay = 0.0f;
                float az = 0.0f;
                for (int j = 0; j < n; j++) {
                    float dx = pos[4 * j] - xi;
                    float dy = pos[4 * j + 1] - yi;
                    float dz = pos[4 * j + 2] - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + eps;
                    float inv = 1.0f / sqrt(d2);
                    float s = pos[4 * j + 3] * inv * inv * inv;
                    ax += dx * s;
                    ay += dy * s;
                    az += dz * s;
                }
                float vx = vel[4 * i] + ax * dt;
                float vy = vel[4 * i + 1] + ay * dt;
                float vz = vel[4 * i + 2] + az * dt;
                newVel[4 * i] = vx;
                newVel[4 * i + 1] = vy;
                newVel[4 * i + 2] = vz;
                newVel[4 * i + 3] = 0.0f;
                newPos[4 * i] = xi + vx * dt;
                newPos[4 * i + 1] = yi + vy * dt;
                newPos[4 * i + 2] = zi + vz * dt;
                newPos[4 * i + 3] = pos[4 * i + 3];
            }
            """;

    private final int n;
    private final float[] pos;
    private final float[] vel;
    private float[] javaPos;
    private float[] javaVel;

    NBody(Config config, int n) {
        super(config);
        this.n = n;
        this.pos = randomFloats(4 * n, 7);
        this.vel = randomFloats(4 * n, 8);
        for (int i = 0; i < n; i++) {
            vel[4 * i + 3] = 0.0f;
        }
    }

    @Override
    String name() {
        return "n-body step";
    }

    @Override
    String size() {
        return n + " bodies";
    }

    @Override
    double work() {
        return 20.0 * n * n;
    }

    @Override
    String unit() {
        return "GFLOP/s";
    }

    static Event step(Queue q, Buffer.OfFloat bufPos, Buffer.OfFloat bufVel, Buffer.OfFloat bufNewPos,
            Buffer.OfFloat bufNewVel, int n, float eps, float dt) {
        return step(q, bufPos, bufVel, bufNewPos, bufNewVel, n, eps, dt, false);
    }

    static Event step(Queue q, Buffer.OfFloat bufPos, Buffer.OfFloat bufVel, Buffer.OfFloat bufNewPos,
            Buffer.OfFloat bufNewVel, int n, float eps, float dt, boolean fastMath) {
        return q.submit(h -> {
            if (fastMath) {
                h.fastMath();
            }
            var pos = bufPos.read(h);
            var vel = bufVel.read(h);
            var newPos = bufNewPos.writeNoInit(h); // stores every element: nothing to bring in
            var newVel = bufNewVel.writeNoInit(h); // stores every element: nothing to bring in
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                float xi = pos.get(4 * i);
                float yi = pos.get(4 * i + 1);
                float zi = pos.get(4 * i + 2);
                float ax = 0.0f;
                float ay = 0.0f;
                float az = 0.0f;
                for (int j = 0; j < n; j++) {
                    float dx = pos.get(4 * j) - xi;
                    float dy = pos.get(4 * j + 1) - yi;
                    float dz = pos.get(4 * j + 2) - zi;
                    float d2 = dx * dx + dy * dy + dz * dz + eps;
                    float inv = 1.0f / (float) Math.sqrt(d2);
                    float s = pos.get(4 * j + 3) * inv * inv * inv;
                    ax += dx * s;
                    ay += dy * s;
                    az += dz * s;
                }
                float vx = vel.get(4 * i) + ax * dt;
                float vy = vel.get(4 * i + 1) + ay * dt;
                float vz = vel.get(4 * i + 2) + az * dt;
                newVel.set(4 * i, vx);
                newVel.set(4 * i + 1, vy);
                newVel.set(4 * i + 2, vz);
                newVel.set(4 * i + 3, 0.0f);
                newPos.set(4 * i, xi + vx * dt);
                newPos.set(4 * i + 1, yi + vy * dt);
                newPos.set(4 * i + 2, zi + vz * dt);
                newPos.set(4 * i + 3, pos.get(4 * i + 3));
            });
        });
    }

    /** New positions followed by new velocities. */
    private static float[] concat(float[] a, float[] b) {
        float[] r = new float[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Override
    Result jsycl(Queue q) {
        return kernelTimes(q, false);
    }

    @Override
    Result jsyclFastMath(Queue q) {
        return kernelTimes(q, true);
    }

    private Result kernelTimes(Queue q, boolean fastMath) {
        float[] np = new float[4 * n];
        float[] nv = new float[4 * n];
        Stats s;
        try (var bp = Buffer.of(pos); var bv = Buffer.of(vel); var bnp = Buffer.of(np); var bnv = Buffer.of(nv)) {
            s = measure(() -> step(q, bp, bv, bnp, bnv, n, EPS, DT, fastMath).profile().durationNanos());
        }
        return new Result(s, concat(np, nv));
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        float[] np = new float[4 * n];
        float[] nv = new float[4 * n];
        long t0 = System.nanoTime();
        try (var bp = Buffer.of(pos); var bv = Buffer.of(vel); var bnp = Buffer.of(np); var bnv = Buffer.of(nv)) {
            step(q, bp, bv, bnp, bnv, n, EPS, DT);
        }
        return System.nanoTime() - t0;
    }

    @Override
    Result jsyclEndToEndKept(Queue q, boolean arrays) {
        try (var bp = keptFloats(4 * n, arrays); var bv = keptFloats(4 * n, arrays);
             var bnp = keptFloats(4 * n, arrays); var bnv = keptFloats(4 * n, arrays)) {
            Stats s = measureKept(() -> {
                write(bp, pos);
                write(bv, vel);
                long t0 = System.nanoTime();
                step(q, bp, bv, bnp, bnv, n, EPS, DT);
                fetch(bnp);
                fetch(bnv);
                return System.nanoTime() - t0;
            });
            return new Result(s, concat(read(bnp), read(bnv)));
        }
    }

    private ClKernel kernel(ClProgram p, ClMem bp, ClMem bv, ClMem bnp, ClMem bnv) {
        ClKernel k = ClKernel.create(p, "nbody");
        k.setArg(0, bp);
        k.setArg(1, bv);
        k.setArg(2, bnp);
        k.setArg(3, bnv);
        k.setArgInt(4, n);
        k.setArgFloat(5, EPS);
        k.setArgFloat(6, DT);
        return k;
    }

    @Override
    Result raw(RawCl cl) {
        float[] np = new float[4 * n];
        float[] nv = new float[4 * n];
        try (var arena = Arena.ofConfined(); var p = cl.build(SOURCE); var bp = cl.upload(arena, pos);
             var bv = cl.upload(arena, vel); var bnp = cl.buffer(16L * n); var bnv = cl.buffer(16L * n);
             var k = kernel(p, bp, bv, bnp, bnv)) {
            Stats s = measure(() -> cl.run(k, new long[] {n}, null));
            cl.download(arena, bnp, np);
            cl.download(arena, bnv, nv);
            return new Result(s, concat(np, nv));
        }
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        float[] np = new float[4 * n];
        float[] nv = new float[4 * n];
        try (var p = cl.build(SOURCE)) {
            long t0 = System.nanoTime();
            try (var arena = Arena.ofConfined(); var bp = cl.upload(arena, pos); var bv = cl.upload(arena, vel);
                 var bnp = cl.buffer(16L * n); var bnv = cl.buffer(16L * n); var k = kernel(p, bp, bv, bnp, bnv)) {
                cl.enqueue(k, new long[] {n}, null);
                cl.download(arena, bnp, np);
                cl.download(arena, bnv, nv);
            }
            return System.nanoTime() - t0;
        }
    }

    private void javaBody(int i) {
        float xi = pos[4 * i];
        float yi = pos[4 * i + 1];
        float zi = pos[4 * i + 2];
        float ax = 0.0f;
        float ay = 0.0f;
        float az = 0.0f;
        for (int j = 0; j < n; j++) {
            float dx = pos[4 * j] - xi;
            float dy = pos[4 * j + 1] - yi;
            float dz = pos[4 * j + 2] - zi;
            float d2 = dx * dx + dy * dy + dz * dz + EPS;
            float inv = 1.0f / (float) Math.sqrt(d2);
            float s = pos[4 * j + 3] * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        float vx = vel[4 * i] + ax * DT;
        float vy = vel[4 * i + 1] + ay * DT;
        float vz = vel[4 * i + 2] + az * DT;
        javaVel[4 * i] = vx;
        javaVel[4 * i + 1] = vy;
        javaVel[4 * i + 2] = vz;
        javaPos[4 * i] = xi + vx * DT;
        javaPos[4 * i + 1] = yi + vy * DT;
        javaPos[4 * i + 2] = zi + vz * DT;
        javaPos[4 * i + 3] = pos[4 * i + 3];
    }

    private void javaInit() {
        if (javaPos == null) {
            javaPos = new float[4 * n];
            javaVel = new float[4 * n];
        }
    }

    @Override
    void javaSequential() {
        javaInit();
        for (int i = 0; i < n; i++) {
            javaBody(i);
        }
    }

    @Override
    void javaParallel() {
        javaInit();
        IntStream.range(0, n).parallel().forEach(this::javaBody);
    }
}
