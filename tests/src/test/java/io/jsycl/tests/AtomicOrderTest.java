package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.jsycl.Atomics;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Fence;
import io.jsycl.KernelLoweringException;
import io.jsycl.LocalAccessor;
import io.jsycl.MemoryOrder;
import io.jsycl.MemoryScope;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.SyclException;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Atomics with a memory order and scope ({@code atomic_ref}'s), atomic loads and stores, and {@code Atomics.fence}, on
 * every device against Java: the values each operation gives, data published with a release store and read after an
 * acquire load in another work-group, the orders a load or store cannot have, and a scope a device cannot give.
 */
class AtomicOrderTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void orderedAtomicsGiveWhatThePlainOnesGive(Device device) {
        int n = 4096;
        int group = 64;
        int[] ints = new int[8];
        ints[3] = Integer.MAX_VALUE;
        ints[4] = 7;
        long[] longs = new long[2];
        float[] floats = new float[2];
        floats[1] = Float.NEGATIVE_INFINITY;
        int[] perGroup = new int[n / group * 2];
        try (var q = new Queue(device); var bi = Buffer.of(ints); var bl = Buffer.of(longs); var bf = Buffer.of(floats);
             var bg = Buffer.of(perGroup)) {
            q.submit(h -> {
                var i32 = bi.readWrite(h);
                var i64 = bl.readWrite(h);
                var f32 = bf.readWrite(h);
                var g = bg.write(h);
                var local = LocalAccessor.ofInt(h, 2);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                    int i = it.globalId(0);
                    if (it.localId(0) == 0) {
                        local.atomicStore(0, 0, MemoryOrder.RELAXED, MemoryScope.WORK_GROUP);
                        local.atomicStore(1, -1);
                    }
                    it.barrier(Fence.LOCAL);
                    i32.atomicAdd(0, 1, MemoryOrder.ACQ_REL, MemoryScope.DEVICE);
                    i32.atomicAdd(1, i, MemoryOrder.SEQ_CST, MemoryScope.DEVICE);
                    i32.atomicMax(2, i, MemoryOrder.RELEASE, MemoryScope.DEVICE);
                    i32.atomicMin(3, i + 5, MemoryOrder.ACQUIRE, MemoryScope.DEVICE);
                    i32.atomicCompareExchange(4, 7, i, MemoryOrder.ACQ_REL, MemoryScope.DEVICE); // one item wins
                    if (i == n - 1) {
                        i32.atomicStore(5, 42, MemoryOrder.RELEASE, MemoryScope.DEVICE);
                        i32.atomicExchange(6, 9, MemoryOrder.SEQ_CST, MemoryScope.WORK_ITEM); // orders nothing
                    }
                    i64.atomicAdd(0, 1L << 33, MemoryOrder.ACQ_REL, MemoryScope.DEVICE);
                    i64.atomicMax(1, (long) i << 32, MemoryOrder.RELAXED, MemoryScope.DEVICE);
                    f32.atomicAdd(0, 0.5f, MemoryOrder.SEQ_CST, MemoryScope.DEVICE); // exact: small multiples of 0.5
                    f32.atomicMax(1, i * 0.25f, MemoryOrder.ACQ_REL, MemoryScope.WORK_GROUP);
                    local.atomicAdd(0, 2, MemoryOrder.ACQ_REL, MemoryScope.WORK_GROUP);
                    local.atomicMax(1, it.localId(0), MemoryOrder.SEQ_CST, MemoryScope.SUB_GROUP);
                    Atomics.fence(MemoryOrder.ACQ_REL, MemoryScope.WORK_GROUP);
                    it.barrier(Fence.LOCAL);
                    if (it.localId(0) == 0) {
                        g.set(it.groupId(0) * 2, local.atomicLoad(0, MemoryOrder.ACQUIRE, MemoryScope.WORK_GROUP));
                        g.set(it.groupId(0) * 2 + 1, local.atomicLoad(1));
                    }
                });
            });
        }
        assertThat(ints[0]).as("ordered adds on %s", device.name()).isEqualTo(n);
        assertThat(ints[1]).isEqualTo(IntStream.range(0, n).sum());
        assertThat(ints[2]).isEqualTo(n - 1);
        assertThat(ints[3]).isEqualTo(5);
        assertThat(ints[4]).as("the compare-exchange's winner").isBetween(0, n - 1);
        assertThat(ints[5]).isEqualTo(42);
        assertThat(ints[6]).isEqualTo(9);
        assertThat(longs).containsExactly((long) n << 33, (long) (n - 1) << 32);
        assertThat(floats).containsExactly(n * 0.5f, (n - 1) * 0.25f);
        int[] expected = new int[perGroup.length];
        for (int g = 0; g < n / group; g++) {
            expected[2 * g] = 2 * group;
            expected[2 * g + 1] = group - 1;
        }
        assertThat(perGroup).isEqualTo(expected);
    }

    /**
     * A chain of work-groups, each (in the order of the tickets they take, so a group waits only for one that
     * started before it) reading the block its predecessor wrote with plain stores, after an acquire load of the
     * predecessor's flag, and writing its own block before a release store of its flag: every block holds the sum
     * Java gives only if each group saw its predecessor's whole block.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aReleaseStorePublishesPlainWritesToAnAcquireLoadInAnotherWorkGroup(Device device) {
        assumeFalse(device.isHost(), "the host device runs work-groups on shared threads: a group may wait forever"
                + " for one not yet started (the one-pass algorithms' reason, too)");
        int groups = 512;
        int group = 128;
        int[] blocks = new int[groups * group];
        try (var q = new Queue(device); var data = DeviceArray.ofInt(q, groups * group);
             var flags = DeviceArray.ofInt(q, groups); var ticket = DeviceArray.ofInt(q, 1)) {
            var zeroed = new io.jsycl.Event[] {q.fill(flags, 0), q.fill(ticket, 0)};
            q.submit(h -> {
                h.dependsOn(zeroed);
                var taken = LocalAccessor.ofInt(h, 1);
                h.parallelFor(NdRange.of(Range.of(groups * group), Range.of(group)), it -> {
                    int lid = it.localId(0);
                    if (lid == 0) {
                        taken.set(0, ticket.atomicAdd(0, 1));
                    }
                    it.barrier(Fence.LOCAL);
                    int t = taken.get(0);
                    int before = 0;
                    if (t > 0) {
                        if (lid == 0) {
                            while (flags.atomicLoad(t - 1, MemoryOrder.ACQUIRE, MemoryScope.DEVICE) == 0) {
                                // spin: group t - 1 took its ticket first, so it runs
                            }
                        }
                        it.barrier(Fence.GLOBAL);
                        before = data.get((t - 1) * group + lid);
                    }
                    data.set(t * group + lid, before + t + lid);
                    it.barrier(Fence.GLOBAL);
                    if (lid == 0) {
                        flags.atomicStore(t, 1, MemoryOrder.RELEASE, MemoryScope.DEVICE);
                    }
                });
            }).await();
            q.copy(data, blocks).await();
        }
        int[] expected = new int[groups * group];
        for (int t = 0; t < groups; t++) {
            for (int l = 0; l < group; l++) {
                expected[t * group + l] = (t > 0 ? expected[(t - 1) * group + l] : 0) + t + l;
            }
        }
        assertThat(blocks).as("each block saw its predecessor's on %s", device.name()).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aLoadThatReleasesOrAStoreThatAcquiresIsRefusedWithTheFix(Device device) {
        try (var q = new Queue(device); var b = Buffer.of(new int[4])) {
            assertThatThrownBy(() -> q.submit(h -> {
                var x = b.readWrite(h);
                h.parallelFor(Range.of(4), it -> x.set(it.id(0), x.atomicLoad(0, MemoryOrder.RELEASE,
                        MemoryScope.DEVICE)));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("a load cannot release; use MemoryOrder.ACQUIRE");
            assertThatThrownBy(() -> q.submit(h -> {
                var x = b.readWrite(h);
                h.parallelFor(Range.of(4), it -> x.atomicStore(it.id(0), 1, MemoryOrder.ACQUIRE, MemoryScope.DEVICE));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("a store cannot acquire; use MemoryOrder.RELEASE");
        }
    }

    /** A scope the device reports it cannot give is refused at submit, naming it; one it reports runs. */
    @ParameterizedTest
    @MethodSource("devices")
    void theSystemScopeRunsWhereTheDeviceHasItAndIsRefusedElsewhere(Device device) {
        int[] out = new int[1];
        try (var q = new Queue(device); var b = Buffer.of(out)) {
            Runnable submit = () -> q.submit(h -> {
                var x = b.readWrite(h);
                h.parallelFor(Range.of(100), it -> x.atomicAdd(0, 1, MemoryOrder.ACQ_REL, MemoryScope.SYSTEM));
            }).await();
            if (device.atomicFenceScopes().contains(MemoryScope.SYSTEM)) {
                submit.run();
            } else {
                assertThatThrownBy(submit::run).isInstanceOf(SyclException.class)
                        .hasMessageContaining("MemoryScope.SYSTEM").hasMessageContaining("use MemoryScope.DEVICE");
            }
        }
        assertThat(out[0]).isEqualTo(device.atomicFenceScopes().contains(MemoryScope.SYSTEM) ? 100 : 0);
        assertThat(device.atomicFenceOrders()).as("every device orders acquire and release, %s", device.name())
                .contains(MemoryOrder.RELAXED, MemoryOrder.ACQUIRE, MemoryOrder.RELEASE, MemoryOrder.ACQ_REL);
        assertThat(device.atomicFenceScopes()).contains(MemoryScope.WORK_GROUP, MemoryScope.DEVICE);
        assertThat(Arrays.asList(MemoryScope.values())).containsAll(device.atomicFenceScopes());
    }
}
