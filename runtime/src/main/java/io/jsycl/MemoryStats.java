package io.jsycl;

/**
 * What a {@link Context} keeps of the memory its buffers gave back, and how often that saved an allocation: the
 * device memory of closed buffers, reused by new buffers of a similar size, and the pinned host memory that
 * transfers are staged through. A program that makes and closes buffers per operation should see its allocations
 * stop growing after the first round ({@code deviceReuses} grows instead). See {@link Context#trimMemory()} to give
 * the kept memory back, and {@code JSYCL_DEVICE_POOL_PERCENT} and {@code JSYCL_STAGING_POOL_MIB} for the limits.
 *
 * @param deviceAllocations device memory allocations made through the driver
 * @param deviceReuses buffers that got memory a closed buffer gave back, with no allocation
 * @param deviceReleases device memory released to the driver (the pool was full, trimmed or closed)
 * @param deviceKeptBytes device memory kept now for new buffers
 * @param deviceLimitBytes the most device memory kept (0: none is kept)
 * @param pinnedAllocations pinned host memory allocations (each also page-locks the memory)
 * @param pinnedReuses transfers staged through pinned memory an earlier one gave back
 * @param pinnedReleases pinned host memory freed
 * @param pinnedKeptBytes pinned host memory kept now
 * @param pinnedLimitBytes the most pinned host memory kept
 */
public record MemoryStats(long deviceAllocations, long deviceReuses, long deviceReleases, long deviceKeptBytes,
        long deviceLimitBytes, long pinnedAllocations, long pinnedReuses, long pinnedReleases, long pinnedKeptBytes,
        long pinnedLimitBytes) {
}
