package io.jsycl.bench;

import com.aparapi.ProfileReport;
import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.kernel.ProfilingEvent;
import java.util.List;
import java.util.Locale;

/**
 * {@link FirstKernel}'s Aparapi mode, for {@link FirstKernelLatency}: finds the OpenCL device ("setup", Aparapi's
 * JNI library load and platform query), then times the first execute of a vector add of {@link FirstKernel#N}
 * floats until the result is in the Java array (Aparapi's default mode: it copies the arrays in and out; its first
 * execute also reads the class, generates OpenCL C, creates the context and queue and builds the program). The
 * time ends when execute returns with the result in the array; {@code dispose} (releasing Aparapi's OpenCL objects)
 * is timed apart as {@code teardown_ns}.
 *
 * <pre>AparapiFirstKernel [gpu|cpu|NAME]</pre>
 * Prints {@code setup_ns}, {@code first_kernel_ns}, {@code teardown_ns} and {@code build_ns} (Aparapi's own profile of that execute:
 * the stage from OpenCL generated to OpenCL compiled, i.e. {@code clBuildProgram}). Exits 3 if Aparapi ran the
 * kernel in Java instead of on the device.
 */
public final class AparapiFirstKernel {
    private AparapiFirstKernel() {
    }

    /**
     * Runs one first Aparapi kernel and prints its times (see the class comment).
     *
     * @param args {@code [gpu|cpu|NAME]}
     */
    public static void main(String[] args) {
        String which = args.length > 0 ? args[0].toLowerCase(Locale.ROOT) : null;
        float[] a = Workload.randomFloats(FirstKernel.N, 1);
        float[] b = Workload.randomFloats(FirstKernel.N, 2);
        float[] c = new float[FirstKernel.N];
        long t0 = System.nanoTime();
        OpenCLDevice device = pick(which);
        long t1 = System.nanoTime();
        var k = new AparapiKernels.VectorAdd();
        k.a = a;
        k.b = b;
        k.c = c;
        k.execute(AparapiPaths.range1(device, FirstKernel.N)); // Aparapi's own choice fails on NVIDIA
        long t2 = System.nanoTime();
        if (!k.isRunningCL() || !device.equals(k.getTargetDevice())) {
            System.err.println("Aparapi ran the kernel in Java (" + k.getExecutionMode() + "), not on "
                    + device.getName() + ": see its log above");
            System.exit(3);
        }
        ProfileReport report = k.getProfileReportLastThread(device).get();
        long build = report == null ? 0 : (long) (report.getElapsedTime(ProfilingEvent.OPENCL_COMPILED.ordinal()) * 1e6);
        long t3 = System.nanoTime();
        k.dispose();
        long teardown = System.nanoTime() - t3;
        for (int i = 0; i < FirstKernel.N; i++) {
            if (c[i] != a[i] + b[i]) {
                System.err.println("wrong result at " + i + ": " + c[i] + " != " + (a[i] + b[i]));
                System.exit(2);
            }
        }
        System.out.println("setup_ns=" + (t1 - t0));
        System.out.println("first_kernel_ns=" + (t2 - t1));
        System.out.println("teardown_ns=" + teardown);
        System.out.println("build_ns=" + build);
    }

    /** GPUs for "gpu" (NVIDIA's on the GPU host), CPUs for "cpu", else a device whose name contains it. */
    private static OpenCLDevice pick(String which) {
        List<OpenCLDevice> list = switch (which == null ? "" : which) {
            case "gpu" -> OpenCLDevice.listDevices(Device.TYPE.GPU);
            case "cpu" -> OpenCLDevice.listDevices(Device.TYPE.CPU);
            default -> OpenCLDevice.listDevices(null).stream()
                    .filter(d -> which == null || d.getName().toLowerCase(Locale.ROOT).contains(which)).toList();
        };
        if (list.isEmpty()) {
            throw new IllegalArgumentException("Aparapi lists no OpenCL device for '" + which + "'; it lists "
                    + OpenCLDevice.listDevices(null).stream().map(OpenCLDevice::getName).toList());
        }
        return list.getFirst();
    }
}
