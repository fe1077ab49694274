package io.jsycl.spark;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One partition of a Dataset as jsycl sees it: each column the function reads, converted once into a Java array and a
 * {@link Buffer} over it (columnar, not row by row), the buffer of the column it writes, and the queue of the
 * executor's device. The buffers are closed, and the output read back, when the function returns.
 */
public final class ColumnarPartition implements AutoCloseable {
    private final List<Row> rows;
    private final StructType schema;
    private final Queue queue;
    private final int partitionId;
    private final Map<String, Buffer<?>> columns = new LinkedHashMap<>();
    private final DataType outputType;
    private final Object output;
    private Buffer<?> outputBuffer;

    ColumnarPartition(List<Row> rows, StructType schema, Queue queue, int partitionId, DataType outputType) {
        this.rows = rows;
        this.schema = schema;
        this.queue = queue;
        this.partitionId = partitionId;
        this.outputType = outputType;
        this.output = Columns.newArray(outputType, rows.size());
    }

    /**
     * The number of rows of the partition: every column's length.
     *
     * @return the rows
     */
    public int size() {
        return rows.size();
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
     * A {@code float} column of the partition.
     *
     * @param column the column's name
     * @return a buffer over the column's values, read once from the rows
     * @throws IllegalArgumentException if there is no such column, it is not {@code FloatType}, or it holds a null
     */
    public Buffer.OfFloat floats(String column) {
        return (Buffer.OfFloat) column(column, DataTypes.FloatType);
    }

    /**
     * A {@code double} column of the partition.
     *
     * @param column the column's name
     * @return a buffer over the column's values, read once from the rows
     * @throws IllegalArgumentException if there is no such column, it is not {@code DoubleType}, or it holds a null
     */
    public Buffer.OfDouble doubles(String column) {
        return (Buffer.OfDouble) column(column, DataTypes.DoubleType);
    }

    /**
     * An {@code int} column of the partition.
     *
     * @param column the column's name
     * @return a buffer over the column's values, read once from the rows
     * @throws IllegalArgumentException if there is no such column, it is not {@code IntegerType}, or it holds a null
     */
    public Buffer.OfInt ints(String column) {
        return (Buffer.OfInt) column(column, DataTypes.IntegerType);
    }

    /**
     * A {@code long} column of the partition.
     *
     * @param column the column's name
     * @return a buffer over the column's values, read once from the rows
     * @throws IllegalArgumentException if there is no such column, it is not {@code LongType}, or it holds a null
     */
    public Buffer.OfLong longs(String column) {
        return (Buffer.OfLong) column(column, DataTypes.LongType);
    }

    /**
     * The buffer of the new column, of the type given to {@link JsyclSpark#withColumn}: one element per row, written
     * by the function's kernels, read back when it returns.
     *
     * @return the output buffer; cast it to its type ({@code Buffer.OfFloat} for {@code FloatType}, ...)
     */
    public Buffer<?> output() {
        if (outputBuffer == null) {
            outputBuffer = Columns.buffer(output);
        }
        return outputBuffer;
    }

    /**
     * The new column's buffer as floats.
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code FloatType}
     */
    public Buffer.OfFloat outputFloats() {
        return (Buffer.OfFloat) typedOutput(DataTypes.FloatType);
    }

    /**
     * The new column's buffer as doubles.
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code DoubleType}
     */
    public Buffer.OfDouble outputDoubles() {
        return (Buffer.OfDouble) typedOutput(DataTypes.DoubleType);
    }

    /**
     * The new column's buffer as ints.
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code IntegerType}
     */
    public Buffer.OfInt outputInts() {
        return (Buffer.OfInt) typedOutput(DataTypes.IntegerType);
    }

    /**
     * The new column's buffer as longs.
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code LongType}
     */
    public Buffer.OfLong outputLongs() {
        return (Buffer.OfLong) typedOutput(DataTypes.LongType);
    }

    private Buffer<?> typedOutput(DataType wanted) {
        if (!outputType.equals(wanted)) {
            throw new IllegalStateException("the new column is " + outputType.simpleString() + ", not "
                    + wanted.simpleString() + ": use the output of its type");
        }
        return output();
    }

    private Buffer<?> column(String name, DataType wanted) {
        Buffer<?> b = columns.get(name);
        if (b == null) {
            b = Columns.buffer(Columns.read(rows, schema, name, wanted, partitionId));
            columns.put(name, b);
        }
        return b;
    }

    /** The new column's values, once {@link #close()} has written them back. */
    Object outputArray() {
        return output;
    }

    /** Closes every buffer: waits for the kernels that use them and writes the output back into its array. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (Buffer<?> b : columns.values()) {
            try {
                b.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (outputBuffer != null) {
            try {
                outputBuffer.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
