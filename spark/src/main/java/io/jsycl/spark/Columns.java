package io.jsycl.spark;

import io.jsycl.Buffer;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Columns of Spark rows as primitive arrays and jsycl buffers: the one place that knows the types that map. */
final class Columns {
    private Columns() {
    }

    /** The types a column may have: Spark's four primitive numeric types, each a Java array type. */
    static boolean supported(DataType t) {
        return t.equals(DataTypes.FloatType) || t.equals(DataTypes.DoubleType) || t.equals(DataTypes.IntegerType)
                || t.equals(DataTypes.LongType);
    }

    static String supportedNames() {
        return "FloatType, DoubleType, IntegerType, LongType";
    }

    static Object newArray(DataType t, int n) {
        if (t.equals(DataTypes.FloatType)) {
            return new float[n];
        } else if (t.equals(DataTypes.DoubleType)) {
            return new double[n];
        } else if (t.equals(DataTypes.IntegerType)) {
            return new int[n];
        } else if (t.equals(DataTypes.LongType)) {
            return new long[n];
        }
        throw new IllegalArgumentException("jsycl's columns are " + supportedNames() + ", not " + t.simpleString());
    }

    static Buffer<?> buffer(Object array) {
        return switch (array) {
            case float[] a -> Buffer.of(a);
            case double[] a -> Buffer.of(a);
            case int[] a -> Buffer.of(a);
            case long[] a -> Buffer.of(a);
            default -> throw new IllegalArgumentException(array.getClass().getSimpleName());
        };
    }

    /**
     * Column {@code name} of {@code rows} as a primitive array, checked: it exists, it has type {@code wanted}, and
     * it holds no null.
     */
    static Object read(List<Row> rows, StructType schema, String name, DataType wanted, int partition) {
        int index = fieldIndex(schema, name);
        StructField field = schema.fields()[index];
        if (!field.dataType().equals(wanted)) {
            throw new IllegalArgumentException("column '" + name + "' is " + field.dataType().simpleString()
                    + ", not " + wanted.simpleString() + ": read it with the accessor of its type, or cast it first ("
                    + "ds.withColumn(\"" + name + "\", col(\"" + name + "\").cast(...)))");
        }
        Object array = newArray(wanted, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (r.isNullAt(index)) {
                throw new IllegalArgumentException("column '" + name + "' holds a null (row " + i + " of partition "
                        + partition + "): jsycl's columns are primitive arrays; drop or fill the nulls first "
                        + "(ds.na().drop(...) or ds.na().fill(...))");
            }
            switch (array) {
                case float[] a -> a[i] = r.getFloat(index);
                case double[] a -> a[i] = r.getDouble(index);
                case int[] a -> a[i] = r.getInt(index);
                case long[] a -> a[i] = r.getLong(index);
                default -> throw new IllegalStateException();
            }
        }
        return array;
    }

    static int fieldIndex(StructType schema, String name) {
        for (int i = 0; i < schema.fields().length; i++) {
            if (schema.fields()[i].name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no column '" + name + "'; the columns are "
                + Arrays.toString(schema.fieldNames()));
    }

    /** Element {@code i} of a primitive array, boxed, for a row. */
    static Object get(Object array, int i) {
        return switch (array) {
            case float[] a -> a[i];
            case double[] a -> a[i];
            case int[] a -> a[i];
            case long[] a -> a[i];
            default -> throw new IllegalStateException();
        };
    }
}
