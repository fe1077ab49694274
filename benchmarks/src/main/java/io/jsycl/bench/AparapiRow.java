package io.jsycl.bench;

import java.util.function.Supplier;

/**
 * The Aparapi row under a workload's row in {@link Suite}'s table: Aparapi's kernel time in the kernel column, its
 * end-to-end time in the e2e column, Aparapi / hand-written and jsycl / Aparapi in the ratio columns (the e2e one
 * against jsycl with kept buffers, {@link Workload#jsyclEndToEndKept}, since Aparapi keeps its own), and its output
 * checked against the hand-written path's (itself checked against Java) like the jsycl row. See
 * {@link AparapiBaseline} for what is measured.
 */
final class AparapiRow {
    private final AparapiBaseline aparapi;
    private final String openFailure;

    private AparapiRow(AparapiBaseline aparapi, String openFailure) {
        this.aparapi = aparapi;
        this.openFailure = openFailure;
    }

    /** Aparapi on the device {@code d}; if Aparapi cannot run there, every row says why. */
    static AparapiRow on(io.jsycl.Device d) {
        try {
            AparapiBaseline a = AparapiBaseline.open(d);
            System.err.println("  Aparapi device: " + a.describe());
            return new AparapiRow(a, null);
        } catch (RuntimeException | LinkageError e) {
            e.printStackTrace();
            return new AparapiRow(null, oneLine(e));
        }
    }

    /**
     * The Aparapi row for {@code w}, followed, where {@code jsyclKeptWithoutArrays} gives a result
     * ({@link Workload#jsyclEndToEndKept} without arrays), by a row "jsycl kept, buffers without arrays: ..." with its
     * end to end and its ratio to Aparapi's; empty where the workload has no Aparapi row. {@code raw} and
     * {@code jsycl} are that workload's results (either may be null when that path failed); {@code jsyclKept}
     * measures jsycl's end to end with kept buffers ({@link Workload#jsyclEndToEndKept}), called only where the row
     * is measured, after Aparapi's runs.
     */
    java.util.List<Suite.Row> rows(Workload w, Workload.Result raw, Workload.Result jsycl,
            Supplier<Workload.Result> jsyclKept, Supplier<Workload.Result> jsyclKeptWithoutArrays) {
        var out = new java.util.ArrayList<Suite.Row>();
        Stats[] aparapiE2e = new Stats[1];
        Suite.Row main = measured(w, raw, jsycl, jsyclKept, aparapiE2e);
        if (main == null) {
            return out;
        }
        out.add(main);
        if (aparapiE2e[0] == null) {
            return out;
        }
        String name = "jsycl kept, buffers without arrays: " + w.name();
        try {
            Workload.Result r = jsyclKeptWithoutArrays.get();
            if (r != null) {
                String check = raw == null ? "–" : w.checkKept(r.output(), raw.output());
                if (check.startsWith("MISMATCH")) {
                    System.err.println("*** " + name + ": results differ: " + check);
                }
                out.add(new Suite.Row(name, w.size(), "–", "–", "–", "–", r.kernel().ms(),
                        String.format("/ Aparapi e2e %.2f×", (double) r.kernel().median() / aparapiE2e[0].median()),
                        "–", check));
            }
        } catch (RuntimeException e) {
            e.printStackTrace();
            out.add(failed(w, name, "FAILED: " + oneLine(e)));
        }
        return out;
    }

