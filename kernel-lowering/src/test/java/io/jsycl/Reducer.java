package io.jsycl;

/** Test double of the runtime's {@code Reducer}: final classes with {@code combine}. */
public final class Reducer {
    private Reducer() {
    }

    /** Reducer of int. */
    public static final class OfInt {
        public int value;

        public void combine(int v) {
            value += v;
        }
    }

    /** Reducer of long. */
    public static final class OfLong {
        public long value;

        public void combine(long v) {
            value += v;
        }
    }

    /** Reducer of float. */
    public static final class OfFloat {
        public float value;

        public void combine(float v) {
            value += v;
        }
    }

    /** Reducer of double. */
    public static final class OfDouble {
        public double value;

        public void combine(double v) {
            value += v;
        }
    }
}
