package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.GridAccess;
import io.jsycl.ItemKernel;
import io.jsycl.WideAccess;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Accessors of records: the element struct's layout, field loads, struct values and construction. */
class RecordAccessorTest {
    record Particle(float x, float y, float vx, float vy, int id, boolean alive) {}

    /** Every primitive type, in an order that needs padding. */
    record Mixed(byte b, double d, char c, int i, short s, boolean z, long l, float f) {}

    record Positive(float v) {
        Positive {
            if (v < 0) {
                throw new IllegalArgumentException();
            }
        }
    }

    static Particle moved(Particle p, float dt) {
        return new Particle(p.x() + p.vx() * dt, p.y() + p.vy() * dt, p.vx(), p.vy(), p.id(), p.alive());
    }

    static ItemKernel particles(GridAccess.OfRecord<Particle> ps, WideAccess.OfFloat xs, float dt) {
        return it -> {
            int i = it.id(0);
            xs.set(i, ps.get(i).x());
            Particle p = ps.get(i);
            ps.set(i, p.alive() ? moved(p, dt) : new Particle(p.x(), p.y(), 0f, 0f, p.id(), false));
        };
    }

    @Test
    void fieldReadsAreSingleLoadsAndTheStructMatchesTheRuntimeLayout() {
        var ps = Faces.records(Particle.class, "READ_WRITE");
        LoweredKernel lowered = Lambdas.lower(1, particles(ps, Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"), 0.5f));
        Golden.check("recordBuffer", lowered);
        assertThat(lowered.source()).contains("cap->xs.data[i + JSYCL_OFFSET(cap->xs.offset[0])] = cap->ps.data[i + JSYCL_OFFSET(cap->ps.offset[0])].x;");
        assertThat(lowered.source()).contains("uchar alive; /* offset 20 */");
        assertThat(lowered.args()).extracting(KernelArg::role).startsWith(ArgRole.ACCESSOR_DATA, ArgRole.ACCESSOR_OFFSET);
    }

    @Test
    void offsetsFollowNaturalAlignment() {
        List<ScalarType> mixed = List.of(ScalarType.BYTE, ScalarType.DOUBLE, ScalarType.CHAR, ScalarType.INT,
                ScalarType.SHORT, ScalarType.BOOLEAN, ScalarType.LONG, ScalarType.FLOAT);
        assertThat(RecordType.offsets(mixed)).containsExactly(0, 8, 16, 20, 24, 26, 32, 40, 48);
        assertThat(RecordType.offsets(List.of(ScalarType.INT, ScalarType.BYTE))).containsExactly(0, 4, 8);
        assertThat(RecordType.offsets(List.of(ScalarType.BYTE, ScalarType.BYTE, ScalarType.BYTE))).containsExactly(0, 1, 2, 3);
    }

    static ItemKernel mixed(GridAccess.OfRecord<Mixed> ms) {
        return it -> {
            Mixed m = ms.get(it.id(0));
            ms.set(it.id(0), new Mixed((byte) (m.b() + 1), m.d(), m.c(), m.i(), m.s(), !m.z(), m.l(), m.f()));
        };
    }

    @Test
    void everyPrimitiveTypeInAStruct() {
        LoweredKernel lowered = Lambdas.lower(1, mixed(Faces.records(Mixed.class, "READ_WRITE")));
        Golden.check("recordBufferMixed", lowered);
    }

    static ItemKernel readOnlyWrite(GridAccess.OfRecord<Particle> ps) {
        return it -> ps.set(it.id(0), ps.get(0));
    }

    static ItemKernel validating(GridAccess.OfRecord<Positive> ps) {
        return it -> ps.set(it.id(0), new Positive(ps.get(it.id(0)).v() + 1f));
    }

    @Test
    void writesThroughReadAccessorsAndValidatingConstructorsAreRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, readOnlyWrite(Faces.records(Particle.class, "READ"))))
                .isInstanceOf(LoweringException.class).hasMessageContaining("read-only");
        assertThatThrownBy(() -> Lambdas.lower(1, validating(Faces.records(Positive.class, "READ_WRITE"))))
                .isInstanceOf(LoweringException.class).hasMessageContaining("constructor");
    }
}
