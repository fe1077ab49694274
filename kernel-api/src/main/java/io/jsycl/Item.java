package io.jsycl;

import io.jsycl.Lowered.As;

/** The work-item a {@link ItemKernel} runs as: its position in the launch range. */
public interface Item {
    /**
     * This item's index in dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the index, 0 to {@code range(d) - 1}
     */
    @Lowered(As.ITEM_QUERY)
    int id(int d);

    /**
     * The launch range's extent in dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the extent, at least 1
     */
    @Lowered(As.ITEM_QUERY)
    int range(int d);

    /**
     * The row-major linear index of this item in the launch range.
     *
     * @return the linear index, 0 to the range's size minus 1
     */
    @Lowered(As.ITEM_QUERY)
    long linearId();

    /**
     * The number of dimensions of the launch range.
     *
     * @return 1, 2 or 3
     */
    @Lowered(As.ITEM_QUERY)
    int dimensions();
}
