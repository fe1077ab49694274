package io.jsycl;

/** The work-item a {@link ItemKernel} runs as: its position in the launch range. */
public interface Item {
    /** This item's index in dimension {@code d}. */
    int id(int d);

    /** The launch range's extent in dimension {@code d}. */
    int range(int d);

    /** The row-major linear index of this item in the launch range. */
    long linearId();

    /** The number of dimensions of the launch range. */
    int dimensions();
}
