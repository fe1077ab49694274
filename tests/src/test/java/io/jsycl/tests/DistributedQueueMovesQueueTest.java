package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.DistributedQueue;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DistributedQueue} with {@code JSYCL_MOVES_QUEUE=on}: each device's moves on a queue of their own, ordered
 * by events. The programs of {@link DistributedQueueTest} that move rows give Java's results bit for bit, as with the
 * moves between the kernels, and the trace says where the writes went.
 */
class DistributedQueueMovesQueueTest {
    private final DistributedQueueTest moves = new DistributedQueueTest();

    private static void withMovesQueue(Runnable check) {
        AlgorithmsTest.withProperty("jsycl.movesQueue", "on", check); // read when a DistributedQueue is made
    }

    @Test
    void stencilWithHalosMatchesJava() {
        withMovesQueue(moves::stencilWithHalosMatchesJava);
    }

    @Test
    void theInteriorRunsBeforeTheHaloArrives() {
        withMovesQueue(moves::theInteriorRunsBeforeTheHaloArrives);
    }

    @Test
    void twoDimensionalStencilMatchesJava() {
        withMovesQueue(moves::twoDimensionalStencilMatchesJava);
    }

    @Test
    void replicatedReadsSeeEveryDevicesWrites() {
        withMovesQueue(moves::replicatedReadsSeeEveryDevicesWrites);
    }

    @Test
    void aPlainQueueAndTheHostSeeTheRowsInBetween() {
        withMovesQueue(moves::aPlainQueueAndTheHostSeeTheRowsInBetween);
    }

    @Test
    void reductionsCombineAcrossDevices() {
        withMovesQueue(moves::reductionsCombineAcrossDevices);
    }

    /**
     * The halo rows go from device to device through the moves queues (the trace says so), and the result is Java's.
     */
    @Test
    void theHaloWritesRunOnTheMovesQueues() {
        withMovesQueue(() -> {
            int n = 1500;
            float[] init = DistributedQueueTest.floats(n, 21);
            float[] expected = new float[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i == 0 || i == n - 1 ? init[i] : init[i - 1] + init[i] + init[i + 1];
            }
            float[] b = new float[n];
            List<String> writes = DistributedQueueTest.haloStep(DistributedQueueTest.device(), init.clone(), b).stream()
                    .filter(m -> m.contains("from the copy in") && m.contains("on its moves queue")).toList();
            assertThat(b).containsExactly(expected);
            assertThat(writes).as("each device's halo row from the other, on its moves queue").hasSize(2);
        });
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
