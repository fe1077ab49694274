package io.jsycl.lowering;

import io.jsycl.Item;
import io.jsycl.ItemKernel;
import java.io.IOException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a lowered 1-dimensional kernel on the first OpenCL platform (PoCL here) through a tiny
 * C host program, {@code clrun.c}, built with gcc; and runs the same lambda on the host, so
 * tests compare device results with Java's.
 */
final class DeviceRun {
    private static final Path RUNNER = Path.of("target/clrun");

    private DeviceRun() {
    }

    /** Whether gcc, the OpenCL headers and an OpenCL platform are available. */
    static boolean available() {
        try {
            build();
            return true;
        } catch (IOException | InterruptedException | IllegalStateException e) {
            return false;
        }
    }

    private static synchronized void build() throws IOException, InterruptedException {
        if (Files.isExecutable(RUNNER)) {
            return;
        }
        Path lib = Path.of("/usr/lib/x86_64-linux-gnu/libOpenCL.so.1");
        if (!Files.exists(lib) || !Files.exists(Path.of("/usr/include/CL/cl.h"))) {
            throw new IllegalStateException("no OpenCL development files");
        }
        Process p = new ProcessBuilder("gcc", "-O1", "-o", RUNNER.toString(), "src/test/resources/clrun/clrun.c", lib.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("gcc failed: " + out);
        }
    }

    /** Runs the kernel on the host for ids 0..n-1. */
    static void onHost(ItemKernel k, int n) {
        for (int i = 0; i < n; i++) {
            int id = i;
            k.run(new Item() {
                public int id(int d) {
                    return id;
                }

                public int range(int d) {
                    return n;
                }

                public long linearId() {
                    return id;
                }

                public int dimensions() {
                    return 1;
                }
            });
        }
    }

    /** Lowers the kernel, runs it over 0..n-1 on the device, and copies the buffers back into its accessors. */
    static LoweredKernel onDevice(ItemKernel k, int n) throws IOException, InterruptedException, ReflectiveOperationException {
        build();
        LoweredKernel lowered = Lambdas.lower(1, k);
        List<Object> captured = captured(k);
        Path dir = Files.createTempDirectory("jsycl-run");
        Path source = dir.resolve("k.cl");
        Files.writeString(source, lowered.source());
        StringBuilder spec = new StringBuilder(source.toAbsolutePath() + "\n" + lowered.kernelName() + "\n" + n + "\n"
                + lowered.args().size() + "\n");
        List<Object> buffers = new ArrayList<>();
        for (KernelArg a : lowered.args()) {
            Object v = a.captureIndex() < 0 ? null : captured.get(a.captureIndex());
            switch (a.role()) {
                case VALUE -> spec.append("S ").append(scalar(a.type(), v)).append('\n');
                case ACCESSOR_DATA -> {
                    Object data = v.getClass().getField("data").get(v);
                    buffers.add(data);
                    byte[] b = bytes(data);
                    spec.append("B ").append(b.length).append(' ').append(HexFormat.of().formatHex(b)).append('\n');
                }
                case ACCESSOR_RANGE, ACCESSOR_MEM_RANGE -> spec.append("S 4 ").append(intHex(Array.getLength(v.getClass().getField("data").get(v)))).append('\n');
                case ACCESSOR_OFFSET -> spec.append("S 4 ").append(intHex(0)).append('\n');
                case LAUNCH_RANGE -> spec.append("S 4 ").append(intHex(n)).append('\n');
            }
        }
        Path specFile = dir.resolve("spec.txt");
        Files.writeString(specFile, spec);
        Process p = new ProcessBuilder(RUNNER.toAbsolutePath().toString(), specFile.toString()).start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("clrun failed (" + p.exitValue() + "): " + err + "\n" + lowered.source());
        }
        String[] lines = out.split("\n");
        for (int i = 0; i < buffers.size(); i++) {
            unbytes(HexFormat.of().parseHex(lines[i].strip()), buffers.get(i));
        }
        return lowered;
    } 

    private static List<Object> captured(Object lambda) {
        try {
            Method m = lambda.getClass().getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            SerializedLambda s = (SerializedLambda) m.invoke(lambda);
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < s.getCapturedArgCount(); i++) {
                out.add(s.getCapturedArg(i));
            }
            return out;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static String intHex(int v) {
        return HexFormat.of().formatHex(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
    }

    private static String scalar(ScalarType t, Object v) {
        ByteBuffer b = ByteBuffer.allocate(t.byteSize()).order(ByteOrder.LITTLE_ENDIAN);
        switch (v) {
            case Boolean z -> b.put((byte) (z ? 1 : 0));
            case Byte x -> b.put(x);
            case Character c -> b.putChar(c);
            case Short x -> b.putShort(x);
            case Integer x -> b.putInt(x);
            case Long x -> b.putLong(x);
            case Float x -> b.putFloat(x);
            case Double x -> b.putDouble(x);
            default -> throw new AssertionError(v);
        }
        return t.byteSize() + " " + HexFormat.of().formatHex(b.array());
    }

    private static byte[] bytes(Object array) {
        int n = Array.getLength(array);
        ByteBuffer b = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            switch (array) {
                case int[] a -> b.putInt(a[i]);
                case long[] a -> b.putLong(a[i]);
                case float[] a -> b.putFloat(a[i]);
                case double[] a -> b.putDouble(a[i]);
                case short[] a -> b.putShort(a[i]);
                case char[] a -> b.putChar(a[i]);
                case byte[] a -> b.put(a[i]);
                case boolean[] a -> b.put((byte) (a[i] ? 1 : 0));
                default -> throw new AssertionError(array);
            }
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    private static void unbytes(byte[] bytes, Object array) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int n = Array.getLength(array);
        for (int i = 0; i < n; i++) {
            switch (array) {
                case int[] a -> a[i] = b.getInt();
                case long[] a -> a[i] = b.getLong();
                case float[] a -> a[i] = b.getFloat();
                case double[] a -> a[i] = b.getDouble();
                case short[] a -> a[i] = b.getShort();
                case char[] a -> a[i] = b.getChar();
                case byte[] a -> a[i] = b.get();
                case boolean[] a -> a[i] = b.get() != 0;
                default -> throw new AssertionError(array);
            }
        }
    }
}
