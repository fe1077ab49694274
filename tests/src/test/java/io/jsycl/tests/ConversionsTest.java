package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every primitive-to-primitive cast (byte, short, char, int, long, float, double: 42 pairs) on every device, over
 * the values where conversions go wrong: NaN, ±0, ±infinity, ±MAX/MIN, values just inside and just outside each
 * integer range, subnormals, rounding ties, and random bit patterns. Each result is compared bit for bit with the
 * same cast in Java (floating-point results by their bits, NaN as NaN: Java fixes no NaN payload).
 */
class ConversionsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** A failure names the pair, the index, the input and both results. */
    private static void expectSame(String pair, long[] inputBits, IntFunction<String> input, long[] device, long[] java) {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < java.length; i++) {
            if (device[i] != java[i]) {
                wrong.add(pair + "[" + i + "] of " + input.apply(i) + ": device 0x" + Long.toHexString(device[i])
                        + ", Java 0x" + Long.toHexString(java[i]));
            }
        }
        assertThat(wrong).as(pair + " over " + inputBits.length + " values").isEmpty();
    }

    private static long floatBits(float f) {
        return Float.floatToIntBits(f); // one NaN
    }

    private static long doubleBits(double d) {
        return Double.doubleToLongBits(d);
    }

    static double[] doubles() {
        double two31 = 2147483648.0;
        double two63 = 9.223372036854775807E18;
        List<Double> v = new ArrayList<>(List.of(Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, -Double.MIN_VALUE,
                Double.MIN_NORMAL, -Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), 1e-310, -1e-310,
                // float range and float subnormals, rounding ties of double -> float
                (double) Float.MAX_VALUE, Math.nextUp((double) Float.MAX_VALUE), 3.4028235677973366E38,
                3.4028235677973362E38, -(double) Float.MAX_VALUE, (double) Float.MIN_VALUE, Float.MIN_VALUE / 2.0,
                Float.MIN_VALUE * 0.75, Float.MIN_VALUE / 2.0 * 1.0000001, (double) Float.MIN_NORMAL, 1e-40,
                1.0 + 0x1p-24, 1.0 + 3 * 0x1p-24, 1.0 + 0x1p-24 + 0x1p-50, -(1.0 + 0x1p-24),
                // int range
                2147483647.0, 2147483647.5, two31, Math.nextUp(two31), Math.nextDown(two31), -two31, -two31 - 0.5,
                -two31 - 1.0, Math.nextDown(-two31),
                // long range
                two63, Math.nextDown(two63), Math.nextUp(two63), -two63, Math.nextDown(-two63), Math.nextUp(-two63),
                // short, char and byte ranges (through int), small values and halves
                32767.9, 32768.0, -32768.5, -32769.0, 65535.5, 65536.0, 127.9, 128.0, -128.9, -129.0, 255.5, 256.0,
                0.5, -0.5, 0.9999999999, -0.9999999999, 1.5, -1.5, 2.5, -2.5, 1e10, -1e10, 1e19, -1e19, 1e300,
                -1e300));
        var random = new Random(42);
        for (int i = 0; i < 2000; i++) {
            v.add(Double.longBitsToDouble(random.nextLong()));
            v.add((random.nextDouble() - 0.5) * Math.pow(2, random.nextInt(140) - 70));
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static float[] floats() {
        float two31 = 2147483648.0f;
        float two63 = 9.223372E18f;
        List<Float> v = new ArrayList<>(List.of(Float.NaN, 0.0f, -0.0f, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, -Float.MIN_VALUE,
                Float.MIN_NORMAL, -Float.MIN_NORMAL, Math.nextDown(Float.MIN_NORMAL), 1e-40f, -1e-40f,
                two31, Math.nextDown(two31), Math.nextUp(two31), -two31, Math.nextDown(-two31), Math.nextUp(-two31),
                two63, Math.nextDown(two63), Math.nextUp(two63), -two63, Math.nextDown(-two63), Math.nextUp(-two63),
                32767.9f, 32768.0f, -32768.5f, -32769.0f, 65535.5f, 65536.0f, 127.9f, 128.0f, -128.9f, -129.0f,
                255.5f, 256.0f, 0.5f, -0.5f, 0.99999994f, -0.99999994f, 1.5f, -1.5f, 2.5f, -2.5f, 16777216.0f,
                16777218.0f, 1e10f, -1e10f, 1e19f, -1e19f, 1.0000001f, 3.4e38f));
        var random = new Random(43);
        for (int i = 0; i < 2000; i++) {
            v.add(Float.intBitsToFloat(random.nextInt()));
            v.add((random.nextFloat() - 0.5f) * (float) Math.pow(2, random.nextInt(80) - 40));
        }
        float[] out = new float[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.get(i);
        }
        return out;
    }

    static long[] longs() {
        List<Long> v = new ArrayList<>(List.of(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1,
                Long.MIN_VALUE + 1, (long) Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, (long) Integer.MIN_VALUE,
                Integer.MIN_VALUE - 1L, 0xFFFFFFFFL, 0x100000000L, 65535L, 65536L, 32767L, 32768L, -32769L, 255L,
                256L, 127L, 128L, -128L, -129L,
                // rounding to double (53 bits) and to float (24 bits): ties, and one bit past a tie
                (1L << 53) + 1, (1L << 53) + 3, -(1L << 53) - 1, (1L << 24) + 1, (1L << 24) + 3,
                0x7FFFFFFFFFFFFC00L, 0x7FFFFFFFFFFFFDFFL, 0x7FFFFFFFFFFFFE00L, 0x7FFFFF8000000000L,
                // a long whose rounding to float through double would round twice
                0x0800_0010_0000_0001L, 0x0800_0008_0000_0000L + 1, -0x0800_0010_0000_0001L,
                (1L << 40) + (1L << 16) + 1, (1L << 62) + (1L << 38) + 1));
        var random = new Random(44);
        for (int i = 0; i < 2000; i++) {
            v.add(random.nextLong());
            v.add(random.nextLong() >> random.nextInt(64));
        }
        return v.stream().mapToLong(Long::longValue).toArray();
    }

    static int[] ints() {
        List<Integer> v = new ArrayList<>(List.of(0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE,
                Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 65535, 65536, 32767, 32768, -32768, -32769, 255, 256,
                127, 128, -128, -129, (1 << 24) + 1, (1 << 24) + 3, -(1 << 24) - 1, 0x7FFFFFC0, 0x7FFFFF80,
                0x7FFFFFBF, 2147483583));
        var random = new Random(45);
        for (int i = 0; i < 2000; i++) {
            v.add(random.nextInt());
            v.add(random.nextInt() >> random.nextInt(32));
        }
        return v.stream().mapToInt(Integer::intValue).toArray();
    }

    static short[] shorts() {
        short[] out = new short[65536];
        for (int i = 0; i < out.length; i++) {
            out[i] = (short) i;
        }
        return out;
    }

    static char[] chars() {
        char[] out = new char[65536];
        for (int i = 0; i < out.length; i++) {
            out[i] = (char) i;
        }
        return out;
    }

    static byte[] bytes() {
        byte[] out = new byte[256];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) i;
        }
        return out;
    }

    /** The six casts of one source type, each written to its own buffer; Java's results in the same layout. */
    private record Casts(byte[] b, short[] s, char[] c, int[] i, long[] l, float[] f, double[] d) {
        static Casts of(int n) {
            return new Casts(new byte[n], new short[n], new char[n], new int[n], new long[n], new float[n],
                    new double[n]);
        }

        long bits(char type, int k) {
            return switch (type) {
                case 'B' -> b[k];
                case 'S' -> s[k];
                case 'C' -> c[k];
                case 'I' -> i[k];
                case 'J' -> l[k];
                case 'F' -> floatBits(f[k]);
                default -> doubleBits(d[k]);
            };
        }

        void expectSame(String from, String skip, long[] inputBits, IntFunction<String> input, Casts java) {
            for (char to : "BSCIJFD".toCharArray()) {
                if (skip.indexOf(to) >= 0) {
                    continue;
                }
                long[] dev = new long[inputBits.length];
                long[] ref = new long[inputBits.length];
                for (int k = 0; k < dev.length; k++) {
                    dev[k] = bits(to, k);
                    ref[k] = java.bits(to, k);
                }
                ConversionsTest.expectSame("(" + name(to) + ") " + from, inputBits, input, dev, ref);
            }
        }

        private static String name(char t) {
            return switch (t) {
                case 'B' -> "byte";
                case 'S' -> "short";
                case 'C' -> "char";
                case 'I' -> "int";
                case 'J' -> "long";
                case 'F' -> "float";
                default -> "double";
            };
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fromDouble(Device device) {
        assumeTrue(device.hasAspect(Aspect.FP64), "no fp64 on " + device);
        double[] in = doubles();
        int n = in.length;
        var out = Casts.of(n);
        try (var q = new Queue(device); var x = Buffer.of(in); var ob = Buffer.of(out.b); var os = Buffer.of(out.s);
             var oc = Buffer.of(out.c); var oi = Buffer.of(out.i); var ol = Buffer.of(out.l);
             var of = Buffer.of(out.f)) {
            q.submit(h -> {
                var a = x.read(h);
                var b = ob.write(h);
                var s = os.write(h);
                var c = oc.write(h);
                var i = oi.write(h);
                var l = ol.write(h);
                var f = of.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    double v = a.get(k);
                    b.set(k, (byte) v);
                    s.set(k, (short) v);
                    c.set(k, (char) v);
                    i.set(k, (int) v);
                    l.set(k, (long) v);
                    f.set(k, (float) v);
                });
            });
        }
        var java = Casts.of(n);
        for (int k = 0; k < n; k++) {
            double v = in[k];
            java.b[k] = (byte) v;
            java.s[k] = (short) v;
            java.c[k] = (char) v;
            java.i[k] = (int) v;
            java.l[k] = (long) v;
            java.f[k] = (float) v;
        }
        long[] bits = new long[n];
        for (int k = 0; k < n; k++) {
            bits[k] = Double.doubleToRawLongBits(in[k]);
        }
        out.expectSame("double", "D", bits, k -> in[k] + " (0x" + Long.toHexString(bits[k]) + ")", java);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fromFloat(Device device) {
        float[] in = floats();
        int n = in.length;
        boolean fp64 = device.hasAspect(Aspect.FP64);
        var out = Casts.of(n);
        try (var q = new Queue(device); var x = Buffer.of(in); var ob = Buffer.of(out.b); var os = Buffer.of(out.s);
             var oc = Buffer.of(out.c); var oi = Buffer.of(out.i); var ol = Buffer.of(out.l)) {
            q.submit(h -> {
                var a = x.read(h);
                var b = ob.write(h);
                var s = os.write(h);
                var c = oc.write(h);
                var i = oi.write(h);
                var l = ol.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    float v = a.get(k);
                    b.set(k, (byte) v);
                    s.set(k, (short) v);
                    c.set(k, (char) v);
                    i.set(k, (int) v);
                    l.set(k, (long) v);
                });
            });
            if (fp64) {
                try (var od = Buffer.of(out.d)) {
                    q.submit(h -> {
                        var a = x.read(h);
                        var d = od.write(h);
                        h.parallelFor(Range.of(n), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                }
            }
        }
        var java = Casts.of(n);
        for (int k = 0; k < n; k++) {
            float v = in[k];
            java.b[k] = (byte) v;
            java.s[k] = (short) v;
            java.c[k] = (char) v;
            java.i[k] = (int) v;
            java.l[k] = (long) v;
            java.d[k] = v;
        }
        long[] bits = new long[n];
        for (int k = 0; k < n; k++) {
            bits[k] = Float.floatToRawIntBits(in[k]);
        }
        out.expectSame("float", fp64 ? "F" : "FD", bits, k -> in[k] + " (0x" + Long.toHexString(bits[k]) + ")", java);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fromLong(Device device) {
        long[] in = longs();
        int n = in.length;
        boolean fp64 = device.hasAspect(Aspect.FP64);
        var out = Casts.of(n);
        try (var q = new Queue(device); var x = Buffer.of(in); var ob = Buffer.of(out.b); var os = Buffer.of(out.s);
             var oc = Buffer.of(out.c); var oi = Buffer.of(out.i); var of = Buffer.of(out.f)) {
            q.submit(h -> {
                var a = x.read(h);
                var b = ob.write(h);
                var s = os.write(h);
                var c = oc.write(h);
                var i = oi.write(h);
                var f = of.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    long v = a.get(k);
                    b.set(k, (byte) v);
                    s.set(k, (short) v);
                    c.set(k, (char) v);
                    i.set(k, (int) v);
                    f.set(k, (float) v);
                });
            });
            if (fp64) {
                try (var od = Buffer.of(out.d)) {
                    q.submit(h -> {
                        var a = x.read(h);
                        var d = od.write(h);
                        h.parallelFor(Range.of(n), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                }
            }
        }
        var java = Casts.of(n);
        for (int k = 0; k < n; k++) {
            long v = in[k];
            java.b[k] = (byte) v;
            java.s[k] = (short) v;
            java.c[k] = (char) v;
            java.i[k] = (int) v;
            java.f[k] = (float) v;
            java.d[k] = (double) v;
        }
        out.expectSame("long", fp64 ? "J" : "JD", in, k -> Long.toString(in[k]), java);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fromInt(Device device) {
        int[] in = ints();
        int n = in.length;
        boolean fp64 = device.hasAspect(Aspect.FP64);
        var out = Casts.of(n);
        try (var q = new Queue(device); var x = Buffer.of(in); var ob = Buffer.of(out.b); var os = Buffer.of(out.s);
             var oc = Buffer.of(out.c); var ol = Buffer.of(out.l); var of = Buffer.of(out.f)) {
            q.submit(h -> {
                var a = x.read(h);
                var b = ob.write(h);
                var s = os.write(h);
                var c = oc.write(h);
                var l = ol.write(h);
                var f = of.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    int v = a.get(k);
                    b.set(k, (byte) v);
                    s.set(k, (short) v);
                    c.set(k, (char) v);
                    l.set(k, (long) v);
                    f.set(k, (float) v);
                });
            });
            if (fp64) {
                try (var od = Buffer.of(out.d)) {
                    q.submit(h -> {
                        var a = x.read(h);
                        var d = od.write(h);
                        h.parallelFor(Range.of(n), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                }
            }
        }
        var java = Casts.of(n);
        for (int k = 0; k < n; k++) {
            int v = in[k];
            java.b[k] = (byte) v;
            java.s[k] = (short) v;
            java.c[k] = (char) v;
            java.l[k] = v;
            java.f[k] = (float) v;
            java.d[k] = v;
        }
        long[] bits = new long[n];
        for (int k = 0; k < n; k++) {
            bits[k] = in[k];
        }
        out.expectSame("int", fp64 ? "I" : "ID", bits, k -> Integer.toString(in[k]), java);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fromShortCharAndByte(Device device) {
        short[] s = shorts();
        char[] c = chars();
        byte[] b = bytes();
        int n = s.length;
        boolean fp64 = device.hasAspect(Aspect.FP64);
        var fromShort = Casts.of(n);
        var fromChar = Casts.of(n);
        var fromByte = Casts.of(b.length);
        try (var q = new Queue(device)) {
            narrowFrom(q, s, c, b, fromShort, fromChar, fromByte, fp64);
        }
        var javaShort = Casts.of(n);
        var javaChar = Casts.of(n);
        var javaByte = Casts.of(b.length);
        for (int k = 0; k < n; k++) {
            javaShort.b[k] = (byte) s[k];
            javaShort.c[k] = (char) s[k];
            javaShort.i[k] = s[k];
            javaShort.l[k] = s[k];
            javaShort.f[k] = s[k];
            javaShort.d[k] = s[k];
            javaChar.b[k] = (byte) c[k];
            javaChar.s[k] = (short) c[k];
            javaChar.i[k] = c[k];
            javaChar.l[k] = c[k];
            javaChar.f[k] = c[k];
            javaChar.d[k] = c[k];
        }
        for (int k = 0; k < b.length; k++) {
            javaByte.s[k] = b[k];
            javaByte.c[k] = (char) b[k];
            javaByte.i[k] = b[k];
            javaByte.l[k] = b[k];
            javaByte.f[k] = b[k];
            javaByte.d[k] = b[k];
        }
        String noDouble = fp64 ? "" : "D";
        long[] sBits = new long[n];
        long[] cBits = new long[n];
        for (int k = 0; k < n; k++) {
            sBits[k] = s[k];
            cBits[k] = c[k];
        }
        long[] bBits = new long[b.length];
        for (int k = 0; k < b.length; k++) {
            bBits[k] = b[k];
        }
        fromShort.expectSame("short", "S" + noDouble, sBits, k -> Short.toString(s[k]), javaShort);
        fromChar.expectSame("char", "C" + noDouble, cBits, k -> Integer.toString(c[k]), javaChar);
        fromByte.expectSame("byte", "B" + noDouble, bBits, k -> Byte.toString(b[k]), javaByte);
    }

    private static void narrowFrom(Queue q, short[] s, char[] c, byte[] b, Casts fromShort, Casts fromChar,
            Casts fromByte, boolean fp64) {
        int n = s.length;
        try (var xs = Buffer.of(s); var xc = Buffer.of(c); var xb = Buffer.of(b);
             var sb = Buffer.of(fromShort.b); var sc = Buffer.of(fromShort.c); var si = Buffer.of(fromShort.i);
             var sl = Buffer.of(fromShort.l); var sf = Buffer.of(fromShort.f);
             var cb = Buffer.of(fromChar.b); var cs = Buffer.of(fromChar.s); var ci = Buffer.of(fromChar.i);
             var cl = Buffer.of(fromChar.l); var cf = Buffer.of(fromChar.f);
             var bs = Buffer.of(fromByte.s); var bc = Buffer.of(fromByte.c); var bi = Buffer.of(fromByte.i);
             var bl = Buffer.of(fromByte.l); var bf = Buffer.of(fromByte.f)) {
            q.submit(h -> {
                var a = xs.read(h);
                var ob = sb.write(h);
                var oc = sc.write(h);
                var oi = si.write(h);
                var ol = sl.write(h);
                var of = sf.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    short v = a.get(k);
                    ob.set(k, (byte) v);
                    oc.set(k, (char) v);
                    oi.set(k, v);
                    ol.set(k, v);
                    of.set(k, v);
                });
            });
            q.submit(h -> {
                var a = xc.read(h);
                var ob = cb.write(h);
                var os = cs.write(h);
                var oi = ci.write(h);
                var ol = cl.write(h);
                var of = cf.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    char v = a.get(k);
                    ob.set(k, (byte) v);
                    os.set(k, (short) v);
                    oi.set(k, v);
                    ol.set(k, v);
                    of.set(k, v);
                });
            });
            q.submit(h -> {
                var a = xb.read(h);
                var os = bs.write(h);
                var oc = bc.write(h);
                var oi = bi.write(h);
                var ol = bl.write(h);
                var of = bf.write(h);
                h.parallelFor(Range.of(b.length), it -> {
                    int k = it.id(0);
                    byte v = a.get(k);
                    os.set(k, v);
                    oc.set(k, (char) v);
                    oi.set(k, v);
                    ol.set(k, v);
                    of.set(k, v);
                });
            });
            if (fp64) {
                try (var sd = Buffer.of(fromShort.d); var cd = Buffer.of(fromChar.d); var bd = Buffer.of(fromByte.d)) {
                    q.submit(h -> {
                        var a = xs.read(h);
                        var d = sd.write(h);
                        h.parallelFor(Range.of(n), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                    q.submit(h -> {
                        var a = xc.read(h);
                        var d = cd.write(h);
                        h.parallelFor(Range.of(n), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                    q.submit(h -> {
                        var a = xb.read(h);
                        var d = bd.write(h);
                        h.parallelFor(Range.of(b.length), it -> d.set(it.id(0), (double) a.get(it.id(0))));
                    });
                }
            }
        }
    }
}
