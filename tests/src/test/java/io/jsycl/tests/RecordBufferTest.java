package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.lang.foreign.MemoryLayout;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Buffers of records: arrays of C structs on the device, records again on the host. */
class RecordBufferTest {
    private static final int N = 1001;

    record Particle(float x, float y, float vx, float vy, int id, boolean alive) {}

    /** Every primitive type, in an order that needs padding. */
    record Mixed(byte b, double d, char c, int i, short s, boolean z, long l, float f) {}

    record Named(String name, float x) {}

    record Inner(float a) {}

    record Outer(Inner inner, int n) {}

    /** A compact constructor that changes its argument: cannot be built in a kernel. */
    record Clamped(float v) {
        Clamped {
            v = Math.max(0f, v);
        }
    }

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    static Particle[] particles(long seed) {
        var random = new Random(seed);
        var ps = new Particle[N];
        for (int i = 0; i < N; i++) {
            ps[i] = new Particle(random.nextFloat() * 200f - 50f, random.nextFloat() * 10f, random.nextFloat() - 0.5f,
                    random.nextFloat() * 3f, i * 7 - 300, random.nextBoolean());
        }
        return ps;
    }

    static Particle step(Particle p, float dt) {
        float x = p.x() + p.vx() * dt;
        return new Particle(x, p.y() + p.vy() * dt, p.vx(), p.vy() * 0.5f - 9.81f * dt, p.id() + 1,
                p.alive() && x < 100f);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void kernelReadsFieldsAndWritesNewRecords(Device device) {
        Particle[] ps = particles(1);
        Particle[] original = ps.clone();
        float[] speed = new float[N];
        float dt = 0.125f;
        try (var q = new Queue(device); var bufP = Buffer.of(ps); var bufS = Buffer.of(speed)) {
            q.submit(h -> {
                var p = bufP.readWrite(h);
                var s = bufS.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int i = it.id(0);
                    s.set(i, p.get(i).vx() * p.get(i).vx() + p.get(i).vy());
                    Particle old = p.get(i);
                    float x = old.x() + old.vx() * dt;
                    p.set(i, new Particle(x, old.y() + old.vy() * dt, old.vx(), old.vy() * 0.5f - 9.81f * dt,
                            old.id() + 1, old.alive() && x < 100f));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            Particle o = original[i];
            assertThat(speed[i]).as("speed[%d]", i).isEqualTo(o.vx() * o.vx() + o.vy());
            assertThat(ps[i]).as("particle %d", i).isEqualTo(step(o, dt));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void recordsPassToAndFromDeviceFunctionsAndFillAWriteOnlyBuffer(Device device) {
        // An array of nulls holds no values to keep: writeNoInit, not write, which would read them.
        Particle[] in = particles(2);
        Particle[] out = new Particle[N];
        float dt = 0.25f;
        try (var q = new Queue(device); var bufI = Buffer.of(in); var bufO = Buffer.of(out)) {
            q.submit(h -> {
                var a = bufI.read(h);
                var b = bufO.writeNoInit(h);
                h.parallelFor(Range.of(N), it -> b.set(it.id(0), step(a.get(it.id(0)), dt)));
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(out[i]).as("particle %d", i).isEqualTo(step(in[i], dt));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void everyPrimitiveTypeRoundTripsThroughThePaddedLayout(Device device) {
        var random = new Random(3);
        Mixed[] ms = new Mixed[N];
        for (int i = 0; i < N; i++) {
            ms[i] = new Mixed((byte) random.nextInt(), random.nextDouble(), (char) random.nextInt(), random.nextInt(),
                    (short) random.nextInt(), random.nextBoolean(), random.nextLong(), random.nextFloat());
        }
        Mixed[] original = ms.clone();
        boolean fp64 = device.isHost() || device.hasFp64();
        try (var q = new Queue(device); var buf = Buffer.of(ms)) {
            assertThat(buf.layout().byteSize()).isEqualTo(48);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("d"))).isEqualTo(8);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("c"))).isEqualTo(16);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("i"))).isEqualTo(20);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("s"))).isEqualTo(24);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("z"))).isEqualTo(26);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("l"))).isEqualTo(32);
            assertThat(buf.layout().byteOffset(MemoryLayout.PathElement.groupElement("f"))).isEqualTo(40);
            if (fp64) {
                q.submit(h -> {
                    var m = buf.readWrite(h);
                    h.parallelFor(Range.of(N), it -> {
                        int i = it.id(0);
                        Mixed v = m.get(i);
                        m.set(i, new Mixed((byte) (v.b() + 1), v.d() * 2.0, (char) (v.c() + 3), v.i() ^ 0x5a5a,
                                (short) (v.s() - 7), !v.z(), v.l() * 31L, v.f() + 0.5f));
                    });
                });
            }
        }
        if (fp64) {
            for (int i = 0; i < N; i++) {
                Mixed v = original[i];
                assertThat(ms[i]).as("record %d", i).isEqualTo(new Mixed((byte) (v.b() + 1), v.d() * 2.0,
                        (char) (v.c() + 3), v.i() ^ 0x5a5a, (short) (v.s() - 7), !v.z(), v.l() * 31L, v.f() + 0.5f));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void readOnlyRecordsAreNotWrittenBackChanged(Device device) {
        Particle[] ps = particles(4);
        Particle[] original = ps.clone();
        int[] ids = new int[N];
        try (var q = new Queue(device); var bufP = Buffer.of(ps); var bufI = Buffer.of(ids)) {
            q.submit(h -> {
                var p = bufP.read(h);
                var o = bufI.write(h);
                h.parallelFor(Range.of(N), it -> o.set(it.id(0), p.get(it.id(0)).alive() ? p.get(it.id(0)).id() : -1));
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(ids[i]).isEqualTo(original[i].alive() ? original[i].id() : -1);
            assertThat(ps[i]).isEqualTo(original[i]);
        }
    }

    @Test
    void recordsWithNonPrimitiveComponentsAreRejected() {
        assertThatThrownBy(() -> Buffer.of(new Named[] {new Named("a", 1f)}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name")
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("components are all primitives");
        assertThatThrownBy(() -> Buffer.of(new Outer[1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nested records");
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aRecordWhoseConstructorChangesItsArgumentsCannotBeBuiltInAKernel(Device device) {
        Clamped[] cs = {new Clamped(1f), new Clamped(2f)};
        try (var q = new Queue(device); var buf = Buffer.of(cs)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var c = buf.readWrite(h);
                h.parallelFor(Range.of(2), it -> c.set(it.id(0), new Clamped(c.get(it.id(0)).v() - 5f)));
            })).isInstanceOf(KernelLoweringException.class).hasMessageContaining("constructor");
        }
    }

    @Test
    void aNullAmongRecordsIsRejectedAtBufferOfWithItsIndex() {
        Particle[] ps = particles(5);
        ps[3] = null;
        assertThatThrownBy(() -> Buffer.of(ps)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("records[3] is null; a buffer of records holds values, not references");
        assertThatThrownBy(() -> Buffer.of(ps, Range.of(7, 143))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("records[3] is null");
        assertThatThrownBy(() -> Buffer.of((Particle[]) null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("records");
    }

    /**
     * An array of nulls alone is an output for a kernel to fill (writeNoInit); reading it before (read, or write, which
     * keeps unstored elements), or reading a slot emptied after Buffer.of, fails on every device naming the slot: the
     * host device's kernel got a bare
     * NullPointerException, PoCL uploaded zeros.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void readingANullRecordFailsTheCommandNamingItsIndex(Device device) {
        Particle[] ps = particles(6);
        Particle[] empty = new Particle[N];
        float[] xs = new float[N];
        try (var q = new Queue(device); var bufX = Buffer.of(xs)) {
            var bufP = Buffer.of(ps);
            var bufE = Buffer.of(empty);
            ps[5] = null; // the buffer owns the array now; this is the misuse
            assertThatThrownBy(() -> copyX(q, bufP, bufX)).hasStackTraceContaining("records[5] is null");
            assertThatThrownBy(() -> copyX(q, bufE, bufX)).hasStackTraceContaining("records[0] is null");
            assertThatThrownBy(() -> {
                q.submit(h -> {
                    var e = bufE.write(h); // keeps what the kernel does not store, so it reads the nulls
                    h.parallelFor(Range.of(1), it -> e.set(0, new Particle(1, 2, 3, 4, 5, true)));
                });
                q.await();
            }).hasStackTraceContaining("records[0] is null").hasStackTraceContaining("writeNoInit(h)");
            // Each failure was thrown once, by the command that met it: the closes and the queue's wait report
            // nothing more (a close rethrowing it made try-with-resources fail with "Self-suppression not permitted").
            q.await();
            bufP.close();
            bufE.close();
        }
    }

    /** A failed upload's exception reaches try-with-resources once: the buffer's close does not throw it again. */
    @ParameterizedTest
    @MethodSource("devices")
    void aFailedUploadInTryWithResourcesIsReportedOnceWithItsIndex(Device device) {
        Particle[] ps = particles(6);
        float[] xs = new float[N];
        Throwable thrown = catchThrowable(() -> {
            try (var q = new Queue(device); var bufX = Buffer.of(xs); var bufP = Buffer.of(ps)) {
                ps[2] = null;
                copyX(q, bufP, bufX);
            }
        });
        assertThat(thrown).isNotNull().hasStackTraceContaining("records[2] is null");
        assertThat(thrown).isNotInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getSuppressed()).isEmpty();
    }

    /** Submits xs[i] = particles[i].x() over N items and waits for the queue, which throws the kernel's failure. */
    private static void copyX(Queue q, Buffer.OfRecord<Particle> particles, Buffer.OfFloat xs) {
        q.submit(h -> {
            var p = particles.read(h);
            var x = xs.write(h);
            h.parallelFor(Range.of(N), it -> x.set(it.id(0), p.get(it.id(0)).x()));
        });
        q.await();
    }
}
