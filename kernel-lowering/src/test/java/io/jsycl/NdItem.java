package io.jsycl;

/** Test double of the runtime's {@code NdItem}. */
public interface NdItem {
    int globalId(int dimension);

    int localId(int dimension);

    int groupId(int dimension);

    int globalRange(int dimension);

    int localRange(int dimension);

    int groupRange(int dimension);

    long globalLinearId();

    long localLinearId();

    void barrier();

    void barrier(Fence fence);
}
