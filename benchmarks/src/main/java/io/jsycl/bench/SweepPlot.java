package io.jsycl.bench;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * Draws the size sweep's CSV files ({@link Sweep}, {@code gpu/torch_peers.py --sweep}) into one PNG with the JDK's
 * own imaging (headless {@link BufferedImage}, {@link ImageIO}): a column per workload (SAXPY, int sum, float sum),
 * with per-op time (log scale) over n (log2 scale), GB/s, and each path's speed against PyTorch's per op (against
 * the hand-written kernel where no PyTorch rows were given). One line per path (jsycl, hand-written, torch) and the
 * device copies of n floats (OpenCL's {@code clEnqueueCopyBuffer}, {@code copy_}) as the hardware's reference; solid
 * lines with dots are per-op times, dashed lines kernel (device) times.
 *
 * <pre>SweepPlot --csv a.csv [--csv b.csv ...] --out sweep.png [--title TEXT]</pre>
 */
public final class SweepPlot {
    private static final List<String> WORKLOADS = List.of("saxpy", "sum-int", "sum-float");
    private static final Map<String, String> TITLES = Map.of("saxpy", "SAXPY y = a·x + y (float)",
            "sum-int", "sum of ints", "sum-float", "sum of floats");
    private static final int PANEL_W = 600;
    private static final int PANEL_H = 360;
    private static final int TOP = 78;
    private static final int LEGEND_H = 92;

    /** A line's identity: which rows feed it, how it is labelled and coloured. */
    private record Line(String workload, String path, String label, Color color) {
    }

    private static final List<Line> PATHS = List.of(
            new Line(null, "jsycl", "jsycl", new Color(0x1f, 0x77, 0xb4)),
            new Line(null, "jsycl-float4", "jsycl, Float4 get4/set4", new Color(0x94, 0x67, 0xbd)),
            new Line(null, "jsycl-int4", "jsycl, Int4 get4", new Color(0x17, 0xbe, 0xcf)),
            new Line(null, "jsycl-float8", "jsycl, Float8 get8/set8", new Color(0xe3, 0x77, 0xc2)),
            new Line(null, "hand-written", "hand-written OpenCL C", new Color(0xff, 0x7f, 0x0e)),
            new Line(null, "torch", "PyTorch", new Color(0x2c, 0xa0, 0x2c)),
            new Line("copy", "opencl", "copy (clEnqueueCopyBuffer)", new Color(0x7f, 0x7f, 0x7f)),
            new Line("copy", "torch", "copy (torch copy_)", new Color(0xbc, 0xbd, 0x22)));

    private SweepPlot() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        System.setProperty("java.awt.headless", "true");
        var csvs = new ArrayList<Path>();
        Path out = null;
        String title = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--csv" -> csvs.add(Path.of(required(args[i], value)));
                case "--out" -> out = Path.of(required(args[i], value));
                case "--title" -> title = required(args[i], value);
                default -> throw new IllegalArgumentException("unexpected argument: " + args[i]
                        + " (usage: SweepPlot --csv FILE [--csv FILE ...] --out FILE.png [--title TEXT])");
            }
            i++;
        }
        if (csvs.isEmpty() || out == null) {
            throw new IllegalArgumentException("usage: SweepPlot --csv FILE [--csv FILE ...] --out FILE.png");
        }
        requireFonts();
        var rows = new ArrayList<SweepRow>();
        for (Path csv : csvs) {
            rows.addAll(read(csv));
        }
        BufferedImage image = draw(rows, title);
        if (out.toAbsolutePath().getParent() != null) {
            Files.createDirectories(out.toAbsolutePath().getParent());
        }
        ImageIO.write(image, "png", out.toFile());
        System.err.println("wrote " + out + " (" + rows.size() + " rows from " + csvs.size() + " files)");
    }

    /** Fails with what to do where Java finds no fonts (no fontconfig, no font files: the GPU hosts). */
    private static void requireFonts() {
        try {
            new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics().getFontMetrics();
        } catch (RuntimeException | Error e) { // the font manager's failure is a RuntimeException or an Error
            throw new IllegalStateException("this Java finds no fonts (" + e + "): install fontconfig and a font, or "
                    + "put a font in the JRE's lib/fonts and a lib/fontconfig.properties naming it (benchmarks/gpu/run.sh "
                    + "does), or draw the plot on another machine from the same CSV files", e);
        }
    }

    private static String required(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    /** The rows of one CSV file; the first line must be {@link SweepRow#HEADER}. */
    static List<SweepRow> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty() || !lines.getFirst().strip().equals(SweepRow.HEADER)) {
            throw new IllegalArgumentException(csv + ": expected the header line " + SweepRow.HEADER);
        }
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(SweepRow::parse).toList();
    }

    /** The whole figure. */
    static BufferedImage draw(List<SweepRow> rows, String title) {
        int minLog2 = rows.stream().mapToInt(SweepRow::log2n).min().orElse(0);
        int maxLog2 = rows.stream().mapToInt(SweepRow::log2n).max().orElse(0);
        boolean torch = rows.stream().anyMatch(r -> r.path().equals("torch") && !r.workload().equals("copy"));
        int w = 3 * PANEL_W + 40;
        int h = TOP + 3 * PANEL_H + LEGEND_H;
        var image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.BLACK);
        String devices = String.join(" / ", rows.stream().map(SweepRow::device).distinct().toList());
        g.setFont(g.getFont().deriveFont(Font.BOLD, 22f));
        PlotPanel.text(g, title != null ? title : "Size sweep on " + devices, w / 2, 32, 0);
        g.setFont(g.getFont().deriveFont(Font.PLAIN, 14f));
        PlotPanel.text(g, "device-resident data; per op = wall clock of R back-to-back operations and one wait, / R; "
                + "kernel = device time of one operation" + (title != null ? "; " + devices : ""), w / 2, 56, 0);
        g.setFont(g.getFont().deriveFont(12f));
        for (int c = 0; c < WORKLOADS.size(); c++) {
            String workload = WORKLOADS.get(c);
            int x = 20 + c * PANEL_W;
            var time = new PlotPanel(TITLES.get(workload) + ": time per operation", "µs (log scale)",
                    PlotPanel.Scale.LOG10, SweepPlot::time, minLog2, maxLog2);
            var rate = new PlotPanel(TITLES.get(workload) + ": bandwidth", "GB/s (bytes read + written)",
                    PlotPanel.Scale.LINEAR, v -> String.format("%.0f", v), minLog2, maxLog2);
            String base = torch ? "torch" : "hand-written";
            var speed = new PlotPanel(TITLES.get(workload) + ": speed against " + (torch ? "PyTorch" : "hand-written")
                    + ", per op", base + " time / path time (above 1: faster)", PlotPanel.Scale.LOG2,
                    SweepPlot::ratio, minLog2, maxLog2);
            speed.reference(1);
            for (Line line : PATHS) {
                String wl = line.workload() != null ? line.workload() : workload;
                List<SweepRow> of = rows.stream().filter(r -> r.workload().equals(wl) && r.path().equals(line.path()))
                        .toList();
                if (of.isEmpty()) {
                    continue;
                }
                time.add(new PlotPanel.Series(line.label(), line.color(), false, values(of, maxLog2, SweepRow::perOpUs)));
                time.add(new PlotPanel.Series(line.label(), line.color(), true, values(of, maxLog2, SweepRow::kernelUs)));
                rate.add(new PlotPanel.Series(line.label(), line.color(), false,
                        values(of, maxLog2, SweepRow::perOpGbps)));
                rate.add(new PlotPanel.Series(line.label(), line.color(), true,
                        values(of, maxLog2, SweepRow::kernelGbps)));
                if (line.workload() == null && !line.path().equals(base)) {
                    double[] mine = values(of, maxLog2, SweepRow::perOpUs);
                    double[] theirs = values(rows.stream().filter(r -> r.workload().equals(workload)
                            && r.path().equals(base)).toList(), maxLog2, SweepRow::perOpUs);
                    double[] ratio = new double[mine.length];
                    Arrays.setAll(ratio, k -> theirs[k] / mine[k]);
                    speed.add(new PlotPanel.Series(line.label(), line.color(), false, ratio));
                }
            }
            time.draw(g, x, TOP, PANEL_W, PANEL_H);
            rate.draw(g, x, TOP + PANEL_H, PANEL_W, PANEL_H);
            speed.draw(g, x, TOP + 2 * PANEL_H, PANEL_W, PANEL_H);
        }
        legend(g, rows, 20, TOP + 3 * PANEL_H + 16, w - 40);
        g.dispose();
        return image;
    }

    /** Each line present (colour and label), then what solid and dashed mean. */
    private static void legend(Graphics2D g, List<SweepRow> rows, int x, int y, int w) {
        g.setFont(g.getFont().deriveFont(14f));
        var present = new LinkedHashMap<String, Color>();
        for (Line line : PATHS) {
            boolean any = rows.stream().anyMatch(r -> r.path().equals(line.path())
                    && (line.workload() == null ? !r.workload().equals("copy") : r.workload().equals(line.workload())));
            if (any) {
                present.put(line.label(), line.color());
            }
        }
        int cx = x + 60;
        for (var e : present.entrySet()) {
            g.setColor(e.getValue());
            g.setStroke(PlotPanel.SOLID);
            g.drawLine(cx, y, cx + 36, y);
            g.fillOval(cx + 15, y - 3, 7, 7);
            g.setColor(Color.BLACK);
            PlotPanel.text(g, e.getKey(), cx + 44, y + 5, -1);
            cx += 70 + g.getFontMetrics().stringWidth(e.getKey());
        }
        int y2 = y + 30;
        g.setColor(Color.DARK_GRAY);
        g.setStroke(PlotPanel.SOLID);
        g.drawLine(x + 60, y2, x + 96, y2);
        g.fillOval(x + 75, y2 - 3, 7, 7);
        g.setColor(Color.BLACK);
        String solid = "per op: wall clock of R back-to-back operations and one wait, divided by R (what a program sees)";
        PlotPanel.text(g, solid, x + 104, y2 + 5, -1);
        int dx = x + 104 + g.getFontMetrics().stringWidth(solid) + 40;
        g.setColor(Color.DARK_GRAY);
        g.setStroke(PlotPanel.DASHED);
        g.drawLine(dx, y2, dx + 36, y2);
        g.setColor(Color.BLACK);
        PlotPanel.text(g, "kernel: device time of one operation (profiling events)", dx + 44, y2 + 5, -1);
        g.setStroke(new java.awt.BasicStroke(1));
        g.setFont(g.getFont().deriveFont(12f));
        PlotPanel.text(g, "Copies move n floats (8 bytes per element), SAXPY 12 bytes per element, the sums 4.", x + 60,
                y2 + 26, -1);
    }

    /** {@code value} of each row, indexed by log2n (NaN where no row). */
    private static double[] values(List<SweepRow> rows, int maxLog2, ToDoubleFunction<SweepRow> value) {
        double[] v = new double[maxLog2 + 1];
        Arrays.fill(v, Double.NaN);
        for (SweepRow r : rows) {
            v[r.log2n()] = value.applyAsDouble(r);
        }
        return v;
    }

    private static String time(double us) {
        if (us >= 1e6) {
            return String.format("%.0f s", us / 1e6);
        }
        if (us >= 1e3) {
            return String.format("%.0f ms", us / 1e3);
        }
        return us >= 1 ? String.format("%.0f µs", us) : String.format("%.1f µs", us);
    }

    /** A power-of-two tick of the speed axis: "4×", "0.5×", "0.125×", "1/16×". */
    private static String ratio(double r) {
        if (r >= 1) {
            return String.format("%.0f×", r);
        }
        return r >= 0.1 ? String.format("%s×", String.format("%.3f", r).replaceAll("0+$", ""))
                : String.format("1/%d×", Math.round(1 / r));
    }
}
