package io.jsycl.bench;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Each suite workload's Aparapi version ({@link AparapiKernels}) with its inputs, range and transfers. Sizes come
 * from the workload's {@code size()} and inputs from the same generators and seeds the workloads use, so this file
 * needs nothing private of theirs; the outputs are compared with the hand-written path's, so a drift in sizes,
 * seeds or constants shows as a MISMATCH in the Aparapi row.
 */
final class AparapiPaths {
    private AparapiPaths() {
    }

    /** One workload on Aparapi: a kernel in explicit mode, its inputs, and how to run and read it. */
    abstract static class Path {
        final Kernel kernel;

        Path(Kernel kernel) {
            this.kernel = kernel;
            kernel.setExplicit(true);
        }

        /** The range of one execute on {@code d}. */
        abstract Range range(OpenCLDevice d);

        /** Marks the inputs (and outputs the kernel reads) to be copied at the next execute. */
        abstract void putInputs();

        /** Points the outputs at fresh host arrays (initial contents as the workload's), for an end-to-end run. */
        abstract void freshOutputs();

        /** Reads the outputs back; returns them in the form the workload's {@code compare} takes. */
        abstract Object getOutputs();

        /** Executes in one timed run; {@link #beforeExecute} runs before each. */
        int executes() {
            return 1;
        }

        void beforeExecute(int i) {
        }
    }

    // Copies of the workloads' private constants (a change there shows as a MISMATCH here).
    private static final float ALPHA = 2.5f;
    private static final float MANDEL_X0 = -2.0f;
    private static final float MANDEL_Y0 = -1.5f;
    private static final float NBODY_EPS = 0.01f;
    private static final float NBODY_DT = 0.001f;

    /** Null when {@code w} has no Aparapi version (device copy, and jsycl's own {@code Reduction.sum} row). */
    static Path of(Workload w, int maxWorkGroupSize) {
        String name = w.name();
        List<Integer> sizes = numbers(w.size());
        return switch (w) {
            case Streaming s when name.equals("SAXPY") -> saxpy(sizes.get(0));
            case Streaming s -> vectorAdd(sizes.get(0));
            case Sgemm s when name.equals("SGEMM naive") -> sgemm(sizes.get(0), false);
            case Sgemm s when name.startsWith("SGEMM tiled 16x16") -> sgemm(sizes.get(0), true);
            case Stencil s -> stencil(sizes.get(0), sizes.get(1));
            case Mandelbrot m -> mandelbrot(sizes.get(0), sizes.get(1));
            case NBody b -> nbody(sizes.get(0));
            case SumReduce s when name.contains("nd-range tree") -> sumTree(sizes.get(0), maxWorkGroupSize);
            case Histogram h -> histogram(sizes.get(0), name.contains("local bins"));
            default -> null;
        };
    }

    private static final Pattern NUMBER = Pattern.compile("2\\^(\\d+)|(\\d+)");

    /** The numbers in a workload's size ("2^22 floats", "1024² × 4 steps"), 2^k as its value. */
    static List<Integer> numbers(String size) {
        var r = new ArrayList<Integer>();
        Matcher m = NUMBER.matcher(size);
        while (m.find()) {
            r.add(m.group(1) != null ? 1 << Integer.parseInt(m.group(1)) : Integer.parseInt(m.group(2)));
        }
        return r;
    }

    private static Path vectorAdd(int n) {
        var k = new AparapiKernels.VectorAdd();
        k.a = Workload.randomFloats(n, 1);
        k.b = Workload.randomFloats(n, 2);
        k.c = new float[n];
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range1(d, n);
            }

            void putInputs() {
                k.put(k.a).put(k.b);
            }

            void freshOutputs() {
                k.c = new float[n];
            }

