package io.jsycl.spark;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One partition of a Dataset as jsycl sees it: each column the function reads, converted once into a Java array and a
 * {@link Buffer} over it (columnar, not row by row), the buffers of the columns it writes, and the queue of the
 * executor's device. The buffers are closed, and the outputs read back, when the function returns.
 */
public final class ColumnarPartition implements AutoCloseable {
    private final List<Row> rows;
    private final StructType schema;
    private final Queue queue;
    private final int partitionId;
    private final Map<String, Buffer<?>> columns = new LinkedHashMap<>();
    private final StructType outputs;
    private final Map<String, Object> outputArrays = new LinkedHashMap<>();
    private final Map<String, Buffer<?>> outputBuffers = new LinkedHashMap<>();

    ColumnarPartition(List<Row> rows, StructType schema, Queue queue, int partitionId, StructType outputs) {
        this.rows = rows;
        this.schema = schema;
        this.queue = queue;
        this.partitionId = partitionId;
        this.outputs = outputs;
        for (StructField f : outputs.fields()) {
            outputArrays.put(f.name(), Columns.newArray(f.dataType(), rows.size()));
        }
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
     * The buffer of the new column, where there is one ({@link JsyclSpark#withColumn}): one element per row, written
     * by the function's kernels, read back when it returns.
     *
     * @return the output buffer; cast it to its type ({@code Buffer.OfFloat} for {@code FloatType}, ...)
     * @throws IllegalStateException where there are several new columns: name the one
     */
    public Buffer<?> output() {
        return output(single());
    }

    /**
     * The buffer of new column {@code name} ({@link JsyclSpark#withColumns}).
     *
     * @param name a new column's name
     * @return its buffer, one element per row
     * @throws IllegalArgumentException if no new column has that name
     */
    public Buffer<?> output(String name) {
        Object array = outputArrays.get(name);
        if (array == null) {
            throw new IllegalArgumentException("no new column '" + name + "'; the new columns are "
                    + outputArrays.keySet());
        }
        return outputBuffers.computeIfAbsent(name, n -> Columns.buffer(array));
    }

    /**
     * The new column's buffer as floats (one new column).
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code FloatType}, or there are several
     */
    public Buffer.OfFloat outputFloats() {
        return outputFloats(single());
    }

    /**
     * New column {@code name}'s buffer as floats.
     *
     * @param name a new column's name
     * @return its buffer
     * @throws IllegalStateException if that column is not {@code FloatType}
     */
    public Buffer.OfFloat outputFloats(String name) {
        return (Buffer.OfFloat) typedOutput(name, DataTypes.FloatType);
    }

    /**
     * The new column's buffer as doubles (one new column).
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code DoubleType}, or there are several
     */
    public Buffer.OfDouble outputDoubles() {
        return outputDoubles(single());
    }

    /**
     * New column {@code name}'s buffer as doubles.
     *
     * @param name a new column's name
     * @return its buffer
     * @throws IllegalStateException if that column is not {@code DoubleType}
     */
    public Buffer.OfDouble outputDoubles(String name) {
        return (Buffer.OfDouble) typedOutput(name, DataTypes.DoubleType);
    }

    /**
     * The new column's buffer as ints (one new column).
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code IntegerType}, or there are several
     */
    public Buffer.OfInt outputInts() {
        return outputInts(single());
    }

    /**
     * New column {@code name}'s buffer as ints.
     *
     * @param name a new column's name
     * @return its buffer
     * @throws IllegalStateException if that column is not {@code IntegerType}
     */
    public Buffer.OfInt outputInts(String name) {
        return (Buffer.OfInt) typedOutput(name, DataTypes.IntegerType);
    }

    /**
     * The new column's buffer as longs (one new column).
     *
     * @return the output buffer
     * @throws IllegalStateException if the new column is not {@code LongType}, or there are several
     */
    public Buffer.OfLong outputLongs() {
        return outputLongs(single());
    }

    /**
     * New column {@code name}'s buffer as longs.
     *
     * @param name a new column's name
     * @return its buffer
     * @throws IllegalStateException if that column is not {@code LongType}
     */
    public Buffer.OfLong outputLongs(String name) {
        return (Buffer.OfLong) typedOutput(name, DataTypes.LongType);
    }

    private String single() {
        if (outputs.fields().length != 1) {
            throw new IllegalStateException("there are " + outputs.fields().length + " new columns "
                    + outputArrays.keySet() + ": name the one, e.g. outputFloats(\"" + outputs.fieldNames()[0]
                    + "\")");
        }
        return outputs.fieldNames()[0];
    }

    private Buffer<?> typedOutput(String name, DataType wanted) {
        Buffer<?> b = output(name);
        DataType type = outputs.apply(name).dataType();
        if (!type.equals(wanted)) {
            throw new IllegalStateException("the new column '" + name + "' is " + type.simpleString() + ", not "
                    + wanted.simpleString() + ": use the output of its type");
        }
        return b;
    }

    private Buffer<?> column(String name, DataType wanted) {
        Buffer<?> b = columns.get(name);
        if (b == null) {
            b = Columns.buffer(Columns.read(rows, schema, name, wanted, partitionId));
            columns.put(name, b);
        }
        return b;
    }

    /** The new columns' values, in order, once {@link #close()} has written them back. */
    List<Object> outputArrays() {
        return List.copyOf(outputArrays.values());
    }

    /** Makes every new column's buffer, so that one the function did not ask for is still written back (zeros). */
    void touchOutputs() {
        for (String name : outputArrays.keySet()) {
            output(name);
        }
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
        for (Buffer<?> b : outputBuffers.values()) {
            try {
                b.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
