package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/** An OpenCL platform (an installed driver). Platforms are not reference counted: nothing to close. */
public final class ClPlatform {
    private static final System.Logger LOG = System.getLogger(ClPlatform.class.getName());

    private final MemorySegment handle;

    ClPlatform(MemorySegment handle) {
        this.handle = handle;
    }

    /**
     * Every platform the ICD loader finds; an empty list (never an exception) when there is none
     * ({@code CL_PLATFORM_NOT_FOUND_KHR}) or libOpenCL is not installed.
     *
     * @return the platforms, in the loader's order; unmodifiable
     * @throws ClException when {@code clGetPlatformIDs} fails for another reason
     */
    public static List<ClPlatform> all() {
        DriverEnvironment.apply();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment count = a.allocate(JAVA_INT);
            int status = cl_h.clGetPlatformIDs(0, MemorySegment.NULL, count);
            JvmSignalHandlers.check("clGetPlatformIDs"); // the ICD loader loads every driver here
            if (status == ClStatus.CL_PLATFORM_NOT_FOUND_KHR.code() || status == 0 && count.get(JAVA_INT, 0) == 0) {
                return List.of();
            }
            ClStatus.check(status, "clGetPlatformIDs");
            int n = count.get(JAVA_INT, 0);
            MemorySegment ids = a.allocate(ADDRESS, n);
            ClStatus.check(cl_h.clGetPlatformIDs(n, ids, MemorySegment.NULL), "clGetPlatformIDs");
            List<ClPlatform> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(new ClPlatform(ids.getAtIndex(ADDRESS, i)));
            }
            return List.copyOf(out);
        } catch (UnsatisfiedLinkError e) {
            LOG.log(System.Logger.Level.DEBUG, "no OpenCL: {0}", e.getMessage());
            return List.of();
        }
    }

    /**
     * Every device of every platform that {@code selector} names (see {@link ClDevice#matches}); all of them
     * where {@code selector} is null or blank.
     *
     * @param selector {@code gpu}, {@code cpu}, {@code accelerator}, a device name substring, or null
     * @return the devices, platform by platform in the loader's order; unmodifiable
     * @throws ClException when a platform cannot list its devices
     */
    public static List<ClDevice> devicesMatching(String selector) {
        return all().stream().flatMap(p -> p.devices().stream())
                .filter(d -> selector == null || selector.isBlank() || d.matches(selector)).toList();
    }

    private ClInfo.Query info() {
        return (p, size, value, sizeRet) -> cl_h.clGetPlatformInfo(handle, p, size, value, sizeRet);
    }

    private String str(int param) {
        return ClInfo.string(info(), param, "clGetPlatformInfo");
    }

    /**
     * The platform name ({@code CL_PLATFORM_NAME}).
     *
     * @return e.g. {@code "Portable Computing Language"}
     * @throws ClException when {@code clGetPlatformInfo} fails
     */
    public String name() {
        return str(cl_h.CL_PLATFORM_NAME());
    }

    /**
     * The vendor ({@code CL_PLATFORM_VENDOR}).
     *
     * @return the vendor name as the ICD reports it
     * @throws ClException when {@code clGetPlatformInfo} fails
     */
    public String vendor() {
        return str(cl_h.CL_PLATFORM_VENDOR());
    }

    /**
     * The OpenCL version ({@code CL_PLATFORM_VERSION}).
     *
     * @return {@code "OpenCL <major>.<minor> <vendor-specific>"}
     * @throws ClException when {@code clGetPlatformInfo} fails
     */
    public String version() {
        return str(cl_h.CL_PLATFORM_VERSION());
    }

    /**
     * The profile ({@code CL_PLATFORM_PROFILE}).
     *
     * @return {@code "FULL_PROFILE"} or {@code "EMBEDDED_PROFILE"}
     * @throws ClException when {@code clGetPlatformInfo} fails
     */
    public String profile() {
        return str(cl_h.CL_PLATFORM_PROFILE());
    }

    /**
     * The extensions every device of the platform supports ({@code CL_PLATFORM_EXTENSIONS}).
     *
     * @return space-separated extension names
     * @throws ClException when {@code clGetPlatformInfo} fails
     */
    public String extensions() {
        return str(cl_h.CL_PLATFORM_EXTENSIONS());
    }

    /**
     * Every device of this platform, of any type; empty when it has none.
     *
     * @return the devices, in the platform's order; unmodifiable
     * @throws ClException when {@code clGetDeviceIDs} fails for a reason other than {@code CL_DEVICE_NOT_FOUND}
     */
    public List<ClDevice> devices() {
        long all = Integer.toUnsignedLong(cl_h.CL_DEVICE_TYPE_ALL());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment count = a.allocate(JAVA_INT);
            int status = cl_h.clGetDeviceIDs(handle, all, 0, MemorySegment.NULL, count);
            if (status == ClStatus.CL_DEVICE_NOT_FOUND.code()) {
                return List.of();
            }
            ClStatus.check(status, "clGetDeviceIDs");
            int n = count.get(JAVA_INT, 0);
            MemorySegment ids = a.allocate(ADDRESS, Math.max(1, n));
            ClStatus.check(cl_h.clGetDeviceIDs(handle, all, n, ids, MemorySegment.NULL), "clGetDeviceIDs");
            JvmSignalHandlers.check("clGetDeviceIDs");
            List<ClDevice> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(new ClDevice(this, ids.getAtIndex(ADDRESS, i)));
            }
            return List.copyOf(out);
        }
    }

    /**
     * The native {@code cl_platform_id}, for calls through the bindings.
     *
     * @return the handle; platforms need no release
     */
    public MemorySegment handle() {
        return handle;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClPlatform p && p.handle.address() == handle.address();
    }

    @Override
    public int hashCode() {
        return Long.hashCode(handle.address());
    }

    @Override
    public String toString() {
        return name();
    }
}
