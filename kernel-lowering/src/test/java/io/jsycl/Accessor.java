package io.jsycl;

/**
 * Test double of the runtime's accessors: same class and method names, so kernel lambdas
 * compile to the same bytecode. Each records the dimensions and access mode the test lowers it
 * with; one-dimensional ones may be backed by an array so the kernel can also run on the host.
 */
public final class Accessor {
    private Accessor() {
    }

    /** Accessor of float. */
    public static final class OfFloat {
        public final int dimensions;
        public final String mode;
        public final float[] data;

        public OfFloat(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfFloat(float[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public float get(int i) {
            return data[i];
        }

        public Float2 get2(int i) {
            return new Float2(data[2 * i + 0], data[2 * i + 1]);
        }

        public void set2(int i, Float2 v) {
            data[2 * i + 0] = v.x();
            data[2 * i + 1] = v.y();
        }

        public Float4 get4(int i) {
            return new Float4(data[4 * i + 0], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]);
        }

        public void set4(int i, Float4 v) {
            data[4 * i + 0] = v.x();
            data[4 * i + 1] = v.y();
            data[4 * i + 2] = v.z();
            data[4 * i + 3] = v.w();
        }

        public Float8 get8(int i) {
            return new Float8(data[8 * i + 0], data[8 * i + 1], data[8 * i + 2], data[8 * i + 3],
                    data[8 * i + 4], data[8 * i + 5], data[8 * i + 6], data[8 * i + 7]);
        }

        public void set8(int i, Float8 v) {
            data[8 * i + 0] = v.s0();
            data[8 * i + 1] = v.s1();
            data[8 * i + 2] = v.s2();
            data[8 * i + 3] = v.s3();
            data[8 * i + 4] = v.s4();
            data[8 * i + 5] = v.s5();
            data[8 * i + 6] = v.s6();
            data[8 * i + 7] = v.s7();
        }

        public float get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public float get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, float v) {
            data[i] = v;
        }

        public void set(int i, int j, float v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, float v) {
            throw new UnsupportedOperationException();
        }

        public float atomicAdd(int i, float v) {
            float old = data[i];
            data[i] = (float) (old + v);
            return old;
        }

        public float atomicMin(int i, float v) {
            float old = data[i];
            data[i] = Math.min(old, v);
            return old;
        }

        public float atomicMax(int i, float v) {
            float old = data[i];
            data[i] = Math.max(old, v);
            return old;
        }

        public float atomicExchange(int i, float v) {
            float old = data[i];
            data[i] = v;
            return old;
        }

        public float atomicCompareExchange(int i, float expected, float desired) {
            float old = data[i];
            if (old == expected) {
                data[i] = desired;
            }
            return old;
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of double. */
    public static final class OfDouble {
        public final int dimensions;
        public final String mode;
        public final double[] data;

        public OfDouble(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfDouble(double[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public double get(int i) {
            return data[i];
        }

        public Double2 get2(int i) {
            return new Double2(data[2 * i + 0], data[2 * i + 1]);
        }

        public void set2(int i, Double2 v) {
            data[2 * i + 0] = v.x();
            data[2 * i + 1] = v.y();
        }

        public Double4 get4(int i) {
            return new Double4(data[4 * i + 0], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]);
        }

        public void set4(int i, Double4 v) {
            data[4 * i + 0] = v.x();
            data[4 * i + 1] = v.y();
            data[4 * i + 2] = v.z();
            data[4 * i + 3] = v.w();
        }

        public Double8 get8(int i) {
            return new Double8(data[8 * i + 0], data[8 * i + 1], data[8 * i + 2], data[8 * i + 3],
                    data[8 * i + 4], data[8 * i + 5], data[8 * i + 6], data[8 * i + 7]);
        }

        public void set8(int i, Double8 v) {
            data[8 * i + 0] = v.s0();
            data[8 * i + 1] = v.s1();
            data[8 * i + 2] = v.s2();
            data[8 * i + 3] = v.s3();
            data[8 * i + 4] = v.s4();
            data[8 * i + 5] = v.s5();
            data[8 * i + 6] = v.s6();
            data[8 * i + 7] = v.s7();
        }

        public double get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public double get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, double v) {
            data[i] = v;
        }

        public void set(int i, int j, double v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, double v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of int. */
    public static final class OfInt {
        public final int dimensions;
        public final String mode;
        public final int[] data;

        public OfInt(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfInt(int[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public int get(int i) {
            return data[i];
        }

        public Int2 get2(int i) {
            return new Int2(data[2 * i + 0], data[2 * i + 1]);
        }

        public void set2(int i, Int2 v) {
            data[2 * i + 0] = v.x();
            data[2 * i + 1] = v.y();
        }

        public Int4 get4(int i) {
            return new Int4(data[4 * i + 0], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]);
        }

        public void set4(int i, Int4 v) {
            data[4 * i + 0] = v.x();
            data[4 * i + 1] = v.y();
            data[4 * i + 2] = v.z();
            data[4 * i + 3] = v.w();
        }

        public Int8 get8(int i) {
            return new Int8(data[8 * i + 0], data[8 * i + 1], data[8 * i + 2], data[8 * i + 3],
                    data[8 * i + 4], data[8 * i + 5], data[8 * i + 6], data[8 * i + 7]);
        }

        public void set8(int i, Int8 v) {
            data[8 * i + 0] = v.s0();
            data[8 * i + 1] = v.s1();
            data[8 * i + 2] = v.s2();
            data[8 * i + 3] = v.s3();
            data[8 * i + 4] = v.s4();
            data[8 * i + 5] = v.s5();
            data[8 * i + 6] = v.s6();
            data[8 * i + 7] = v.s7();
        }

        public int get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public int get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int v) {
            data[i] = v;
        }

        public void set(int i, int j, int v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, int v) {
            throw new UnsupportedOperationException();
        }

        public int atomicAdd(int i, int v) {
            int old = data[i];
            data[i] = (int) (old + v);
            return old;
        }

        public int atomicMin(int i, int v) {
            int old = data[i];
            data[i] = Math.min(old, v);
            return old;
        }

        public int atomicMax(int i, int v) {
            int old = data[i];
            data[i] = Math.max(old, v);
            return old;
        }

        public int atomicExchange(int i, int v) {
            int old = data[i];
            data[i] = v;
            return old;
        }

        public int atomicCompareExchange(int i, int expected, int desired) {
            int old = data[i];
            if (old == expected) {
                data[i] = desired;
            }
            return old;
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of long. */
    public static final class OfLong {
        public final int dimensions;
        public final String mode;
        public final long[] data;

        public OfLong(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfLong(long[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public long get(int i) {
            return data[i];
        }

        public Long2 get2(int i) {
            return new Long2(data[2 * i + 0], data[2 * i + 1]);
        }

        public void set2(int i, Long2 v) {
            data[2 * i + 0] = v.x();
            data[2 * i + 1] = v.y();
        }

        public Long4 get4(int i) {
            return new Long4(data[4 * i + 0], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]);
        }

        public void set4(int i, Long4 v) {
            data[4 * i + 0] = v.x();
            data[4 * i + 1] = v.y();
            data[4 * i + 2] = v.z();
            data[4 * i + 3] = v.w();
        }

        public Long8 get8(int i) {
            return new Long8(data[8 * i + 0], data[8 * i + 1], data[8 * i + 2], data[8 * i + 3],
                    data[8 * i + 4], data[8 * i + 5], data[8 * i + 6], data[8 * i + 7]);
        }

        public void set8(int i, Long8 v) {
            data[8 * i + 0] = v.s0();
            data[8 * i + 1] = v.s1();
            data[8 * i + 2] = v.s2();
            data[8 * i + 3] = v.s3();
            data[8 * i + 4] = v.s4();
            data[8 * i + 5] = v.s5();
            data[8 * i + 6] = v.s6();
            data[8 * i + 7] = v.s7();
        }

        public long get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public long get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, long v) {
            data[i] = v;
        }

        public void set(int i, int j, long v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, long v) {
            throw new UnsupportedOperationException();
        }

        public long atomicAdd(int i, long v) {
            long old = data[i];
            data[i] = (long) (old + v);
            return old;
        }

        public long atomicMin(int i, long v) {
            long old = data[i];
            data[i] = Math.min(old, v);
            return old;
        }

        public long atomicMax(int i, long v) {
            long old = data[i];
            data[i] = Math.max(old, v);
            return old;
        }

        public long atomicExchange(int i, long v) {
            long old = data[i];
            data[i] = v;
            return old;
        }

        public long atomicCompareExchange(int i, long expected, long desired) {
            long old = data[i];
            if (old == expected) {
                data[i] = desired;
            }
            return old;
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of short. */
    public static final class OfShort {
        public final int dimensions;
        public final String mode;
        public final short[] data;

        public OfShort(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfShort(short[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public short get(int i) {
            return data[i];
        }

        public short get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public short get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, short v) {
            data[i] = v;
        }

        public void set(int i, int j, short v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, short v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of byte. */
    public static final class OfByte {
        public final int dimensions;
        public final String mode;
        public final byte[] data;

        public OfByte(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfByte(byte[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public byte get(int i) {
            return data[i];
        }

        public byte get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public byte get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, byte v) {
            data[i] = v;
        }

        public void set(int i, int j, byte v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, byte v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of char. */
    public static final class OfChar {
        public final int dimensions;
        public final String mode;
        public final char[] data;

        public OfChar(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfChar(char[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public char get(int i) {
            return data[i];
        }

        public char get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public char get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, char v) {
            data[i] = v;
        }

        public void set(int i, int j, char v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, char v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of boolean. */
    public static final class OfBoolean {
        public final int dimensions;
        public final String mode;
        public final boolean[] data;

        public OfBoolean(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
            this.data = null;
        }

        public OfBoolean(boolean[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.data = data;
        }

        public boolean get(int i) {
            return data[i];
        }

        public boolean get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public boolean get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, boolean v) {
            data[i] = v;
        }

        public void set(int i, int j, boolean v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, boolean v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            return data.length;
        }
    }

    /** Accessor of records; {@code type} is the record class. */
    public static final class OfRecord<R extends Record> {
        public final int dimensions;
        public final String mode;
        public final Class<R> type;
        public final R[] data;

        public OfRecord(Class<R> type, R[] data, String mode) {
            this.dimensions = 1;
            this.mode = mode;
            this.type = type;
            this.data = data;
        }

        public R get(int i) {
            return data[i];
        }

        public void set(int i, R v) {
            data[i] = v;
        }

        public int size() {
            return data.length;
        }
    }
}
