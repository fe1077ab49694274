package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.DistributedQueue;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two orders of a {@link DistributedQueue}'s moves: with {@code JSYCL_MOVES_QUEUE=off}, between the kernels on
 * each device's own queue, the programs of {@link DistributedQueueTest} that move rows give Java's results bit for bit
 * as with the moves queue (the default, which {@link DistributedQueueTest} runs); with it on, the trace says the halo
 * writes went to the moves queues.
 */
class DistributedQueueMoveOrdersTest {
    private final DistributedQueueTest moves = new DistributedQueueTest();

    private static void withMovesQueue(Runnable check) {
        AlgorithmsTest.withProperty("jsycl.movesQueue", "on", check); // read when a DistributedQueue is made
    }

    private static void betweenTheKernels(Runnable check) {
        AlgorithmsTest.withProperty("jsycl.movesQueue", "off", check);
    }

    @Test
    void stencilWithHalosMatchesJava() {
        betweenTheKernels(moves::stencilWithHalosMatchesJava);
    }

    @Test
    void theInteriorRunsBeforeTheHaloArrives() {
        betweenTheKernels(moves::theInteriorRunsBeforeTheHaloArrives);
    }

    @Test
    void twoDimensionalStencilMatchesJava() {
        betweenTheKernels(moves::twoDimensionalStencilMatchesJava);
    }

    @Test
    void replicatedReadsSeeEveryDevicesWrites() {
        betweenTheKernels(moves::replicatedReadsSeeEveryDevicesWrites);
    }

    @Test
    void aPlainQueueAndTheHostSeeTheRowsInBetween() {
        betweenTheKernels(moves::aPlainQueueAndTheHostSeeTheRowsInBetween);
    }

    @Test
    void reductionsCombineAcrossDevices() {
        betweenTheKernels(moves::reductionsCombineAcrossDevices);
    }

    /**
     * The halo rows go from device to device through the moves queues by default, and between the kernels with the
     * setting off (the trace says which), with Java's result either way.
     */
    @Test
    void theHaloWritesRunOnTheMovesQueuesByDefault() {
        assertThat(haloWrites()).containsExactly(2, 2); // two halo writes, both on the moves queues
        betweenTheKernels(() -> assertThat(haloWrites()).containsExactly(2, 0));
        withMovesQueue(() -> assertThat(haloWrites()).containsExactly(2, 2));
    }

    /** A two-device halo step's writes between the devices, and how many of them ran on a moves queue. */
    private static int[] haloWrites() {
        float[] init = DistributedQueueTest.floats(1500, 21);
        float[] b = new float[init.length];
        List<String> writes = DistributedQueueTest.haloStep(DistributedQueueTest.device(), init.clone(), b).stream()
                .filter(m -> m.contains("from the copy in")).toList();
        assertThat(b).containsExactly(DistributedQueueTest.sumsOfThree(init));
        return new int[] {writes.size(), (int) writes.stream().filter(m -> m.contains("on its moves queue")).count()};
    }

    /** A value neither on nor off is refused where the queue is made, naming it; the devices' queues are let go. */
    @Test
    void aMalformedSettingIsRefusedWhenTheQueueIsMade() {
        var d = DistributedQueueTest.device();
        AlgorithmsTest.withProperty("jsycl.movesQueue", "sometimes", () ->
                assertThatThrownBy(() -> new DistributedQueue(List.of(d, d)))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sometimes"));
        try (var dq = new DistributedQueue(List.of(d, d))) { // and a queue made after it works
            assertThat(dq.chunkBounds(1000)).hasSize(3);
        }
    }
}