            Object getOutputs() {
                k.get(k.c);
                return k.c;
            }
        };
    }

    private static Path saxpy(int n) {
        var k = new AparapiKernels.Saxpy();
        float[] y0 = Workload.randomFloats(n, 2);
        k.alpha = ALPHA;
        k.x = Workload.randomFloats(n, 1);
        k.y = y0.clone();
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range1(d, n);
            }

            void putInputs() {
                k.put(k.x).put(k.y);
            }

            void freshOutputs() {
                k.y = y0.clone();
            }

            Object getOutputs() {
                k.get(k.y);
                return k.y;
            }
        };
    }

    private static Path sgemm(int n, boolean tiled) {
        Kernel kernel = tiled ? new AparapiKernels.SgemmTiled() : new AparapiKernels.SgemmNaive();
        float[] a = Workload.randomFloats(n * n, 3);
        float[] b = Workload.randomFloats(n * n, 4);
        float[][] c = {new float[n * n]};
        Runnable bind = () -> {
            if (kernel instanceof AparapiKernels.SgemmTiled t) {
                t.a = a;
                t.b = b;
                t.c = c[0];
                t.n = n;
            } else if (kernel instanceof AparapiKernels.SgemmNaive s) {
                s.a = a;
                s.b = b;
                s.c = c[0];
                s.n = n;
            }
        };
        bind.run();
        return new Path(kernel) {
            Range range(OpenCLDevice d) {
                return tiled ? d.createRange2D(n, n, Sgemm.TILE, Sgemm.TILE) : range2(d, n, n);
            }

            void putInputs() {
                kernel.put(a).put(b);
            }

            void freshOutputs() {
                c[0] = new float[n * n];
                bind.run();
            }

            Object getOutputs() {
                kernel.get(c[0]);
                return c[0];
            }
        };
    }

    private static Path stencil(int n, int steps) {
        var k = new AparapiKernels.Stencil();
        float[] grid = Workload.randomFloats(n * n, 6);
        k.a = grid.clone();
        k.b = new float[n * n];
        k.n = n;
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range2(d, n, n);
            }

            void putInputs() {
                k.put(k.a);
            }

            void freshOutputs() {
                k.a = grid.clone();
                k.b = new float[n * n];
            }

            int executes() {
                return steps;
            }

            void beforeExecute(int i) {
                k.flip = i % 2;
            }

            Object getOutputs() {
                k.get(k.a);
                return k.a;
            }
        };
    }

    private static Path mandelbrot(int n, int maxIter) {
        var k = new AparapiKernels.Mandelbrot();
        k.out = new int[n * n];
        k.n = n;
        k.maxIter = maxIter;
        k.x0 = MANDEL_X0;
        k.y0 = MANDEL_Y0;
        k.d = 3.0f / n;
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range2(d, n, n);
            }

            void putInputs() {
            }

            void freshOutputs() {
                k.out = new int[n * n];
            }

            Object getOutputs() {
                k.get(k.out);
                return k.out;
            }
        };
    }

    private static Path nbody(int n) {
        var k = new AparapiKernels.NBody();
        k.pos = Workload.randomFloats(4 * n, 7);
        k.vel = Workload.randomFloats(4 * n, 8);
        for (int i = 0; i < n; i++) {
            k.vel[4 * i + 3] = 0.0f;
        }
        k.newPos = new float[4 * n];
        k.newVel = new float[4 * n];
        k.n = n;
        k.eps = NBODY_EPS;
        k.dt = NBODY_DT;
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range1(d, n);
            }

            void putInputs() {
                k.put(k.pos).put(k.vel);
            }

            void freshOutputs() {
                k.newPos = new float[4 * n];
                k.newVel = new float[4 * n];
            }

            Object getOutputs() {
                k.get(k.newPos).get(k.newVel);
                float[] r = new float[8 * n];
                System.arraycopy(k.newPos, 0, r, 0, 4 * n);
                System.arraycopy(k.newVel, 0, r, 4 * n, 4 * n);
                return r;
            }
        };
    }

    private static Path sumTree(int n, int maxWorkGroupSize) {
        int group = SumReduce.group(maxWorkGroupSize);
        var k = new AparapiKernels.SumTree(group);
        k.x = SumReduce.data(n);
        k.out = new int[1];
        k.n = n;
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return Range.create(d, SumReduce.padded(n, group), group);
            }

            void putInputs() {
                k.put(k.x).put(k.out);
            }

            void freshOutputs() {
                k.out = new int[1];
            }

            Object getOutputs() {
                k.get(k.out);
                return k.out;
            }
        };
    }

    private static Path histogram(int n, boolean local) {
        int[] data = Histogram.data(n);
        int groups = Math.max(1, n / (Histogram.GROUP * Histogram.PER_ITEM));
        if (local) {
            if (!Boolean.getBoolean("jsycl.bench.aparapiLocalAtomics")) {
                // Kept as written (AparapiKernels.HistogramLocal) for the record; -Djsycl.bench.aparapiLocalAtomics=true
                // runs it anyway.
                throw new UnsupportedOperationException("Aparapi 3.0.2 passes @Local arrays to atomicAdd as __global"
                        + " pointers, so this kernel's OpenCL fails to compile (PoCL and NVIDIA); on NVIDIA its fallback"
                        + " then crashed the JVM in clReleaseCommandQueue");
            }
            var k = new AparapiKernels.HistogramLocal();
            k.x = data;
            k.bins = new int[Histogram.BINS];
            k.n = n;
            return new Path(k) {
                Range range(OpenCLDevice d) {
                    return Range.create(d, groups * Histogram.GROUP, Histogram.GROUP);
                }

                void putInputs() {
                    k.put(k.x).put(k.bins);
                }

                void freshOutputs() {
                    k.bins = new int[Histogram.BINS];
                }

                Object getOutputs() {
                    k.get(k.bins);
                    return k.bins;
                }
            };
        }
        var k = new AparapiKernels.HistogramGlobal();
        k.x = data;
        k.bins = new int[Histogram.BINS];
        return new Path(k) {
            Range range(OpenCLDevice d) {
                return range1(d, n);
            }

            void putInputs() {
                k.put(k.x).put(k.bins);
            }

            void freshOutputs() {
                k.bins = new int[Histogram.BINS];
            }

            Object getOutputs() {
                k.get(k.bins);
                return k.bins;
            }
        };
    }

    /**
     * A 1-D range with the work-group jsycl picks on GPUs (256) where it divides {@code n}: Aparapi's own choice
     * (the largest divisor up to the device maximum) made NVIDIA's driver refuse the launch (runKernelJNI -1).
     */
    static Range range1(OpenCLDevice d, int n) {
        return n % 256 == 0 ? d.createRange(n, 256) : d.createRange(n);
    }

    /** A 2-D range with jsycl's GPU work-group (32 x 8) where it divides the extents; see {@link #range1}. */
    static Range range2(OpenCLDevice d, int w, int h) {
        return w % 32 == 0 && h % 8 == 0 ? d.createRange2D(w, h, 32, 8) : d.createRange2D(w, h);
    }
}
