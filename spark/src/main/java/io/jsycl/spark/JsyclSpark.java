package io.jsycl.spark;

import io.jsycl.Buffer;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * jsycl kernels over the partitions of a Spark {@link Dataset}: each partition's columns become jsycl buffers once
 * (columnar), a function of the user's runs on the executor's device (the task's GPU) and writes a new column, and
 * the result is a Dataset again, for Spark to shuffle, join, write or retry as any other. An RDD of records goes the
 * same way through {@link #mapRecords}: a partition's records are one record buffer.
 *
 * <pre>{@code
 * Dataset<Row> withR = JsyclSpark.withColumn(points, "r", DataTypes.FloatType, p -> {
 *     var x = p.floats("x");
 *     var y = p.floats("y");
 *     var r = p.outputFloats();
 *     int n = p.size();
 *     p.queue().submit(h -> {
 *         var xs = x.read(h);
 *         var ys = y.read(h);
 *         var rs = r.writeNoInit(h);
 *         h.parallelFor(Range.of(n), it -> {
 *             int i = it.id(0);
 *             rs.set(i, (float) Math.sqrt(xs.get(i) * xs.get(i) + ys.get(i) * ys.get(i)));
 *         });
 *     });
 * });
 * }</pre>
 */
public final class JsyclSpark {
    private JsyclSpark() {
    }

    /**
     * A Dataset of {@code input}'s rows with one more column, {@code name} of {@code type}, computed per partition by
     * {@code function} on the executor's jsycl device.
     *
     * @param input the rows; the columns the function reads must be of a primitive numeric type, without nulls
     * @param name the new column's name, not yet one of {@code input}'s
     * @param type the new column's type: {@code FloatType}, {@code DoubleType}, {@code IntegerType} or
     *        {@code LongType}
     * @param function what each partition runs; it writes every element of {@link ColumnarPartition#output()}
     * @return the rows with the new column, lazily, as Spark's other transformations
     * @throws IllegalArgumentException if the type is not one of those, or the name is taken
     */
    public static Dataset<Row> withColumn(Dataset<Row> input, String name, DataType type, PartitionFunction function) {
        return withColumns(input, new StructType().add(name, type, false), function);
    }

    /**
     * A Dataset of {@code input}'s rows with several more columns, computed together per partition by
     * {@code function} on the executor's jsycl device ({@link ColumnarPartition#output(String)} and the typed forms).
     *
     * @param input the rows; the columns the function reads must be of a primitive numeric type, without nulls
     * @param columns the new columns: names not yet in {@code input}, each {@code FloatType}, {@code DoubleType},
     *        {@code IntegerType} or {@code LongType}
     * @param function what each partition runs; it writes every element of every new column
     * @return the rows with the new columns, lazily, as Spark's other transformations
     * @throws IllegalArgumentException if a type is not one of those, or a name is taken
     */
    public static Dataset<Row> withColumns(Dataset<Row> input, StructType columns, PartitionFunction function) {
        StructType schema = input.schema();
        StructType out = schema;
        for (var field : columns.fields()) {
            if (!Columns.supported(field.dataType())) {
                throw new IllegalArgumentException("jsycl's columns are " + Columns.supportedNames()
                        + "; the new column '" + field.name() + "' is " + field.dataType().simpleString());
            }
            for (String f : schema.fieldNames()) {
                if (f.equals(field.name())) {
                    throw new IllegalArgumentException("column '" + field.name() + "' exists already; name the new "
                            + "column apart");
                }
            }
            out = out.add(field.name(), field.dataType(), false);
        }
        StructType outputs = columns;
        MapPartitionsFunction<Row, Row> perPartition = rows -> run(rows, schema, outputs, function);
        return input.mapPartitions(perPartition, Encoders.row(out));
    }

    /** One partition: its rows, then its columns as buffers, the user's function, and the rows with the new values. */
    private static Iterator<Row> run(Iterator<Row> it, StructType schema, StructType outputs,
            PartitionFunction function) {
        var rows = new ArrayList<Row>();
        it.forEachRemaining(rows::add);
        if (rows.isEmpty()) {
            return rows.iterator();
        }
        TaskContext task = TaskContext.get();
        int partition = task == null ? -1 : task.partitionId();
        List<Object> values;
        try (var p = new ColumnarPartition(rows, schema, ExecutorDevices.queueForCurrentTask(), partition, outputs)) {
            function.apply(p);
            p.touchOutputs(); // a column the function did not ask for stays zero
            p.close(); // waits for the kernels, writes the outputs back
            values = p.outputArrays();
        }
        var result = new ArrayList<Row>(rows.size());
        int width = schema.fields().length;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            Object[] v = new Object[width + values.size()];
            for (int c = 0; c < width; c++) {
                v[c] = r.get(c);
            }
            for (int c = 0; c < values.size(); c++) {
                v[width + c] = Columns.get(values.get(c), i);
            }
            result.add(RowFactory.create(v));
        }
        return result.iterator();
    }

    /**
     * An RDD of records computed per partition by {@code function} on the executor's jsycl device: each partition's
     * records become one buffer ({@code Buffer.of(records)}: a C struct per record on the device, records again in
     * kernels), the function's kernels write the output records, one per input record and in the same order, and
     * those are the new RDD's partition.
     *
     * <pre>{@code
     * record Particle(float x, float y, float vx, float vy) implements Serializable {}
     * JavaRDD<Particle> next = JsyclSpark.mapRecords(particles, Particle.class, Particle.class, p -> {
     *     var in = p.input();
     *     var out = p.output();
     *     p.queue().submit(h -> {
     *         var a = in.read(h);
     *         var b = out.writeNoInit(h);
     *         h.parallelFor(Range.of(p.size()), it -> {
     *             Particle q = a.get(it.id(0));
     *             b.set(it.id(0), new Particle(q.x() + q.vx() * dt, q.y() + q.vy() * dt, q.vx(), q.vy() - g * dt));
     *         });
     *     });
     * });
     * }</pre>
     *
     * @param <T> the input records' type
     * @param <R> the output records' type
     * @param input the records, none null; Spark moves them between JVMs, so they are {@code Serializable} (or
     *        registered with Kryo), as any RDD's elements
     * @param inputType the input records' class: a record of primitive components
     * @param outputType the output records' class: a record of primitive components
     * @param function what each partition runs; it writes the output records
     * @return the output records, lazily, as Spark's other transformations
     * @throws IllegalArgumentException if a type is not a record of primitive components
     */
    public static <T extends Record, R extends Record> JavaRDD<R> mapRecords(JavaRDD<T> input, Class<T> inputType,
            Class<R> outputType, RecordFunction<T, R> function) {
        Records.check(inputType, "input");
        Records.check(outputType, "output");
        FlatMapFunction<Iterator<T>, R> perPartition = it -> runRecords(it, inputType, outputType, function);
        return input.mapPartitions(perPartition, true);
    }

    /** One partition of records: its buffer, the user's function, and the records it wrote. */
    @SuppressWarnings("unchecked")
    private static <T extends Record, R extends Record> Iterator<R> runRecords(Iterator<T> it, Class<T> inputType,
            Class<R> outputType, RecordFunction<T, R> function) {
        var records = new ArrayList<T>();
        it.forEachRemaining(records::add);
        if (records.isEmpty()) {
            return Collections.emptyIterator();
        }
        TaskContext task = TaskContext.get();
        int partition = task == null ? -1 : task.partitionId();
        T[] in = records.toArray((T[]) Array.newInstance(inputType, records.size()));
        for (int i = 0; i < in.length; i++) {
            if (in[i] == null) {
                throw new IllegalArgumentException("record " + i + " of partition " + partition + " is null: a jsycl "
                        + "record buffer holds values (drop the nulls first: rdd.filter(Objects::nonNull))");
            }
        }
        R[] out = Records.zeros(outputType, in.length);
        try (var bufIn = Buffer.of(in); var bufOut = Buffer.of(out)) {
            function.apply(new RecordPartition<>(bufIn, bufOut, ExecutorDevices.queueForCurrentTask(), in.length,
                    partition));
        } // the closes wait for the kernels that use the buffers and write the output records into out
        return Arrays.asList(out).iterator();
    }
}
