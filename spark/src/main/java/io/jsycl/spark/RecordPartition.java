package io.jsycl.spark;

import io.jsycl.Buffer;
import io.jsycl.Queue;

/**
 * One partition of an RDD of records, on the executor's jsycl device ({@link JsyclSpark#mapRecords}): its records as
 * one buffer (a C struct per record on the device, records again in kernels), the buffer of the records the partition
 * becomes, and the executor's queue.
 *
 * @param <T> the input records' type
 * @param <R> the output records' type
 */
public final class RecordPartition<T extends Record, R extends Record> {
    private final Buffer.OfRecord<T> input;
    private final Buffer.OfRecord<R> output;
    private final Queue queue;
    private final int size;
    private final int partitionId;

    RecordPartition(Buffer.OfRecord<T> input, Buffer.OfRecord<R> output, Queue queue, int size, int partitionId) {
        this.input = input;
        this.output = output;
        this.queue = queue;
        this.size = size;
        this.partitionId = partitionId;
    }

    /**
     * The partition's records, in the partition's order.
     *
     * @return a buffer over them (writes to it are not kept: the output is what the partition becomes)
     */
    public Buffer.OfRecord<T> input() {
        return input;
    }

    /**
     * The records the partition becomes, one per input record, in the same order; zeros (each component 0, false)
     * until a kernel writes them.
     *
     * @return a buffer over them
     */
    public Buffer.OfRecord<R> output() {
        return output;
    }

    /**
     * The number of records of the partition: the length of the input and of the output.
     *
     * @return the records
     */
    public int size() {
        return size;
    }

    /**
     * The queue of the device this executor runs kernels on (the task's GPU, from its Spark resources).
     *
     * @return the queue, shared by the executor's tasks on that device
     */
    public Queue queue() {
        return queue;
    }

    /**
     * The partition's index in its RDD, or -1 outside a Spark task.
     *
     * @return the index
     */
    public int partitionId() {
        return partitionId;
    }
}
