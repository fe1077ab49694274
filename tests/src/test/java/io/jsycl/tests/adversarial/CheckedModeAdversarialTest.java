package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jsycl.Accessor;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.Id;
import io.jsycl.ItemKernel;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.tests.TestDevices;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checked kernels ({@code Handler.checked()}) that fail, on every device: around barriers, in local memory, before
 * work-group and sub-group operations, dividing by zero, reading and writing outside a global accessor. Each failure
 * must come back as the exception Java throws, naming the kernel, the source line (found here by its
 * {@code // FAILS:} marker) and the work-item; it must not perform the bad access, must not leave the rest of the
 * work-group stuck at a barrier, and must leave the JVM and the queue working: the next kernel on the same queue runs.
 * A loop that Java ends with the exception (a search past the end, a bound read past the end, a remainder by zero in
 * a do-while, a loop in a device function) must end on a device too, where the failed access gives a substitute
 * (element 0, divisor 1) that would keep it running for ever: each such test has a short watchdog limit.
 */
@Watchdog.Limit(seconds = 60)
class CheckedModeAdversarialTest {
    private static final int GROUP = 16;
    private static final int GROUPS = 4;
    private static final int N = GROUP * GROUPS;
    /** The work-item that fails: in the second group, not its first item. */
    private static final int BAD = GROUP + 5;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anOutOfBoundsWriteBeforeABarrierFailsTheKernelAndKeepsTheOtherGroups(Device device) {
        try (var q = new Queue(device)) {
            int[] out = new int[N];
            int[] scratch = new int[N];
            int bad = BAD;
            var bs = Buffer.of(scratch);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var s = bs.readWrite(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int target = g == bad ? g + 100_000 : g;
                    s.set(target, g * 3); // FAILS: write-before-barrier
                    it.barrier();
                    int neighbour = g - it.localId(0) + (it.localId(0) + 1) % GROUP;
                    o.set(g, s.get(neighbour) + 1);
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "write-before-barrier", BAD,
                    outOfBounds(BAD + 100_000, N), bs, bo);
            keptOutsideTheFailingGroup(out, g -> (g - g % GROUP + (g % GROUP + 1) % GROUP) * 3 + 1);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anOutOfBoundsReadAfterABarrierFailsTheKernelAndTheNextBarrierIsReached(Device device) {
        try (var q = new Queue(device)) {
            int[] in = ints(i -> i * 7);
            int[] out = new int[N];
            int bad = BAD;
            var bi = Buffer.of(in);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var local = LocalAccessor.ofInt(h, GROUP);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    local.set(it.localId(0), a.get(g));
                    it.barrier();
                    int from = g == bad ? -3 : g;
                    int v = a.get(from); // FAILS: read-after-barrier
                    it.barrier();
                    o.set(g, v + local.get((it.localId(0) + 1) % GROUP));
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "read-after-barrier", BAD, outOfBounds(-3, N),
                    bi, bo);
            keptOutsideTheFailingGroup(out, g -> g * 7 + (g - g % GROUP + (g % GROUP + 1) % GROUP) * 7);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anOutOfBoundsLocalAccessorWriteFailsTheKernelAndDoesNotCorruptTheNeighbours(Device device) {
        try (var q = new Queue(device)) {
            int[] out = new int[N];
            int bad = BAD;
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var o = bo.write(h);
                var local = LocalAccessor.ofInt(h, GROUP);
                var past = LocalAccessor.ofInt(h, GROUP);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int l = it.localId(0);
                    past.set(l, g);
                    it.barrier();
                    local.set(g == bad ? l + GROUP : l, -1); // FAILS: local-write
                    it.barrier();
                    o.set(g, past.get(GROUP - 1 - l));
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "local-write", BAD,
                    outOfBounds(BAD % GROUP + GROUP, GROUP), bo);
            keptOutsideTheFailingGroup(out, g -> g - g % GROUP + GROUP - 1 - g % GROUP);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aFailureBeforeGroupAndSubGroupOperationsLeavesThemToTheWholeGroup(Device device) {
        try (var q = new Queue(device)) {
            int[] in = ints(i -> i);
            int[] out = new int[N];
            int[] sub = new int[N];
            int bad = BAD;
            var bi = Buffer.of(in);
            var bo = Buffer.of(out);
            var bsub = Buffer.of(sub);
            var e = submit(q, h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var so = bsub.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int v = a.get(g == bad ? N : g); // FAILS: read-before-group-ops
                    int sum = it.reduceOverGroup(v, GroupOp.SUM);
                    int first = it.groupBroadcast(v, 0);
                    int subSum = it.reduceOverSubGroup(1, GroupOp.SUM);
                    int scan = it.exclusiveScanOverGroup(1, GroupOp.SUM);
                    o.set(g, sum + first);
                    so.set(g, subSum == it.subGroupSize() && scan == it.localId(0) ? 1 : 0);
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "read-before-group-ops", BAD, outOfBounds(N, N),
                    bi, bo, bsub);
            keptOutsideTheFailingGroup(out, g -> {
                int base = g - g % GROUP;
                return GROUP * base + GROUP * (GROUP - 1) / 2 + base;
            });
            keptOutsideTheFailingGroup(sub, g -> 1);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intDivisionAndRemainderByZeroThrowArithmeticExceptionAndKeepTheOtherItems(Device device) {
        try (var q = new Queue(device)) {
            int[] divisors = ints(i -> i % 5 + 1);
            divisors[BAD] = 0;
            int[] quotient = new int[N];
            int[] rest = new int[N];
            var bd = Buffer.of(divisors);
            var bq = Buffer.of(quotient);
            var br = Buffer.of(rest);
            var div = submit(q, h -> {
                var d = bd.read(h);
                var o = bq.write(h);
                h.parallelFor(Range.of(N), it -> o.set(it.id(0), -1000 / d.get(it.id(0)))); // FAILS: int-div
            });
            expectFailure(div, ArithmeticException.class, "int-div", BAD, "/ by zero");
            var rem = submit(q, h -> {
                var d = bd.read(h);
                var o = br.write(h);
                h.parallelFor(Range.of(N), it -> o.set(it.id(0), 1003 % d.get(it.id(0)))); // FAILS: int-rem
            });
            failedAndRecovered(q, rem, ArithmeticException.class, "int-rem", BAD, "/ by zero", bd, bq, br);
            for (int g = 0; g < N; g++) {
                if (g != BAD) {
                    assertThat(quotient[g]).as("quotient[%d]", g).isEqualTo(-1000 / divisors[g]);
                    assertThat(rest[g]).as("rest[%d]", g).isEqualTo(1003 % divisors[g]);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longDivisionByZeroBeforeABarrierThrowsArithmeticException(Device device) {
        try (var q = new Queue(device)) {
            long[] divisors = LongStream.range(0, N).map(i -> i % 3 + 1L << 33).toArray();
            divisors[BAD] = 0;
            long[] out = new long[N];
            var bd = Buffer.of(divisors);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var d = bd.read(h);
                var o = bo.write(h);
                var local = LocalAccessor.ofLong(h, GROUP);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    long v = (1L << 40) / d.get(g) + (1L << 41) % d.get(g); // FAILS: long-div
                    local.set(it.localId(0), v);
                    it.barrier();
                    o.set(g, local.get((it.localId(0) + 1) % GROUP));
                });
            });
            failedAndRecovered(q, e, ArithmeticException.class, "long-div", BAD, "/ by zero", bd, bo);
            keptOutsideTheFailingGroup(out, g -> {
                long d = divisors[g - g % GROUP + (g % GROUP + 1) % GROUP];
                return (1L << 40) / d + (1L << 41) % d;
            });
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anOutOfBoundsWriteIsNotPerformedAndTheOtherItemsAreKept(Device device) {
        try (var q = new Queue(device)) {
            // The kernel writes the first half of this array through a sub-buffer: the bad index lands in the second
            // half, where a store that was performed would show.
            int[] whole = new int[2 * N];
            int bad = BAD;
            var bw = Buffer.of(whole);
            var bo = bw.subBuffer(Id.of(0), Range.of(N));
            var e = submit(q, h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int g = it.id(0);
                    o.set(g == bad ? g + N : g, g + 1); // FAILS: global-write
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "global-write", BAD, outOfBounds(BAD + N, N),
                    bo, bw);
            for (int g = 0; g < N; g++) {
                if (g != BAD) {
                    assertThat(whole[g]).as("whole[%d]", g).isEqualTo(g + 1);
                }
                assertThat(whole[N + g]).as("whole[%d], outside the sub-buffer the kernel wrote", N + g).isZero();
            }
        }
    }

    /**
     * Work-item g looks for key g + 1 from index 0; key N is missing, so the last work-item's search runs past the end.
     * Java stops it there; a device, where the failed load reads index 0 and the index wraps to the array again,
     * would search for ever unless the failing work-item leaves its loop.
     */
    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aSearchPastTheEndEndsOnEveryDevice(Device device) {
        searchPastTheEnd(device, "search-past-end", (a, o) -> it -> {
            int g = it.id(0);
            int k = 0;
            while (a.get(k) != g + 1) { // FAILS: search-past-end
                k++;
            }
            o.set(g, k);
        });
    }

    /**
     * Each work-item reads its count one element further on (element 0 is a header, the total), so the last one reads
     * past the end. On a device the failed read gives element 0, a count of 2^31 - 1, and the nested loop over it
     * would take about 2^60 steps unless the failing work-item leaves it.
     */
    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aLoopBoundReadOutOfBoundsDoesNotRunTheHugeValue(Device device) {
        try (var q = new Queue(device)) {
            int[] counts = ints(i -> i == 0 ? Integer.MAX_VALUE : i % 7);
            int[] data = ints(i -> i * 3 + 1);
            int[] out = new int[N];
            var bc = Buffer.of(counts);
            var bd = Buffer.of(data);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var c = bc.read(h);
                var d = bd.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int g = it.id(0);
                    int n = c.get(g + 1); // FAILS: bound-read
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j <= i; j++) {
                            s += d.get((i + j + g) % N);
                        }
                    }
                    o.set(g, s);
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "bound-read", N - 1, outOfBounds(N, N),
                    bc, bd, bo);
            keptButTheFailingItem(out, N - 1, g -> {
                int s = 0;
                for (int i = 0; i < counts[g + 1]; i++) {
                    for (int j = 0; j <= i; j++) {
                        s += data[(i + j + g) % N];
                    }
                }
                return s;
            });
        }
    }

    /**
     * The search of {@link #aSearchPastTheEndEndsOnEveryDevice} in a device function, skipping empty (negative) slots:
     * a loop only a return leaves.
     */
    static int positionOf(Accessor.OfInt a, int key) {
        for (int k = 0;; k++) {
            if (a.get(k) < 0) { // FAILS: device-function
                continue;
            }
            if (a.get(k) == key) {
                return k;
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aLoopInADeviceFunctionEndsForTheFailingItem(Device device) {
        searchPastTheEnd(device, "device-function", (a, o) -> it -> o.set(it.id(0), positionOf(a, it.id(0) + 1)));
    }

    /** How a search kernel is made from its accessors: the keys and the position each work-item found. */
    private interface SearchKernel {
        ItemKernel over(Accessor.OfInt keys, Accessor.OfInt out);
    }

    /**
     * Runs {@code search} (work-item g looks for key g + 1) over {@link #keysButTheLast}: the last work-item's search
     * runs past the end, at the line marked {@code marker}, and the others find their keys.
     */
    private static void searchPastTheEnd(Device device, String marker, SearchKernel search) {
        try (var q = new Queue(device)) {
            int[] keys = keysButTheLast();
            int[] out = new int[N];
            var bk = Buffer.of(keys);
            var bo = Buffer.of(out);
            var e = submit(q, h -> h.parallelFor(Range.of(N), search.over(bk.read(h), bo.write(h))));
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, marker, N - 1, outOfBounds(N, N), bk, bo);
            keptButTheFailingItem(out, N - 1, g -> position(keys, g + 1));
        }
    }

    /**
     * A do-while walks a ring of {@code size} slots back to its start. Java stops at the remainder by zero; a device
     * that divides by 1 instead stays at slot 0 for ever unless the failing work-item leaves the loop.
     */
    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aDoWhileAfterARemainderByZeroEnds(Device device) {
        try (var q = new Queue(device)) {
            int[] sizes = ints(i -> i + 1 + i % 3);
            sizes[BAD] = 0;
            int[] out = new int[N];
            var bs = Buffer.of(sizes);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var sz = bs.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int g = it.id(0);
                    int size = sz.get(g);
                    int slot = g;
                    int visits = 0;
                    do {
                        slot = (slot + 1) % size; // FAILS: do-while
                        visits++;
                    } while (slot != g);
                    o.set(g, visits);
                });
            });
            failedAndRecovered(q, e, ArithmeticException.class, "do-while", BAD, "/ by zero", bs, bo);
            keptButTheFailingItem(out, BAD, g -> sizes[g]);
        }
    }

    /**
     * A loop with barriers goes on for a failing work-item (every work-item of its group must reach each barrier, and
     * its trip count is the group's); the search after it, without barriers, ends for the failing one. The failure
     * comes after the last barrier: on an OpenCL device every other work-item's result is kept, in the failing one's
     * group too; the host device ends the failing group (docs/kernel-language.md) and keeps the other groups.
     */
    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aLoopWithBarriersRunsOnAndTheSearchAfterItEndsForTheFailingItem(Device device) {
        int rounds = 3;
        try (var q = new Queue(device)) {
            int[] keys = keysButTheLast();
            int[] out = new int[N];
            var bk = Buffer.of(keys);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var a = bk.read(h);
                var o = bo.write(h);
                var tile = LocalAccessor.ofInt(h, GROUP);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int l = it.localId(0);
                    int s = 0;
                    for (int r = 0; r < rounds; r++) {
                        tile.set(l, s + r);
                        it.barrier(Fence.LOCAL);
                        s += tile.get((l + 1) % it.localRange(0));
                        it.barrier(Fence.LOCAL);
                    }
                    int k = 0;
                    while (a.get(k) != g + 1) { // FAILS: search-after-rounds
                        k++;
                    }
                    o.set(g, s * 1000 + k);
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "search-after-rounds", N - 1, outOfBounds(N, N),
                    bk, bo);
            int[] s = new int[GROUP];
            for (int r = 0; r < rounds; r++) {
                int[] tile = new int[GROUP];
                for (int l = 0; l < GROUP; l++) {
                    tile[l] = s[l] + r;
                }
                for (int l = 0; l < GROUP; l++) {
                    s[l] += tile[(l + 1) % GROUP];
                }
            }
            IntUnaryOperator expected = g -> s[g % GROUP] * 1000 + position(keys, g + 1);
            if (device.isHost()) {
                for (int g = 0; g < N - GROUP; g++) {
                    assertThat(out[g]).as("out[%d]", g).isEqualTo(expected.applyAsInt(g));
                }
            } else {
                keptButTheFailingItem(out, N - 1, expected);
            }
        }
    }

    /** A device function that reads {@code a} at {@code i}. */
    static int at(Accessor.OfInt a, int i) {
        return a.get(i); // FAILS: read-in-device-function
    }

    /**
     * Three work-items (5, 6 and 7) read past the end in a device function: the failure reported is one of theirs, at
     * the device function's line, with that work-item's own index; the work-items before them keep their results.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void ofSeveralFailingWorkItemsOneIsReportedWithItsOwnIndex(Device device) {
        try (var q = new Queue(device)) {
            int n = 8;
            int[] in = IntStream.range(0, 10).map(i -> i * 3 + 1).toArray();
            int[] out = new int[n];
            var bi = Buffer.of(in);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), at(a, it.id(0) * 2) + 1));
            });
            Throwable thrown = catchThrowable(e::await);
            assertThat(thrown).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("kernel CheckedModeAdversarialTest.lambda$")
                    .hasMessageContaining("(CheckedModeAdversarialTest.java:" + lineOf("read-in-device-function") + ")");
            Matcher m = Pattern.compile("work-item \\[(\\d+), 0, 0\\]: index (\\d+) out of bounds for length 10")
                    .matcher(thrown.getMessage());
            assertThat(m.find()).as("the work-item and index in: %s", thrown.getMessage()).isTrue();
            int item = Integer.parseInt(m.group(1));
            assertThat(item).as("the work-item reported").isBetween(5, 7);
            assertThat(Integer.parseInt(m.group(2))).as("its index").isEqualTo(2 * item);
            bi.close();
            bo.close();
            nextKernelWorks(q);
            for (int g = 0; g < 5; g++) {
                assertThat(out[g]).as("out[%d]", g).isEqualTo(in[2 * g] + 1);
            }
        }
    }

    /**
     * The failing work-item's local store out of bounds is its first failure, and the one reported: its atomic and its
     * load out of bounds after it are skipped and read a safe element, unreported. It goes on to the barrier, so on an
     * OpenCL device its group's other work-items get their results; the host device ends that group at the barrier
     * (docs/kernel-language.md), and keeps the other groups.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void theFirstFailureIsReportedAndTheFailingItemStillReachesTheBarrier(Device device) {
        try (var q = new Queue(device)) {
            int[] in = ints(i -> i * 3);
            int[] out = new int[N];
            int bad = BAD;
            var bi = Buffer.of(in);
            var bo = Buffer.of(out);
            var e = submit(q, h -> {
                var a = bi.read(h);
                var o = bo.readWrite(h);
                var tile = LocalAccessor.ofInt(h, GROUP);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int l = it.localId(0);
                    int at = g == bad ? l + 1000 : l;
                    tile.set(at, a.get(g)); // FAILS: first-failure
                    o.atomicAdd(g == bad ? -1 : g, 0);
                    it.barrier(Fence.LOCAL);
                    o.set(g, tile.get(it.localRange(0) - 1 - l) + a.get(g == bad ? 1 << 20 : g));
                });
            });
            failedAndRecovered(q, e, IndexOutOfBoundsException.class, "first-failure", BAD,
                    outOfBounds(BAD % GROUP + 1000, GROUP), bi, bo);
            IntUnaryOperator mirror = g -> g - g % GROUP + GROUP - 1 - g % GROUP;
            keptOutsideTheFailingGroup(out, g -> in[mirror.applyAsInt(g)] + in[g]);
            if (!device.isHost()) {
                for (int g = BAD - BAD % GROUP; g < BAD - BAD % GROUP + GROUP; g++) {
                    if (g != BAD && mirror.applyAsInt(g) != BAD) { // BAD's own tile element was never stored
                        assertThat(out[g]).as("out[%d], in the failing group", g)
                                .isEqualTo(in[mirror.applyAsInt(g)] + in[g]);
                    }
                }
            }
        }
    }

    /**
     * Checked failures that crashed the JVM on PoCL (a divergent barrier after an early return, heap corruption) run
     * in a child JVM, many times on every device, so a crash fails this test instead of ending the test run.
     */
    @Test
    @Watchdog.Limit(seconds = 240)
    void repeatedCheckedFailuresAroundBarriersLeaveTheJvmRunning() throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var process = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"),
                Child.class.getName(), "10"))
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(200, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("exit status of the child JVM; its output:\n%s", output).isZero();
        assertThat(output).contains("checked failures survived");
    }

    /** The child JVM of {@link #repeatedCheckedFailuresAroundBarriersLeaveTheJvmRunning}. */
    public static final class Child {
        private Child() {
        }

        /**
         * Runs the failing kernels of this class {@code args[0]} times on every device.
         *
         * @param args the number of rounds
         */
        public static void main(String[] args) {
            int rounds = Integer.parseInt(args[0]);
            var test = new CheckedModeAdversarialTest();
            List<java.util.function.Consumer<Device>> cases = List.of(
                    test::anOutOfBoundsWriteBeforeABarrierFailsTheKernelAndKeepsTheOtherGroups,
                    test::anOutOfBoundsLocalAccessorWriteFailsTheKernelAndDoesNotCorruptTheNeighbours,
                    test::longDivisionByZeroBeforeABarrierThrowsArithmeticException,
                    test::anOutOfBoundsWriteIsNotPerformedAndTheOtherItemsAreKept);
            int failed = 0;
            for (int r = 0; r < rounds; r++) {
                for (Device d : devices().toList()) {
                    for (var c : cases) {
                        try {
                            c.accept(d);
                        } catch (AssertionError e) {
                            // Wrong results are the in-process tests' to report; go on, this run is for crashes.
                            failed++;
                        }
                    }
                }
            }
            System.out.println("checked failures survived " + rounds + " rounds (" + failed + " assertions failed)");
            System.exit(0); // the device pools' threads would keep the JVM alive
        }
    }

    /** Submits a checked command group. */
    private static Event submit(Queue q, java.util.function.Consumer<io.jsycl.Handler> group) {
        return q.submit(h -> {
            h.checked();
            group.accept(h);
        });
    }

    /**
     * Asserts that waiting for {@code e} throws {@code type} with {@code message}, naming this class's kernel, the line
     * marked {@code // FAILS: marker} and the work-item.
     */
    private static void expectFailure(Event e, Class<?> type, String marker, int workItem, String message) {
        assertThatThrownBy(e::await).isInstanceOf(type)
                .hasMessageContaining("kernel CheckedModeAdversarialTest.lambda$")
                .hasMessageContaining("(CheckedModeAdversarialTest.java:" + lineOf(marker) + ")")
                .hasMessageContaining("work-item [" + workItem + ", 0, 0]")
                .hasMessageContaining(message);
    }

    /**
     * {@link #expectFailure}, then closes the buffers, which copies what the kernels wrote back into their arrays, and
     * asserts that the queue still runs kernels.
     */
    private static void failedAndRecovered(Queue q, Event e, Class<?> type, String marker, int workItem,
            String message, Buffer<?>... buffers) {
        expectFailure(e, type, marker, workItem, message);
        for (Buffer<?> b : buffers) {
            b.close();
        }
        nextKernelWorks(q);
    }

    /** What Java says of an access at {@code index} of an array of {@code length}. */
    private static String outOfBounds(int index, int length) {
        return "index " + index + " out of bounds for length " + length;
    }

    /** An array of N ints: element i is {@code value(i)}. */
    private static int[] ints(IntUnaryOperator value) {
        return IntStream.range(0, N).map(value).toArray();
    }

    /** The line of this file marked {@code // FAILS: marker}. */
    private static int lineOf(String marker) {
        Path source = Path.of("src/test/java/io/jsycl/tests/adversarial/CheckedModeAdversarialTest.java");
        try {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).endsWith("// FAILS: " + marker)) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot read " + source.toAbsolutePath(), e);
        }
        throw new AssertionError("no line marked '// FAILS: " + marker + "' in " + source);
    }

    /** Every work-item's result outside the failing one's group, whose barrier ties its results to the failure. */
    private static void keptOutsideTheFailingGroup(int[] out, IntUnaryOperator expected) {
        outsideTheFailingGroup(g -> assertThat(out[g]).as("out[%d]", g).isEqualTo(expected.applyAsInt(g)));
    }

    private static void keptOutsideTheFailingGroup(long[] out, IntToLongFunction expected) {
        outsideTheFailingGroup(g -> assertThat(out[g]).as("out[%d]", g).isEqualTo(expected.applyAsLong(g)));
    }

    private static void outsideTheFailingGroup(IntConsumer check) {
        for (int g = 0; g < N; g++) {
            if (g / GROUP != BAD / GROUP) {
                check.accept(g);
            }
        }
    }

    /** Keys 1 to N - 1 in a shuffled order, and 0 where key N would be. */
    private static int[] keysButTheLast() {
        int[] keys = ints(i -> i * 5 % N + 1);
        keys[position(keys, N)] = 0;
        return keys;
    }

    private static int position(int[] keys, int key) {
        int k = 0;
        while (keys[k] != key) {
            k++;
        }
        return k;
    }

    /** Every work-item's result but the failing one's, which means nothing: no barrier ties the others to it. */
    private static void keptButTheFailingItem(int[] out, int failing, IntUnaryOperator expected) {
        for (int g = 0; g < out.length; g++) {
            if (g != failing) {
                assertThat(out[g]).as("out[%d]", g).isEqualTo(expected.applyAsInt(g));
            }
        }
    }

    /** The queue still runs kernels, checked ones included. */
    private static void nextKernelWorks(Queue q) {
        int[] data = new int[N];
        try (var b = Buffer.of(data)) {
            q.submit(h -> {
                h.checked();
                var o = b.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    o.set(it.globalId(0), it.globalId(0) * 2);
                    it.barrier();
                });
            }).await();
        }
        for (int g = 0; g < N; g++) {
            assertThat(data[g]).as("data[%d] of the next kernel", g).isEqualTo(g * 2);
        }
    }
}
