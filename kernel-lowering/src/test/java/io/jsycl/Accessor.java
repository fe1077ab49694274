package io.jsycl;

/**
 * Test double of the runtime's accessors: same class and method names, so kernel lambdas
 * compile to the same bytecode. Each records the dimensions and access mode the test lowers it
 * with.
 */
public final class Accessor {
    private Accessor() {
    }

    /** Accessor of float. */
    public static final class OfFloat {
        public final int dimensions;
        public final String mode;

        public OfFloat(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public float get(int i) {
            throw new UnsupportedOperationException();
        }

        public float get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public float get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, float v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, float v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, float v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of double. */
    public static final class OfDouble {
        public final int dimensions;
        public final String mode;

        public OfDouble(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public double get(int i) {
            throw new UnsupportedOperationException();
        }

        public double get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public double get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, double v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, double v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, double v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of int. */
    public static final class OfInt {
        public final int dimensions;
        public final String mode;

        public OfInt(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public int get(int i) {
            throw new UnsupportedOperationException();
        }

        public int get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public int get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, int v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of long. */
    public static final class OfLong {
        public final int dimensions;
        public final String mode;

        public OfLong(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public long get(int i) {
            throw new UnsupportedOperationException();
        }

        public long get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public long get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, long v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, long v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, long v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of short. */
    public static final class OfShort {
        public final int dimensions;
        public final String mode;

        public OfShort(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public short get(int i) {
            throw new UnsupportedOperationException();
        }

        public short get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public short get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, short v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, short v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, short v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of byte. */
    public static final class OfByte {
        public final int dimensions;
        public final String mode;

        public OfByte(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public byte get(int i) {
            throw new UnsupportedOperationException();
        }

        public byte get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public byte get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, byte v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, byte v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, byte v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of char. */
    public static final class OfChar {
        public final int dimensions;
        public final String mode;

        public OfChar(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public char get(int i) {
            throw new UnsupportedOperationException();
        }

        public char get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public char get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, char v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, char v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, char v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }

    /** Accessor of boolean. */
    public static final class OfBoolean {
        public final int dimensions;
        public final String mode;

        public OfBoolean(int dimensions, String mode) {
            this.dimensions = dimensions;
            this.mode = mode;
        }

        public boolean get(int i) {
            throw new UnsupportedOperationException();
        }

        public boolean get(int i, int j) {
            throw new UnsupportedOperationException();
        }

        public boolean get(int i, int j, int k) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, boolean v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, boolean v) {
            throw new UnsupportedOperationException();
        }

        public void set(int i, int j, int k, boolean v) {
            throw new UnsupportedOperationException();
        }

        public int size() {
            throw new UnsupportedOperationException();
        }
    }
}
