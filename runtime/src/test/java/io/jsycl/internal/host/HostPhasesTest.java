package io.jsycl.internal.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdItemKernel;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.SyclException;
import org.junit.jupiter.api.Test;

/**
 * Barrier kernels on the host device run as loops between their barriers ({@link HostPhases}): locals of every kind
 * live across barriers, barriers in loops and branches the whole group takes alike, private static helpers, each
 * result against plain Java; divergent barriers fail with the barrier's line; kernels the compiler declines (group
 * operations) still run, on virtual threads.
 */
class HostPhasesTest {
    private static final int N = 4096;
    private static final int G = 64;

    private static float scaled(float v, int k) {
        return v * 0.5f + k;
    }

    @Test
    void localsOfEveryKindLiveAcrossBarriersInALoop() {
        float[] in = new float[N];
        for (int i = 0; i < N; i++) {
            in[i] = (i * 37 % 101) * 0.25f;
        }
        float[] out = new float[N];
        long[] sums = new long[N];
        try (var q = new Queue(Device.host()); var bi = Buffer.of(in); var bo = Buffer.of(out);
             var bs = Buffer.of(sums)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var s = bs.write(h);
                LocalAccessor.OfFloat tile = LocalAccessor.ofFloat(h, Range.of(G));
                NdItemKernel k = it -> {
                    int lid = it.localId(0);
                    long total = lid;
                    double d = 0.5 * lid;
                    float v = a.get(it.globalId(0));
                    int[] mine = {lid, 0};
                    for (int round = 0; round < 3; round++) {
                        tile.set(lid, v);
                        it.barrier(Fence.LOCAL);
                        v = scaled(tile.get(G - 1 - lid), round);
                        total += (long) tile.get((lid + 1) % G);
                        d += v;
                        mine[1] += round;
                        it.barrier();
                    }
                    o.set(it.globalId(0), v + (float) d);
                    s.set(it.globalId(0), total + mine[0] + mine[1]);
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
            });
        }
        // Java: the same rounds, group by group.
        for (int g0 = 0; g0 < N; g0 += G) {
            float[] v = new float[G];
            long[] total = new long[G];
            double[] d = new double[G];
            for (int l = 0; l < G; l++) {
                v[l] = in[g0 + l];
                total[l] = l;
                d[l] = 0.5 * l;
            }
            for (int round = 0; round < 3; round++) {
                float[] tile = v.clone();
                for (int l = 0; l < G; l++) {
                    v[l] = scaled(tile[G - 1 - l], round);
                    total[l] += (long) tile[(l + 1) % G];
                    d[l] += v[l];
                }
            }
            for (int l = 0; l < G; l++) {
                assertThat(out[g0 + l]).isEqualTo(v[l] + (float) d[l]);
                assertThat(sums[g0 + l]).isEqualTo(total[l] + l + 3);
            }
        }
    }

    @Test
    void aTiledMatrixProductWithBarriersInItsTileLoopMatchesJava() {
        int n = 64;
        int t = 8;
        int[] a = new int[n * n];
        int[] b = new int[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = i % 13 - 6;
            b[i] = i % 7 - 3;
        }
        int[] c = new int[n * n];
        try (var q = new Queue(Device.host()); var ba = Buffer.of(a, Range.of(n, n));
             var bb = Buffer.of(b, Range.of(n, n)); var bc = Buffer.of(c, Range.of(n, n))) {
            q.submit(h -> {
                var x = ba.read(h);
                var y = bb.read(h);
                var z = bc.write(h);
                var tileA = LocalAccessor.ofInt(h, Range.of(t, t));
                var tileB = LocalAccessor.ofInt(h, Range.of(t, t));
                NdItemKernel k = it -> {
                    int row = it.globalId(0);
                    int col = it.globalId(1);
                    int lr = it.localId(0);
                    int lc = it.localId(1);
                    int sum = 0;
                    for (int tile = 0; tile < n / t; tile++) {
                        tileA.set(lr, lc, x.get(row, tile * t + lc));
                        tileB.set(lr, lc, y.get(tile * t + lr, col));
                        it.barrier();
                        for (int kk = 0; kk < t; kk++) {
                            if (kk == lr && sum == Integer.MIN_VALUE) {
                                continue; // a branch on the id that joins before the barrier
                            }
                            sum += tileA.get(lr, kk) * tileB.get(kk, lc);
                        }
                        it.barrier();
                    }
                    z.set(row, col, sum);
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(n, n), Range.of(t, t)), k);
            });
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int sum = 0;
                for (int kk = 0; kk < n; kk++) {
                    sum += a[i * n + kk] * b[kk * n + j];
                }
                assertThat(c[i * n + j]).as("c[%d][%d]", i, j).isEqualTo(sum);
            }
        }
    }

    @Test
    void workItemsThatStopAtDifferentBarriersFailWithTheBarriersLine() {
        try (var q = new Queue(Device.host()); var buf = Buffer.ofInt(Range.of(N))) {
            assertThatThrownBy(() -> q.submit(h -> {
                var b = buf.write(h);
                NdItemKernel k = it -> {
                    if (it.localId(0) % 2 == 0) {
                        it.barrier();
                    } else {
                        it.barrier();
                    }
                    b.set(it.globalId(0), 1);
                };
                assertThat(HostPhases.of(k)).isPresent();
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
            }).await()).isInstanceOf(SyclException.class)
                    .hasMessageContaining("HostPhasesTest.java:")
                    .hasMessageContaining("waited at different barriers");
        }
    }

    @Test
    void groupReductionsAndScansRunInPhasesAsTheVirtualThreadsRunThem() {
        float[] f = new float[N];
        int[] x = new int[N];
        for (int i = 0; i < N; i++) {
            f[i] = (i * 7919 % 1000) * 0.001f + 0.1f;
            x[i] = i * 31 % 97 - 40;
        }
        float[] phasedOut = new float[N];
        float[] threadsOut = new float[N];
        long[] phasedInts = new long[N];
        long[] threadsInts = new long[N];
        try (var q = new Queue(Device.host()); var bf = Buffer.of(f); var bx = Buffer.of(x);
             var po = Buffer.of(phasedOut); var to = Buffer.of(threadsOut); var pi = Buffer.of(phasedInts);
             var ti = Buffer.of(threadsInts)) {
            q.submit(h -> {
                var a = bf.read(h);
                var b = bx.read(h);
                var o = po.write(h);
                var n = pi.write(h);
                NdItemKernel k = it -> {
                    float v = a.get(it.globalId(0));
                    int w = b.get(it.globalId(0));
                    float sum = it.reduceOverGroup(v, GroupOp.SUM);
                    float scan = it.inclusiveScanOverGroup(v, GroupOp.SUM);
                    int before = it.exclusiveScanOverGroup(w, GroupOp.SUM);
                    long most = it.reduceOverGroup((long) w * w, GroupOp.MAX);
                    o.set(it.globalId(0), sum * 0.5f + scan);
                    n.set(it.globalId(0), before * 1000L + most);
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
            });
            onVirtualThreads(() -> q.submit(h -> {
                    var a = bf.read(h);
                    var b = bx.read(h);
                    var o = to.write(h);
                    var n = ti.write(h);
                    // The same values, on a virtual thread per work-item (phases off).
                    NdItemKernel k = it -> {
                        int lane = it.subGroupLocalId();
                        o.set(it.globalId(0), it.reduceOverGroup(a.get(it.globalId(0)), GroupOp.SUM) * 0.5f
                                + it.inclusiveScanOverGroup(a.get(it.globalId(0)), GroupOp.SUM) + lane * 0f);
                        n.set(it.globalId(0), it.exclusiveScanOverGroup(b.get(it.globalId(0)), GroupOp.SUM) * 1000L
                                + it.reduceOverGroup((long) b.get(it.globalId(0)) * b.get(it.globalId(0)),
                                        GroupOp.MAX));
                    };
                    assertThat(HostPhases.of(k)).as("phases would take it").isPresent();
                    h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
                }).await());
        }
        float[] exprOut = new float[N];
        long[] exprInts = new long[N];
        try (var q = new Queue(Device.host()); var bf = Buffer.of(f); var bx = Buffer.of(x);
             var eo = Buffer.of(exprOut); var ei = Buffer.of(exprInts)) {
            q.submit(h -> {
                var a = bf.read(h);
                var b = bx.read(h);
                var o = eo.write(h);
                var n = ei.write(h);
                // Inside expressions: split with the values under each call saved and pushed back.
                NdItemKernel k = it -> {
                    o.set(it.globalId(0), it.reduceOverGroup(a.get(it.globalId(0)), GroupOp.SUM) * 0.5f
                            + it.inclusiveScanOverGroup(a.get(it.globalId(0)), GroupOp.SUM));
                    n.set(it.globalId(0), it.exclusiveScanOverGroup(b.get(it.globalId(0)), GroupOp.SUM) * 1000L
                            + it.reduceOverGroup((long) b.get(it.globalId(0)) * b.get(it.globalId(0)), GroupOp.MAX));
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
            });
        }
        assertThat(phasedOut).containsExactly(threadsOut);
        assertThat(phasedInts).containsExactly(threadsInts);
        assertThat(exprOut).containsExactly(threadsOut);
        assertThat(exprInts).containsExactly(threadsInts);
        // And the integers against plain Java.
        for (int g0 = 0; g0 < N; g0 += G) {
            long running = 0;
            long most = Long.MIN_VALUE;
            for (int l = 0; l < G; l++) {
                most = Math.max(most, (long) x[g0 + l] * x[g0 + l]);
            }
            for (int l = 0; l < G; l++) {
                assertThat(phasedInts[g0 + l]).isEqualTo(running * 1000L + most);
                running += x[g0 + l];
            }
        }
    }

    @Test
    void broadcastsAndVotesRunInPhases() {
        int[] x = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = i * 13 % 29;
        }
        long[] out = new long[N];
        try (var q = new Queue(Device.host()); var bx = Buffer.of(x); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bx.read(h);
                var o = bo.write(h);
                NdItemKernel k = it -> {
                    int v = a.get(it.globalId(0));
                    double first = it.groupBroadcast(v * 0.5, 3);
                    boolean any = it.anyOfGroup(v == 28);
                    boolean all = it.allOfGroup(v < 29);
                    boolean none = it.noneOfGroup(v > 100);
                    o.set(it.globalId(0), (long) (first * 2) * 8 + (any ? 4 : 0) + (all ? 2 : 0) + (none ? 1 : 0));
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), k);
            });
        }
        for (int g0 = 0; g0 < N; g0 += G) {
            boolean any = false;
            for (int l = 0; l < G; l++) {
                any |= x[g0 + l] == 28;
            }
            for (int l = 0; l < G; l++) {
                assertThat(out[g0 + l]).isEqualTo(x[g0 + 3] * 8L + (any ? 4 : 0) + 2 + 1);
            }
        }
    }

    @Test
    void subGroupReductionsScansAndBroadcastsRunInPhasesAsTheVirtualThreadsRunThem() {
        // Groups of 100: three whole sub-groups of 32 and a partial one of 4.
        int group = 100;
        int n = 40 * group;
        float[] f = new float[n];
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            f[i] = (i * 7919 % 1000) * 0.001f + 0.1f;
            x[i] = i * 31 % 97 - 40;
        }
        float[] phasedF = new float[n];
        float[] threadsF = new float[n];
        long[] phasedL = new long[n];
        long[] threadsL = new long[n];
        try (var q = new Queue(Device.host()); var bf = Buffer.of(f); var bx = Buffer.of(x);
             var pf = Buffer.of(phasedF); var tf = Buffer.of(threadsF); var pl = Buffer.of(phasedL);
             var tl = Buffer.of(threadsL)) {
            q.submit(subGroupAlgorithms(bf, bx, pf, pl, n, group)).await();
            onVirtualThreads(() -> q.submit(subGroupAlgorithms(bf, bx, tf, tl, n, group)).await());
        }
        assertThat(phasedF).containsExactly(threadsF);
        assertThat(phasedL).containsExactly(threadsL);
        // And the integers against plain Java: sub-groups of 32 consecutive work-items, the last one of each group 4.
        for (int g0 = 0; g0 < n; g0 += group) {
            for (int s0 = 0; s0 < group; s0 += 32) {
                int size = Math.min(32, group - s0);
                long most = Long.MIN_VALUE;
                for (int l = 0; l < size; l++) {
                    most = Math.max(most, (long) x[g0 + s0 + l] * x[g0 + s0 + l]);
                }
                long running = 0;
                for (int l = 0; l < size; l++) {
                    int i = g0 + s0 + l;
                    assertThat(phasedL[i]).isEqualTo(((running * 1000L + most) * 100 + x[g0 + s0]) * 64 + size * 2
                            + l % 2);
                    running += x[i];
                }
            }
        }
    }

    @Test
    void aSubGroupBroadcastFromALaneOutsideTheSubGroupFailsInPhasesAsOnVirtualThreads() {
        int[] out = new int[256];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var b = buf.write(h);
                NdItemKernel k = it -> b.set(it.globalId(0), it.subGroupBroadcast(it.localId(0), 40));
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(256), Range.of(64)), k);
            }).await()).hasMessageContaining("subGroupBroadcast from lane 40 of a sub-group of 32");
        }
    }

    @Test
    void shufflesAndSubGroupVotesRunInPhasesAsTheVirtualThreadsRunThem() {
        int group = 100; // a partial sub-group of 4 at each group's end
        int n = 20 * group;
        float[] f = new float[n];
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            // Now and then a NaN with a payload: a shuffle moves a float's own bits.
            f[i] = i % 37 == 5 ? Float.intBitsToFloat(0x7fa00001 + i) : (i * 7919 % 1000) * 0.001f;
            x[i] = i * 31 % 97 - 40;
        }
        int[] phasedF = new int[n];
        int[] threadsF = new int[n];
        long[] phasedL = new long[n];
        long[] threadsL = new long[n];
        try (var q = new Queue(Device.host()); var bf = Buffer.of(f); var bx = Buffer.of(x);
             var pf = Buffer.of(phasedF); var tf = Buffer.of(threadsF); var pl = Buffer.of(phasedL);
             var tl = Buffer.of(threadsL)) {
            q.submit(shufflesAndVotes(bf, bx, pf, pl, n, group)).await();
            onVirtualThreads(() -> q.submit(shufflesAndVotes(bf, bx, tf, tl, n, group)).await());
        }
        assertThat(phasedF).containsExactly(threadsF);
        assertThat(phasedL).containsExactly(threadsL);
        // And against plain Java: lanes outside a sub-group give the lane's own value.
        for (int g0 = 0; g0 < n; g0 += group) {
            for (int s0 = 0; s0 < group; s0 += 32) {
                int size = Math.min(32, group - s0);
                boolean any = false;
                for (int l = 0; l < size; l++) {
                    any |= x[g0 + s0 + l] == 56;
                }
                for (int l = 0; l < size; l++) {
                    int i = g0 + s0 + l;
                    int xor = (l ^ 5) < size ? l ^ 5 : l;
                    int src = 31 - l < size ? 31 - l : l;
                    int down = l + 3 < size ? l + 3 : l;
                    int up = l - 2 >= 0 ? l - 2 : l;
                    assertThat(phasedF[i]).isEqualTo(Float.floatToRawIntBits(f[g0 + s0 + xor]));
                    long expected = ((x[g0 + s0 + src] * 1000L + x[g0 + s0 + down]) * 1000
                            + (long) (x[g0 + s0 + up] * 0.5 * 2)) * 8 + (any ? 4 : 0) + 2 + 1;
                    assertThat(phasedL[i]).as("work-item %d", i).isEqualTo(expected);
                }
            }
        }
    }

    /**
     * Sub-group reductions, scans, a broadcast and the sub-group queries over {@code f} and {@code x}, into {@code
     * outF} and {@code outL}: one kernel lambda, submitted in phases and on virtual threads alike.
     */
    private static io.jsycl.CommandGroup subGroupAlgorithms(Buffer.OfFloat f, Buffer.OfInt x, Buffer.OfFloat outF,
            Buffer.OfLong outL, int n, int group) {
        return h -> {
            var a = f.read(h);
            var b = x.read(h);
            var o = outF.write(h);
            var m = outL.write(h);
            NdItemKernel k = it -> {
                float v = a.get(it.globalId(0));
                int w = b.get(it.globalId(0));
                float sum = it.reduceOverSubGroup(v, GroupOp.SUM);
                float scan = it.inclusiveScanOverSubGroup(v, GroupOp.SUM);
                int before = it.exclusiveScanOverSubGroup(w, GroupOp.SUM);
                long most = it.reduceOverSubGroup((long) w * w, GroupOp.MAX);
                int first = it.subGroupBroadcast(w, 0);
                o.set(it.globalId(0), sum * 0.5f + scan);
                m.set(it.globalId(0), ((before * 1000L + most) * 100 + first) * 64 + it.subGroupSize() * 2
                        + it.subGroupLocalId() % 2);
            };
            assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
            h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), k);
        };
    }

    /** Shuffles of every kind and the sub-group votes, into {@code outF} (a float's bits) and {@code outL}. */
    private static io.jsycl.CommandGroup shufflesAndVotes(Buffer.OfFloat f, Buffer.OfInt x, Buffer.OfInt outF,
            Buffer.OfLong outL, int n, int group) {
        return h -> {
            var a = f.read(h);
            var b = x.read(h);
            var o = outF.write(h);
            var m = outL.write(h);
            NdItemKernel k = it -> {
                float v = a.get(it.globalId(0));
                int w = b.get(it.globalId(0));
                float moved = it.shuffleXor(v, 5);
                int from = it.shuffle(w, 31 - it.subGroupLocalId());
                long down = it.shuffleDown((long) w, 3);
                double up = it.shuffleUp(w * 0.5, 2);
                boolean any = it.anyOfSubGroup(w == 56);
                boolean all = it.allOfSubGroup(w > -41);
                boolean none = it.noneOfSubGroup(w > 56);
                o.set(it.globalId(0), Float.floatToRawIntBits(moved));
                m.set(it.globalId(0), ((from * 1000L + down) * 1000 + (long) (up * 2)) * 8 + (any ? 4 : 0)
                        + (all ? 2 : 0) + (none ? 1 : 0));
            };
            assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
            h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), k);
        };
    }

    /**
     * Local accessors of int, long and double read and written with get(i) and set(i, v) only, across barriers, which
     * the phases read as their group's arrays; a 2-D local accessor beside them stays an accessor: each against Java.
     */
    @Test
    void localArraysOfEveryTypeAcrossBarriers() {
        int n = 1024;
        long[] out = new long[n];
        try (var q = new Queue(Device.host()); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                LocalAccessor.OfInt ints = LocalAccessor.ofInt(h, Range.of(G));
                LocalAccessor.OfLong longs = LocalAccessor.ofLong(h, Range.of(G));
                LocalAccessor.OfDouble doubles = LocalAccessor.ofDouble(h, Range.of(G));
                LocalAccessor.OfInt grid = LocalAccessor.ofInt(h, Range.of(8, G / 8));
                NdItemKernel k = it -> {
                    int lid = it.localId(0);
                    ints.set(lid, lid * 3);
                    longs.set(lid, (long) lid << 33);
                    doubles.set(lid, lid * 0.5);
                    grid.set(lid / (G / 8), lid % (G / 8), lid + 1);
                    it.barrier(Fence.LOCAL);
                    int r = G - 1 - lid;
                    o.set(it.globalId(0), ints.get(r) + longs.get(r) + (long) (doubles.get(r) * 4)
                            + grid.get(r / (G / 8), r % (G / 8)));
                };
                assertThat(HostPhases.of(k)).as("compiled into phases").isPresent();
                h.parallelFor(NdRange.of(Range.of(n), Range.of(G)), k);
            });
        }
        for (int i = 0; i < n; i++) {
            int r = G - 1 - i % G;
            assertThat(out[i]).as("item %d", i).isEqualTo(r * 3 + ((long) r << 33) + (long) (r * 0.5 * 4) + r + 1);
        }
    }

    /**
     * Local memory on work-items that run on virtual threads (phases off, as a kernel the phases cannot take runs): each
     * finds its group through the scoped value it runs in. It read it with {@code ScopedValue.orElse(null)}, which
     * throws on JDK 25, so every such access failed.
     */
    @Test
    void localMemoryOnVirtualThreadWorkItems() {
        int[] in = new int[N];
        for (int i = 0; i < N; i++) {
            in[i] = i * 7 - 3;
        }
        int[] out = new int[N];
        try (var q = new Queue(Device.host()); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            onVirtualThreads(() -> q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                LocalAccessor.OfInt tile = LocalAccessor.ofInt(h, Range.of(G));
                h.parallelFor(NdRange.of(Range.of(N), Range.of(G)), it -> {
                    tile.set(it.localId(0), a.get(it.globalId(0)));
                    it.barrier(Fence.LOCAL);
                    o.set(it.globalId(0), tile.get(G - 1 - it.localId(0)));
                });
            }).await());
        }
        for (int i = 0; i < N; i++) {
            assertThat(out[i]).as("item %d", i).isEqualTo(in[i - i % G + G - 1 - i % G]);
        }
    }

    /** Runs {@code submitAndWait} with phases off: the kernel on a virtual thread per work-item, the reference. */
    private static void onVirtualThreads(Runnable submitAndWait) {
        HostPhases.enabled = false;
        try {
            submitAndWait.run();
        } finally {
            HostPhases.enabled = true;
        }
    }
}
