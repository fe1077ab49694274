package io.jsycl.spark;

import java.io.Serializable;

/**
 * What runs on an executor for each partition of a Dataset ({@link JsyclSpark#withColumn}): jsycl code over the
 * partition's columns, as device buffers, which writes the new column's buffer. Spark serializes it to the executors,
 * so what it captures must be serializable; the kernels it submits are lowered and built there (once per executor
 * JVM and device, then from jsycl's disk cache).
 */
@FunctionalInterface
public interface PartitionFunction extends Serializable {
    /**
     * Computes the new column of one partition.
     *
     * @param partition the partition's columns, its output and the executor's queue
     */
    void apply(ColumnarPartition partition);
}
