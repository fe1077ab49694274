package io.jsycl.cli;

import io.jsycl.Accessor;
import io.jsycl.Functions;
import io.jsycl.Handler;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.Buffer;

/** Kernels for {@link KernelsCommandTest}: never run, only scanned. */
final class Kernels {
    private Kernels() {
    }

    record Pair(float scale, int offset) {
    }

    static final class Good {
        private Good() {
        }

        static void twoD(Handler h, Accessor.OfFloat m, Pair p, int n) {
            h.parallelFor(Range.of(n, n), it -> m.set(it.id(0), it.id(1), m.get(it.id(0), it.id(1)) * p.scale()));
        }

        static void task(Handler h, Accessor.OfInt out) {
            h.singleTask(() -> out.set(0, 42));
        }

        static void nd(Handler h, Accessor.OfInt data, LocalAccessor.OfInt tile) {
            h.parallelFor(NdRange.of(Range.of(64), Range.of(16)), it -> {
                tile.set(it.localId(0), data.get((int) it.globalId(0)));
                it.barrier();
                data.set((int) it.globalId(0), tile.get(15 - it.localId(0)));
            });
        }

        static void sum(Handler h, Buffer.OfInt out, int[] values) {
            h.parallelFor(Range.of(values.length), Reduction.sum(out), (it, s) -> s.combine(values[it.id(0)]));
        }
    }

    /** A kernel over an accessor of records, on a line of its own (the report names the lambda's line). */
    static final class Records {
        private Records() {
        }

        static void norms(Handler h, Accessor.OfRecord<Pair> pairs, Accessor.OfFloat out) {
            h.parallelFor(Range.of(8), it -> {
                Pair p = pairs.get(it.id(0));
                out.set(it.id(0), p.scale() * p.offset());
                pairs.set(it.id(0), new Pair(p.scale() * 2, p.offset() + 1));
            });
        }

        static final int NORMS_LINE = 51; // the line of the parallelFor above
    }

    static final class Bad {
        private Bad() {
        }

        static void allocates(Handler h, Accessor.OfFloat a) {
            h.parallelFor(Range.of(4), it -> {
                float[] tmp = new float[it.id(0) + 1]; // private arrays need a constant length
                a.set(it.id(0), tmp[it.id(0)]);
            });
        }

        static void capturesAnObject(Handler h, Accessor.OfFloat a, StringBuilder sb) {
            h.parallelFor(Range.of(4), it -> a.set(it.id(0), sb.length()));
        }
    }

    static final class FunctionObjects {
        private FunctionObjects() {
        }

        static void keeps(Handler h, Accessor.OfFloat a, Functions.FloatPredicate keep) {
            h.parallelFor(Range.of(4), it -> a.set(it.id(0), keep.test(a.get(it.id(0))) ? 1f : 0f));
        }
    }

    /** A kernel of two reductions in one parallelFor. */
    static final class SeveralReductions {
        private SeveralReductions() {
        }

        static void sumAndMaximum(Handler h, Buffer.OfInt sum, Buffer.OfLong max, int[] values) {
            h.parallelFor(Range.of(values.length), Reduction.sum(sum), Reduction.max(max), (it, s, m) -> {
                s.combine(values[it.id(0)]);
                m.combine((long) values[it.id(0)] << 3);
            });
        }

        static void groupSums(Handler h, Buffer.OfFloat sums, Accessor.OfFloat in) {
            h.parallelFor(NdRange.of(Range.of(1024), Range.of(64)), Reduction.sum(sums),
                    (it, s) -> s.combine((int) it.groupId(0), in.get((int) it.globalId(0))));
        }
    }
}
