package io.jsycl;

/** The work-item an {@link NdItemKernel} runs as: its place in the global range and in its work-group. */
public interface NdItem {
    /** Index in the global range, dimension {@code d}. */
    int globalId(int d);

    /** Index in the work-group. */
    int localId(int d);

    /** Index of the work-group. */
    int groupId(int d);

    /** Extent of the global range. */
    int globalRange(int d);

    /** Extent of the work-group. */
    int localRange(int d);

    /** Number of work-groups. */
    int groupRange(int d);

    /** Row-major linear index in the global range. */
    long globalLinearId();

    /** Row-major linear index in the work-group. */
    long localLinearId();

    /** The number of dimensions. */
    int dimensions();

    /** Waits until every work-item of the group reaches this barrier; fences local and global memory. */
    void barrier();

    /** Waits until every work-item of the group reaches this barrier; fences the given memory. */
    void barrier(Fence fence);
}
