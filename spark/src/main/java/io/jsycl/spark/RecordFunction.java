package io.jsycl.spark;

import java.io.Serializable;

/**
 * What runs on an executor for each partition of an RDD of records ({@link JsyclSpark#mapRecords}): jsycl code that
 * reads the partition's records and writes the records it becomes. Spark serializes it to the executors, so what it
 * captures must be serializable; the kernels it submits are lowered and built there (once per executor JVM and
 * device, then from jsycl's disk cache).
 *
 * @param <T> the input records' type
 * @param <R> the output records' type
 */
@FunctionalInterface
public interface RecordFunction<T extends Record, R extends Record> extends Serializable {
    /**
     * Computes the output records of one partition.
     *
     * @param partition the partition's records, its output and the executor's queue
     */
    void apply(RecordPartition<T, R> partition);
}
