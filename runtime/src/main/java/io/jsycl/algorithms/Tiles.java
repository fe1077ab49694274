package io.jsycl.algorithms;

import io.jsycl.Buffer;
import io.jsycl.Reduction;

/**
 * What the parallel algorithms share: the work-group and tile they split their input into (one work-group of
 * {@value #GROUP} work-items a tile, each work-item taking {@value #PER_ITEM} consecutive elements), and addition as
 * operators, lambdas of this package, which kernels call as device functions.
 */
final class Tiles {
    /** Work-items of a group. */
    static final int GROUP = 256;
    /** Consecutive elements each work-item takes. */
    static final int PER_ITEM = 8;
    /** Elements of one tile: one work-group's part. */
    static final int TILE = GROUP * PER_ITEM;
    static final Reduction.IntOp INT_SUM = (a, b) -> a + b;
    static final Reduction.LongOp LONG_SUM = (a, b) -> a + b;
    static final Reduction.FloatOp FLOAT_SUM = (a, b) -> a + b;
    static final Reduction.DoubleOp DOUBLE_SUM = (a, b) -> a + b;

    private Tiles() {
    }

    /** How many tiles {@code n} elements make (at least one). */
    static int tiles(int n) {
        return Math.max(1, (int) ((n + (long) TILE - 1) / TILE));
    }

    /** Refuses {@code n} elements where {@code buffer} holds fewer, naming {@code what}. */
    static void checkLength(String what, int n, Buffer<?> buffer) {
        if (n < 0 || n > buffer.size()) {
            throw new IllegalArgumentException(what + ": " + n + " elements, but the buffer holds " + buffer.size());
        }
    }
}
