package io.jsycl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measurement of the size sweep: a workload on one path at one size, as {@link Sweep} writes it and
 * {@code gpu/torch_peers.py --sweep} writes the same columns for PyTorch, so that {@link SweepPlot} reads both.
 *
 * <p>CSV columns, in this order ({@link #HEADER}): {@code device, workload, path, log2n, n, reps, per_op_us,
 * kernel_us, per_op_gbps, kernel_gbps, check}. Workloads: {@code saxpy}, {@code sum-int}, {@code sum-float},
 * {@code copy}; paths: {@code jsycl}, {@code hand-written} (OpenCL C through the bindings), {@code opencl} (the
 * runtime's own {@code clEnqueueCopyBuffer}), {@code torch}. Times are microseconds; a time that was not measured is
 * empty (NaN here). Fields holding a comma or a quote are quoted as RFC 4180 (and Python's {@code csv}) does.
 *
 * @param device the device's name
 * @param workload {@code saxpy}, {@code sum-int}, {@code sum-float} or {@code copy}
 * @param path {@code jsycl}, {@code hand-written}, {@code opencl} or {@code torch}
 * @param log2n log2 of the element count
 * @param reps R: back-to-back operations per timed round of the per-op time
 * @param perOpUs wall clock of R back-to-back operations and one wait, divided by R (median over rounds)
 * @param kernelUs device time of one operation from profiling events (median)
 * @param bytesPerElement bytes read plus written per element (SAXPY 12, sums 4, copy 8)
 * @param check what the output check found: "ok ...", "MISMATCH: ..." or "FAILED: ..."
 */
record SweepRow(String device, String workload, String path, int log2n, int reps, double perOpUs, double kernelUs,
        int bytesPerElement, String check) {

    static final String HEADER = "device,workload,path,log2n,n,reps,per_op_us,kernel_us,per_op_gbps,kernel_gbps,check";

    /** The workloads in table and plot order. */
    static final List<String> WORKLOADS = List.of("saxpy", "sum-int", "sum-float", "copy");

    long n() {
        return 1L << log2n;
    }

    /** GB/s moved at the per-op time. */
    double perOpGbps() {
        return gbps(perOpUs);
    }

    /** GB/s moved at the kernel time. */
    double kernelGbps() {
        return gbps(kernelUs);
    }

    private double gbps(double us) {
        return (double) bytesPerElement * n() / (us * 1e-6) / 1e9;
    }

    /** Bytes read plus written per element by {@code workload}. */
    static int bytesPerElement(String workload) {
        return switch (workload) {
            case "saxpy" -> 12;
            case "sum-int", "sum-float" -> 4;
            case "copy" -> 8;
            default -> throw new IllegalArgumentException("workload " + workload + ": expected one of " + WORKLOADS);
        };
    }

    /** Whether the check found a wrong result or the path failed. */
    boolean failed() {
        return check.startsWith("MISMATCH") || check.startsWith("FAILED");
    }

    String csv() {
        return String.join(",", quote(device), workload, path, String.valueOf(log2n), String.valueOf(n()),
                String.valueOf(reps), number(perOpUs, "%.3f"), number(kernelUs, "%.3f"), number(perOpGbps(), "%.2f"),
                number(kernelGbps(), "%.2f"), quote(check));
    }

    private static String number(double v, String format) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "";
    }

    /** {@code s} as one CSV field: quoted, its quotes doubled, where it holds a comma, a quote or a line break. */
    static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /**
     * The row of one CSV line written by {@link #csv()} or by the PyTorch script; the byte counts follow from the
     * workload, so the GB/s columns are not read back.
     *
     * @throws IllegalArgumentException naming the line when it does not have the columns of {@link #HEADER}
     */
    static SweepRow parse(String line) {
        List<String> f = split(line);
        if (f.size() != 11) {
            throw new IllegalArgumentException("expected the 11 columns " + HEADER + ", got " + f.size() + ": " + line);
        }
        try {
            return new SweepRow(f.get(0), f.get(1), f.get(2), Integer.parseInt(f.get(3)), Integer.parseInt(f.get(5)),
                    parseTime(f.get(6)), parseTime(f.get(7)), bytesPerElement(f.get(1)), f.get(10));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a sweep row (" + e.getMessage() + "): " + line, e);
        }
    }

    private static double parseTime(String s) {
        return s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    /** Splits one CSV line, undoing {@link #quote}. */
    static List<String> split(String line) {
        var fields = new ArrayList<String>();
        var field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
