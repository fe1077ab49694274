package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** An OpenCL program (from source or binary); {@link #close()} releases it once. */
public final class ClProgram implements AutoCloseable {
    private final NativeRef ref;
    private final ClContext context;

    private ClProgram(MemorySegment handle, ClContext context, String createCall) {
        this.ref = new NativeRef(handle, ClObjects.Kind.PROGRAM, createCall, "clReleaseProgram", cl_h::clReleaseProgram);
        this.context = context;
    }

    /**
     * A program of OpenCL C {@code source}, not yet built.
     *
     * @param ctx the context the program belongs to
     * @param source the OpenCL C source
     * @return the new program; build it with {@link #build}, then close it
     * @throws ClException when {@code clCreateProgramWithSource} fails
     */
    public static ClProgram createWithSource(ClContext ctx, String source) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment strings = a.allocate(ADDRESS);
            strings.set(ADDRESS, 0, a.allocateFrom(source));
            MemorySegment h = cl_h.clCreateProgramWithSource(ctx.handle(), 1, strings, MemorySegment.NULL, err);
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateProgramWithSource");
            return new ClProgram(h, ctx, "clCreateProgramWithSource");
        }
    }

    /**
     * A program of a binary from {@link #binary(ClDevice)}; still needs {@link #build}. Fails with CL_INVALID_BINARY etc.
     *
     * @param ctx the context the program belongs to
     * @param device the device the binary was built for; one of {@code ctx}'s devices
     * @param binary the bytes {@link #binary(ClDevice)} returned for an equal device and driver
     * @return the new program; build it with {@link #build}, then close it
     * @throws IllegalArgumentException when {@code binary} is null or empty
     * @throws ClException when OpenCL rejects the binary, e.g. {@code CL_INVALID_BINARY} after a driver update
     */
    public static ClProgram createWithBinary(ClContext ctx, ClDevice device, byte[] binary) {
        if (binary == null || binary.length == 0) {
            throw new IllegalArgumentException("binary is empty");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment binStatus = a.allocate(JAVA_INT);
            MemorySegment dev = a.allocate(ADDRESS);
            dev.set(ADDRESS, 0, device.handle());
            MemorySegment len = a.allocate(JAVA_LONG);
            len.set(JAVA_LONG, 0, binary.length);
            MemorySegment bins = a.allocate(ADDRESS);
            bins.set(ADDRESS, 0, a.allocateFrom(JAVA_BYTE, binary));
            MemorySegment h = cl_h.clCreateProgramWithBinary(ctx.handle(), 1, dev, len, bins, binStatus, err);
            int status = err.get(JAVA_INT, 0);
            if (status == 0 && binStatus.get(JAVA_INT, 0) != 0) {
                status = binStatus.get(JAVA_INT, 0);
                cl_h.clReleaseProgram(h);
            }
            ClStatus.check(status, "clCreateProgramWithBinary");
            return new ClProgram(h, ctx, "clCreateProgramWithBinary");
        }
    }

    /**
     * Builds for {@code devices} (null or empty: every device of the context) with {@code options} (may be null).
     * On failure throws {@link ClBuildException} carrying the build log of each device.
     *
     * @param devices the devices to build for, or null or empty for every device of the context
     * @param options OpenCL C compiler options, e.g. {@code "-cl-std=CL3.0"}, or null for none
     * @throws ClBuildException when the build fails, with each device's log
     * @throws ClException when {@code clBuildProgram} fails for another reason
     */
    public void build(List<ClDevice> devices, String options) {
        List<ClDevice> targets = devices == null || devices.isEmpty() ? context.devices() : devices;
        int status = buildOnce(targets, options);
        String log = status == 0 ? null : logs(targets);
        if (status != 0 && lostTemporaryFile(log)) {
            // The compiler lost a temporary file of its own to another build running at the same time (PoCL 5's
            // clang, several programs built at once into one cache folder): nothing in the program is wrong, so the
            // build is tried once more before its failure is reported.
            status = buildOnce(targets, options);
            log = status == 0 ? null : logs(targets);
        }
        if (status != 0) {
            throw new ClBuildException(status, log);
        }
    }

    private int buildOnce(List<ClDevice> targets, String options) {
        int status;
        try (Arena a = Arena.ofConfined()) {
            ClObjects.call("clBuildProgram");
            status = cl_h.clBuildProgram(handle(), targets.size(), ClInfo.devices(a, targets),
                    a.allocateFrom(options == null ? "" : options), MemorySegment.NULL, MemorySegment.NULL);
        }
        JvmSignalHandlers.check("clBuildProgram"); // compilers load on the first build
        return status;
    }

    /** Every target's build log, each under its device's name. */
    private String logs(List<ClDevice> targets) {
        StringBuilder log = new StringBuilder();
        for (ClDevice d : targets) {
            String l;
            try {
                l = buildLog(d);
            } catch (ClException e) {
                l = "(no build log: " + e.getMessage() + ")";
            }
            log.append("--- ").append(d.name()).append(" ---\n").append(l.strip()).append('\n');
        }
        return log.toString();
    }

    /**
     * Whether a failed build's log says the compiler lost one of its own temporary files ("unable to rename
     * temporary ... to output file", "unable to make temporary file"): a failure of the build's surroundings, not of
     * the program, seen with PoCL 5 when several programs build at once.
     */
    static boolean lostTemporaryFile(String log) {
        return log != null && (log.contains("unable to rename temporary") || log.contains("unable to make temporary file"));
    }

    /**
     * The build log of {@code d}.
     *
     * @param d a device the program was built for
     * @return the compiler's output; empty when it wrote nothing
     * @throws ClException when {@code clGetProgramBuildInfo} fails
     */
    public String buildLog(ClDevice d) {
        MemorySegment h = handle();
        return ClInfo.string((p, size, value, sizeRet) -> cl_h.clGetProgramBuildInfo(h, d.handle(), p, size, value, sizeRet),
                cl_h.CL_PROGRAM_BUILD_LOG(), "clGetProgramBuildInfo");
    }

    private ClInfo.Query info() {
        MemorySegment h = handle();
        return (p, size, value, sizeRet) -> cl_h.clGetProgramInfo(h, p, size, value, sizeRet);
    }

    /**
     * The built binary for {@code d} ({@code CL_PROGRAM_BINARY_SIZES} / {@code CL_PROGRAM_BINARIES}).
     *
     * @param d a device the program was built for
     * @return a new array with the binary, for {@link #createWithBinary} on an equal device and driver
     * @throws ClException when {@code clGetProgramInfo} fails
     */
    public byte[] binary(ClDevice d) {
        byte[] devs = ClInfo.bytes(info(), cl_h.CL_PROGRAM_DEVICES(), "clGetProgramInfo");
        long[] handles = MemorySegment.ofArray(devs).toArray(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED);
        int index = -1;
        for (int i = 0; i < handles.length; i++) {
            if (handles[i] == d.handle().address()) {
                index = i;
            }
        }
        if (index < 0) {
            throw new IllegalArgumentException("device " + d + " is not a device of this program");
        }
        long[] sizes = ClInfo.int64s(info(), cl_h.CL_PROGRAM_BINARY_SIZES(), "clGetProgramInfo");
        if (sizes[index] == 0) {
            throw new IllegalStateException("program has no binary for " + d + "; build it first");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ptrs = a.allocate(ADDRESS, handles.length);
            MemorySegment bin = a.allocate(sizes[index]);
            ptrs.setAtIndex(ADDRESS, index, bin);
            ClStatus.check(cl_h.clGetProgramInfo(handle(), cl_h.CL_PROGRAM_BINARIES(), ptrs.byteSize(), ptrs, MemorySegment.NULL),
                    "clGetProgramInfo");
            return bin.toArray(JAVA_BYTE);
        }
    }

    /**
     * Names of the kernels of the built program.
     *
     * @return the {@code __kernel} function names, unmodifiable; empty when the program has none
     * @throws ClException when {@code clGetProgramInfo} fails, e.g. on an unbuilt program
     */
    public List<String> kernelNames() {
        String names = ClInfo.string(info(), cl_h.CL_PROGRAM_KERNEL_NAMES(), "clGetProgramInfo");
        return names.isEmpty() ? List.of() : List.copyOf(new ArrayList<>(Arrays.asList(names.split(";"))));
    }

    /**
     * The context this program belongs to.
     *
     * @return the context given at creation
     */
    public ClContext context() {
        return context;
    }

    /**
     * The native {@code cl_program}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this program is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
