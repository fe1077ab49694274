package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;

/**
 * The jsycl path of the sweep: kernels as a user writes them, over buffers made from Java arrays. Buffers are
 * made, and their contents uploaded, once per size; after that only kernels run. Nothing opens a host accessor
 * between the timed command groups, so each buffer's device copy stays the current one and no command moves data
 * between host and device ({@code SweepTest} checks this through the scheduler's trace). The check, before the
 * timing, reads the output through a host accessor; the warm-up round then pays its upload.
 */
final class SweepJsycl {
    private SweepJsycl() {
    }

    /** {@code y[i] = a * x[i] + y[i]}: one work-item per element, {@code parallelFor(Range.of(n), ...)}. */
    static Event saxpy(Queue q, float alpha, Buffer.OfFloat bufX, Buffer.OfFloat bufY, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var y = bufY.readWrite(h);
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                y.set(i, alpha * x.get(i) + y.get(i));
            });
        });
    }

    /** {@code Reduction.sum(out)} of {@code x}, combined with {@code out}'s prior contents. */
    static Event sum(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufOut, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            h.parallelFor(Range.of(n), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get(it.id(0))));
        });
    }

    /** {@code Reduction.sum(out)} of {@code x}, combined with {@code out}'s prior contents. */
    static Event sum(Queue q, Buffer.OfFloat bufX, Buffer.OfFloat bufOut, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            h.parallelFor(Range.of(n), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get(it.id(0))));
        });
    }

    /** The base of the three: the queues; subclasses hold the buffers. */
    private abstract static class Op implements SweepOp {
        final Queue plain;
        final Queue profiling;
        final int n;

        Op(Queue plain, Queue profiling, int n) {
            this.plain = plain;
            this.profiling = profiling;
            this.n = n;
        }

        abstract Event submit(Queue q);

        @Override
        public void submit() {
            submit(plain);
        }

        @Override
        public void await() {
            plain.await();
        }

        @Override
        public long deviceNanos() {
            return submit(profiling).profile().durationNanos();
        }
    }

    /** SAXPY, one work-item per {@code width} elements: 1, 4 ({@link #saxpy4}) or 8 ({@link #saxpy8}). */
    static SweepOp saxpy(Queue plain, Queue profiling, SweepData data, int n, int width) {
        float[] y0 = SweepData.prefix(data.y, n);
        var x = Buffer.of(SweepData.prefix(data.x, n));
        var y = Buffer.of(y0.clone());
        return new Op(plain, profiling, n) {
            @Override
            Event submit(Queue q) {
                return switch (width) {
                    case 4 -> saxpy4(q, SweepData.ALPHA, x, y, n);
                    case 8 -> saxpy8(q, SweepData.ALPHA, x, y, n);
                    default -> saxpy(q, SweepData.ALPHA, x, y, n);
                };
            }

            @Override
            public String check() {
                submit(plain).await();
                return SweepData.checkSaxpy(Workload.read(y), data.x, y0);
            }

            @Override
            public void close() {
                x.close();
                y.close();
            }
        };
    }

    /** SAXPY over {@code Float4}: one work-item per four elements, {@code get4}/{@code set4} (vload4/vstore4). */
    static Event saxpy4(Queue q, float alpha, Buffer.OfFloat bufX, Buffer.OfFloat bufY, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var y = bufY.readWrite(h);
            h.parallelFor(Range.of(n / 4), it -> {
                int i = it.id(0);
                y.set4(i, x.get4(i).mul(alpha).add(y.get4(i)));
            });
        });
    }

    /** SAXPY over {@code Float8}: one work-item per eight elements, {@code get8}/{@code set8} (vload8/vstore8). */
    static Event saxpy8(Queue q, float alpha, Buffer.OfFloat bufX, Buffer.OfFloat bufY, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            var y = bufY.readWrite(h);
            h.parallelFor(Range.of(n / 8), it -> {
                int i = it.id(0);
                y.set8(i, x.get8(i).mul(alpha).add(y.get8(i)));
            });
        });
    }

    /** {@code Reduction.sum(out)} of {@code x} read as Int4s ({@code get4}): {@code n / 4} items of four elements. */
    static Event sum4(Queue q, Buffer.OfInt bufX, Buffer.OfInt bufOut, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            h.parallelFor(Range.of(n / 4), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get4(it.id(0)).sum()));
        });
    }

    /** {@code Reduction.sum(out)} of {@code x} read as Float4s ({@code get4}): {@code n / 4} items of four elements. */
    static Event sum4(Queue q, Buffer.OfFloat bufX, Buffer.OfFloat bufOut, int n) {
        return q.submit(h -> {
            var x = bufX.read(h);
            h.parallelFor(Range.of(n / 4), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get4(it.id(0)).sum()));
        });
    }

    /** The int sum, one element an item ({@code width} 1) or four ({@code width} 4, {@link #sum4}). */
    static SweepOp sumInt(Queue plain, Queue profiling, SweepData data, int log2n, int width) {
        int n = 1 << log2n;
        var x = Buffer.of(SweepData.prefix(data.ints, n));
        var out = Buffer.of(new int[1]);
        return new Op(plain, profiling, n) {
            @Override
            Event submit(Queue q) {
                return width == 4 ? sum4(q, x, out, n) : sum(q, x, out, n);
            }

            @Override
            public String check() {
                Workload.write(out, new int[1]); // the reduction adds to what the output holds
                submit(plain).await();
                return SweepData.checkIntSum(Workload.fetch(out), data.intSum(log2n));
            }

            @Override
            public void close() {
                x.close();
                out.close();
            }
        };
    }

    /** The float sum, one element an item ({@code width} 1) or four ({@code width} 4, {@link #sum4}). */
    static SweepOp sumFloat(Queue plain, Queue profiling, SweepData data, int log2n, int width) {
        int n = 1 << log2n;
        var x = Buffer.of(SweepData.prefix(data.x, n));
        var out = Buffer.of(new float[1]);
        return new Op(plain, profiling, n) {
            @Override
            Event submit(Queue q) {
                return width == 4 ? sum4(q, x, out, n) : sum(q, x, out, n);
            }

            @Override
            public String check() {
                Workload.write(out, new float[1]); // the reduction adds to what the output holds
                submit(plain).await();
                return SweepData.checkFloatSum(Workload.fetch(out), data.floatSum(log2n));
            }

            @Override
            public void close() {
                x.close();
                out.close();
            }
        };
    }
}