    private Suite.Row measured(Workload w, Workload.Result raw, Workload.Result jsycl, Supplier<Workload.Result> jsyclKept,
            Stats[] aparapiE2e) {
        String name = "Aparapi: " + w.name();
        if (openFailure != null) {
            return failed(w, name, "FAILED: " + openFailure);
        }
        AparapiPaths.Path path;
        try {
            path = AparapiPaths.of(w, aparapi.device.getMaxWorkGroupSize());
        } catch (UnsupportedOperationException e) {
            return failed(w, name, "not run: " + e.getMessage());
        } catch (RuntimeException e) {
            return failed(w, name, "FAILED: " + oneLine(e));
        }
        if (path == null) {
            return null;
        }
        var c = w.config;
        var range = path.range(aparapi.device);
        try {
            path.putInputs();
            Stats kernel = Stats.measure(c.warmup(), c.repeats(), () -> timedRun(path, range));
            Object output = path.getOutputs();
            Stats e2e = Stats.measure(1, c.e2eRepeats(), () -> {
                path.freshOutputs();
                long t0 = System.nanoTime();
                path.putInputs();
                timedRun(path, range);
                path.getOutputs();
                return System.nanoTime() - t0;
            });
            aparapiE2e[0] = e2e;
            String check = raw == null ? "– (no hand-written output)" : check(w, output, raw.output());
            String e2eRatio = "–";
            Workload.Result kept;
            try {
                kept = jsyclKept.get();
            } catch (RuntimeException e) {
                e.printStackTrace();
                kept = null;
                e2eRatio = "jsycl kept FAILED: " + oneLine(e);
            }
            if (kept != null) {
                e2eRatio = String.format("jsycl kept %s; jsycl kept / Aparapi %.2f×", kept.kernel().ms(),
                        (double) kept.kernel().median() / e2e.median());
                if (raw != null) {
                    String keptCheck = w.checkKept(kept.output(), raw.output());
                    check += "; jsycl kept: " + keptCheck;
                    if (keptCheck.startsWith("MISMATCH")) {
                        System.err.println("*** " + w.name() + ": jsycl kept-buffers and hand-written results differ: "
                                + keptCheck);
                    }
                }
            }
            String ratio = raw == null ? "–" : String.format("Aparapi / hand-written %.2f×",
                    (double) kernel.median() / raw.kernel().median());
            if (jsycl != null) {
                ratio += String.format("; jsycl / Aparapi %.2f×", (double) jsycl.kernel().median() / kernel.median());
            }
            return new Suite.Row(name, w.size(), kernel.ms(), "–", ratio,
                    String.format("%.1f %s", w.work() / kernel.median(), w.unit()), e2e.ms(), e2eRatio, "–", check);
        } catch (AparapiBaseline.FellBackToJava e) {
            System.err.println("*** " + name + ": Aparapi fell back to Java: " + e.getMessage());
            return failed(w, name, "fell back to Java: " + clip(e.getMessage()));
        } catch (RuntimeException e) {
            e.printStackTrace();
            return failed(w, name, "FAILED: " + oneLine(e));
        } finally {
            path.kernel.dispose();
        }
    }

    private long timedRun(AparapiPaths.Path path, com.aparapi.Range range) {
        long sum = 0;
        for (int i = 0; i < path.executes(); i++) {
            path.beforeExecute(i);
            sum += aparapi.execute(path.kernel, range);
        }
        return sum;
    }

    /**
     * The workload's own check of Aparapi's output against the hand-written one. Float outputs that are not
     * bit-exact but within 1e-4 relative read "close" with the count and the largest error (Aparapi builds its
     * programs with the driver's default options, which may contract a * b + c into an FMA where jsycl and the
     * hand-written path turn contraction off: Aparapi's generated OpenCL has no {@code FP_CONTRACT OFF}), and
     * Mandelbrot's iteration counts, which the same contraction changes on the set's border, read "close" where at
     * most 1 in 1000 pixels differ; other integers must be exact.
     */
    static String check(Workload w, Object aparapi, Object raw) {
        String c = w.compare(aparapi, raw);
        if (c.startsWith("MISMATCH") && w instanceof Mandelbrot && aparapi instanceof int[] x
                && raw instanceof int[] y && x.length == y.length) {
            // Escape-time counts: a fused multiply-add changes the orbit of points on the set's border.
            int bad = 0;
            for (int i = 0; i < x.length; i++) {
                bad += x[i] != y[i] ? 1 : 0;
            }
            return bad * 1000L <= x.length ? String.format("close: %d of %d pixels' counts differ from "
                    + "hand-written (FP contraction)", bad, x.length) : c;
        }
        if (!c.startsWith("MISMATCH") || !(aparapi instanceof float[] x) || !(raw instanceof float[] y)
                || x.length != y.length) {
            return c;
        }
        int bad = 0;
        double maxRel = 0;
        for (int i = 0; i < x.length; i++) {
            if (Float.floatToIntBits(x[i]) != Float.floatToIntBits(y[i])) {
                bad++;
                double rel = Math.abs((double) x[i] - y[i]) / Math.max(Math.abs((double) y[i]), 1e-30);
                maxRel = Math.max(maxRel, Double.isNaN(rel) ? Double.POSITIVE_INFINITY : rel);
            }
        }
        return maxRel <= 1e-4
                ? String.format("close: %d of %d differ from hand-written, max rel err %.2e", bad, x.length, maxRel)
                : c;
    }

    private static Suite.Row failed(Workload w, String name, String why) {
        return new Suite.Row(name, w.size(), why, "–", "–", "–", "–", "–", "–", "–");
    }

    private static String oneLine(Throwable e) {
        return clip(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    private static String clip(String m) {
        m = String.valueOf(m).replace('\n', ' ').replace('|', '/');
        return m.length() > 200 ? m.substring(0, 200) + "…" : m;
    }
}
