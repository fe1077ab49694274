package io.jsycl;

/**
 * Test double of the runtime's {@code LocalAccessor}: same class and method names. Each records
 * its range (the device test passes it as {@code LOCAL_RANGE} and sizes {@code LOCAL_MEMORY}).
 */
public final class LocalAccessor {
    private LocalAccessor() {
    }

    /** Local accessor of float. */
    public static final class OfFloat {
        public final int[] range;

        public OfFloat(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }

        public float atomicAdd(int i, float v) {
            throw new UnsupportedOperationException();
        }

        public float atomicMin(int i, float v) {
            throw new UnsupportedOperationException();
        }

        public float atomicMax(int i, float v) {
            throw new UnsupportedOperationException();
        }

        public float atomicExchange(int i, float v) {
            throw new UnsupportedOperationException();
        }

        public float atomicCompareExchange(int i, float expected, float desired) {
            throw new UnsupportedOperationException();
        }
    }

    /** Local accessor of double. */
    public static final class OfDouble {
        public final int[] range;

        public OfDouble(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }
    }

    /** Local accessor of int. */
    public static final class OfInt {
        public final int[] range;

        public OfInt(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }

        public int atomicAdd(int i, int v) {
            throw new UnsupportedOperationException();
        }

        public int atomicMin(int i, int v) {
            throw new UnsupportedOperationException();
        }

        public int atomicMax(int i, int v) {
            throw new UnsupportedOperationException();
        }

        public int atomicExchange(int i, int v) {
            throw new UnsupportedOperationException();
        }

        public int atomicCompareExchange(int i, int expected, int desired) {
            throw new UnsupportedOperationException();
        }
    }

    /** Local accessor of long. */
    public static final class OfLong {
        public final int[] range;

        public OfLong(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }

        public long atomicAdd(int i, long v) {
            throw new UnsupportedOperationException();
        }

        public long atomicMin(int i, long v) {
            throw new UnsupportedOperationException();
        }

        public long atomicMax(int i, long v) {
            throw new UnsupportedOperationException();
        }

        public long atomicExchange(int i, long v) {
            throw new UnsupportedOperationException();
        }

        public long atomicCompareExchange(int i, long expected, long desired) {
            throw new UnsupportedOperationException();
        }
    }

    /** Local accessor of short. */
    public static final class OfShort {
        public final int[] range;

        public OfShort(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }
    }

    /** Local accessor of byte. */
    public static final class OfByte {
        public final int[] range;

        public OfByte(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }
    }

    /** Local accessor of char. */
    public static final class OfChar {
        public final int[] range;

        public OfChar(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }
    }

    /** Local accessor of boolean. */
    public static final class OfBoolean {
        public final int[] range;

        public OfBoolean(int... range) {
            this.range = range;
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
            int s = 1;
            for (int r : range) {
                s *= r;
            }
            return s;
        }
    }
}
