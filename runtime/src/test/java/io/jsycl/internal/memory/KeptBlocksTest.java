package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pools' bookkeeping alone, with blocks that are only sizes: what is kept, lent and released, in which order. */
class KeptBlocksTest {
    /** A block: its size and a name to tell blocks of one size apart. */
    private record Block(String name, long bytes) {
    }

    private final List<Block> released = new ArrayList<>();
    private final KeptBlocks<Block> pool = new KeptBlocks<>(1000, Block::bytes, released::add);

    @Test
    void aStepWithNewSizesKeepsItsBlocksAndTheBlocksKeptLongestGoBack() {
        var big = new Block("big", 600);
        pool.give(600L, big); // a first step's block
        var a = pool.take(300L, () -> new Block("a", 300));
        var b = pool.take(300L, () -> new Block("b", 300));
        pool.give(300L, a);
        assertThat(released).as("600 + 300 fit in 1000").isEmpty();
        pool.give(300L, b); // 1200 would pass the limit: the block kept longest goes, not b
        assertThat(released).containsExactly(big);
        assertThat(pool.take(300L, () -> new Block("new", 300))).isIn(a, b);
        assertThat(pool.take(300L, () -> new Block("new", 300))).isIn(a, b);
        assertThat(pool.stats()).isEqualTo(new KeptBlocks.Stats(2, 2, 1, 0, 1000));
    }

    @Test
    void aBlockLargerThanTheLimitGoesBackAtOnceAndKeepsTheOthers() {
        var small = new Block("small", 100);
        pool.give(100L, small);
        var huge = new Block("huge", 2000);
        pool.give(2000L, huge);
        assertThat(released).containsExactly(huge);
        assertThat(pool.stats().keptBytes()).isEqualTo(100);
        assertThat(pool.trim()).isEqualTo(100);
        assertThat(released).containsExactly(huge, small);
    }

    @Test
    void aClosedPoolKeepsNothing() {
        pool.close();
        var b = new Block("b", 10);
        pool.give(10L, b);
        assertThat(released).containsExactly(b);
        assertThat(pool.stats().keptBytes()).isZero();
    }
}
