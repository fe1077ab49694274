package io.jsycl.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * One chart of {@link SweepPlot}: x is log2 of the element count, y is a log scale (times, ratios) or a linear one
 * from zero (GB/s); each series is a polyline, broken where a value is missing, solid with dots or dashed.
 */
final class PlotPanel {
    /** How the y axis maps values: log10 with decade ticks, log2 with power-of-two ticks, or linear from zero. */
    enum Scale { LOG10, LOG2, LINEAR }

    /** One line: y values by log2n (NaN where missing). */
    record Series(String label, Color color, boolean dashed, double[] ys) {
    }

    static final Stroke SOLID = new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    static final Stroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10,
            new float[] {7, 5}, 0);
    private static final Color GRID = new Color(0xdd, 0xdd, 0xdd);
    private static final Color MINOR_GRID = new Color(0xf0, 0xf0, 0xf0);

    private final String title;
    private final String yLabel;
    private final Scale scale;
    private final DoubleFunction<String> tickLabel;
    private final int minLog2;
    private final int maxLog2;
    private final List<Series> series = new ArrayList<>();
    private final List<Double> references = new ArrayList<>();

    PlotPanel(String title, String yLabel, Scale scale, DoubleFunction<String> tickLabel, int minLog2, int maxLog2) {
        this.title = title;
        this.yLabel = yLabel;
        this.scale = scale;
        this.tickLabel = tickLabel;
        this.minLog2 = minLog2;
        this.maxLog2 = maxLog2;
    }

    void add(Series s) {
        series.add(s);
    }

    /** A horizontal line at {@code y} (ratio 1, for instance), drawn under the series. */
    void reference(double y) {
        references.add(y);
    }

    /** Draws the panel into the rectangle (x, y, w, h), axes and labels included. */
    void draw(Graphics2D g, int x, int y, int w, int h) {
        Font base = g.getFont();
        int left = x + 78;
        int top = y + 30;
        int right = x + w - 14;
        int bottom = y + h - 42;
        g.setFont(base.deriveFont(Font.BOLD, 15f));
        g.setColor(Color.BLACK);
        text(g, title, (left + right) / 2, y + 18, 0);
        double[] range = range();
        if (range == null) {
            g.setFont(base.deriveFont(13f));
            text(g, "no data", (left + right) / 2, (top + bottom) / 2, 0);
            g.setFont(base);
            return;
        }
        Axis axis = new Axis(scale, range[0], range[1], top, bottom);
        g.setFont(base.deriveFont(12f));
        // y grid and tick labels
        for (double v : axis.minorTicks()) {
            g.setColor(MINOR_GRID);
            g.drawLine(left, axis.py(v), right, axis.py(v));
        }
        for (double v : axis.ticks()) {
            g.setColor(GRID);
            g.drawLine(left, axis.py(v), right, axis.py(v));
            g.setColor(Color.DARK_GRAY);
            text(g, tickLabel.apply(v), left - 6, axis.py(v) + 4, 1);
        }
        // x grid and tick labels
        int step = maxLog2 - minLog2 > 10 ? 2 : 1;
        for (int k = minLog2; k <= maxLog2; k++) {
            int px = px(k, left, right);
            if ((k - minLog2) % step == 0) {
                g.setColor(GRID);
                g.drawLine(px, top, px, bottom);
                g.setColor(Color.DARK_GRAY);
                power(g, k, px, bottom + 17);
            }
        }
        g.setColor(Color.BLACK);
        text(g, "n (elements)", (left + right) / 2, bottom + 36, 0);
        var saved = g.getTransform();
        g.rotate(-Math.PI / 2, x + 14, (top + bottom) / 2.0);
        text(g, yLabel, x + 14, (top + bottom) / 2 + 4, 0);
        g.setTransform(saved);
        g.drawRect(left, top, right - left, bottom - top);
        var clip = g.getClip();
        g.clipRect(left, top, right - left + 1, bottom - top + 1);
        for (double r : references) {
            g.setColor(Color.GRAY);
            g.setStroke(DASHED);
            g.drawLine(left, axis.py(r), right, axis.py(r));
        }
        for (Series s : series) {
            g.setColor(s.color());
            g.setStroke(s.dashed() ? DASHED : SOLID);
            var path = new Path2D.Double();
            boolean pen = false;
            for (int k = minLog2; k <= maxLog2; k++) {
                double v = k < s.ys().length ? s.ys()[k] : Double.NaN;
                if (!axis.shows(v)) {
                    pen = false;
                    continue;
                }
                if (pen) {
                    path.lineTo(px(k, left, right), axis.py(v));
                } else {
                    path.moveTo(px(k, left, right), axis.py(v));
                    pen = true;
                }
                if (!s.dashed()) {
                    g.fillOval(px(k, left, right) - 3, axis.py(v) - 3, 7, 7);
                }
            }
            g.draw(path);
        }
        g.setClip(clip);
        g.setStroke(new BasicStroke(1));
        g.setFont(base);
    }

    private int px(int k, int left, int right) {
        return maxLog2 == minLog2 ? (left + right) / 2 : left + (right - left) * (k - minLog2) / (maxLog2 - minLog2);
    }

    /** The data's [min, max] over positive finite values (linear: [0, max]), or null without any. */
    private double[] range() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Series s : series) {
            for (double v : s.ys()) {
                if (Double.isFinite(v) && v > 0) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (hi == 0) {
            return null;
        }
        for (double r : references) {
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
        }
        return new double[] {scale == Scale.LINEAR ? 0 : lo, hi};
    }

    /** "2" with {@code k} as a superscript, centred at px. */
    static void power(Graphics2D g, int k, int px, int baseline) {
        Font f = g.getFont();
        Font sup = f.deriveFont(f.getSize2D() * 0.75f);
        FontMetrics fm = g.getFontMetrics();
        int w = fm.stringWidth("2") + g.getFontMetrics(sup).stringWidth(String.valueOf(k));
        int x0 = px - w / 2;
        g.drawString("2", x0, baseline);
        g.setFont(sup);
        g.drawString(String.valueOf(k), x0 + fm.stringWidth("2"), baseline - (int) (f.getSize2D() * 0.4f));
        g.setFont(f);
    }

    /** Draws {@code s} at baseline y: align 0 centres it on x, 1 ends it at x, -1 starts it at x. */
    static void text(Graphics2D g, String s, int x, int y, int align) {
        int w = g.getFontMetrics().stringWidth(s);
        g.drawString(s, align == 0 ? x - w / 2 : align > 0 ? x - w : x, y);
    }

    /** The y axis of one panel: value to pixel, and where the ticks go. */
    private record Axis(Scale scale, double lo, double hi, int top, int bottom) {
        Axis {
            switch (scale) {
                case LOG10 -> {
                    lo = Math.pow(10, Math.floor(Math.log10(lo)));
                    hi = Math.pow(10, Math.ceil(Math.log10(hi)));
                    hi = hi <= lo ? lo * 10 : hi;
                }
                case LOG2 -> {
                    lo = Math.pow(2, Math.floor(Math.log(lo) / Math.log(2) * 2) / 2);
                    hi = Math.pow(2, Math.ceil(Math.log(hi) / Math.log(2) * 2) / 2);
                    hi = hi <= lo ? lo * 2 : hi;
                }
                case LINEAR -> hi = niceStep(hi) * Math.ceil(hi / niceStep(hi) + 0.05);
            }
        }

        boolean shows(double v) {
            return Double.isFinite(v) && (scale == Scale.LINEAR || v > 0);
        }

        int py(double v) {
            double f = switch (scale) {
                case LINEAR -> (v - lo) / (hi - lo);
                case LOG10, LOG2 -> Math.log(v / lo) / Math.log(hi / lo);
            };
            return (int) Math.round(bottom - f * (bottom - top));
        }

        List<Double> ticks() {
            var t = new ArrayList<Double>();
            switch (scale) {
                case LOG10 -> {
                    for (double v = lo; v <= hi * 1.001; v *= 10) {
                        t.add(v);
                    }
                }
                case LOG2 -> {
                    double first = Math.pow(2, Math.ceil(Math.log(lo) / Math.log(2) - 1e-9));
                    int every = Math.log(hi / lo) / Math.log(2) > 8 ? 2 : 1;
                    for (double v = first; v <= hi * 1.001; v *= Math.pow(2, every)) {
                        t.add(v);
                    }
                }
                case LINEAR -> {
                    double step = niceStep(hi);
                    for (double v = 0; v <= hi * 1.001; v += step) {
                        t.add(v);
                    }
                }
            }
            return t;
        }

        List<Double> minorTicks() {
            var t = new ArrayList<Double>();
            if (scale == Scale.LOG10) {
                for (double d = lo; d < hi; d *= 10) {
                    t.add(2 * d);
                    t.add(5 * d);
                }
            }
            return t;
        }

        /** A step of 1, 2 or 5 times a power of ten that cuts [0, max] into 4 to 10 parts. */
        private static double niceStep(double max) {
            double raw = max / 5;
            double p = Math.pow(10, Math.floor(Math.log10(raw)));
            double m = raw / p;
            return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
        }
    }
}
