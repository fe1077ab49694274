package io.jsycl.opencl;

import java.util.HashMap;
import java.util.Map;

/** Every status code of {@code cl.h} (plus {@code CL_PLATFORM_NOT_FOUND_KHR} of {@code cl_ext.h}). */
public enum ClStatus {
    /** The call succeeded. */
    CL_SUCCESS(0),
    /** No device of the requested type exists on the platform. */
    CL_DEVICE_NOT_FOUND(-1),
    /** The device exists but is not available (busy or disabled). */
    CL_DEVICE_NOT_AVAILABLE(-2),
    /** The implementation has no OpenCL C compiler; only binaries can be loaded. */
    CL_COMPILER_NOT_AVAILABLE(-3),
    /** The device could not allocate memory for a buffer or image. */
    CL_MEM_OBJECT_ALLOCATION_FAILURE(-4),
    /** The device ran out of resources (registers, local memory, queue slots). */
    CL_OUT_OF_RESOURCES(-5),
    /** The implementation ran out of host memory. */
    CL_OUT_OF_HOST_MEMORY(-6),
    /** Profiling times were asked of an event whose queue has no profiling, or before completion. */
    CL_PROFILING_INFO_NOT_AVAILABLE(-7),
    /** The source and destination ranges of a copy within one buffer overlap. */
    CL_MEM_COPY_OVERLAP(-8),
    /** A copy between images of different formats. */
    CL_IMAGE_FORMAT_MISMATCH(-9),
    /** The image format is not supported by the device. */
    CL_IMAGE_FORMAT_NOT_SUPPORTED(-10),
    /** The program failed to build; the build log says why. */
    CL_BUILD_PROGRAM_FAILURE(-11),
    /** A buffer or image could not be mapped into host memory. */
    CL_MAP_FAILURE(-12),
    /** A sub-buffer's offset is not aligned to the device's {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}. */
    CL_MISALIGNED_SUB_BUFFER_OFFSET(-13),
    /** An event of the wait list ended with an error, so the command did not run. */
    CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST(-14),
    /** {@code clCompileProgram} failed; the build log says why. */
    CL_COMPILE_PROGRAM_FAILURE(-15),
    /** The implementation has no linker. */
    CL_LINKER_NOT_AVAILABLE(-16),
    /** {@code clLinkProgram} failed; the build log says why. */
    CL_LINK_PROGRAM_FAILURE(-17),
    /** The device could not be partitioned as asked. */
    CL_DEVICE_PARTITION_FAILED(-18),
    /** Kernel argument information was not kept (build without {@code -cl-kernel-arg-info}). */
    CL_KERNEL_ARG_INFO_NOT_AVAILABLE(-19),
    /** An argument has a value the call does not accept (a bad enum, a size out of range). */
    CL_INVALID_VALUE(-30),
    /** The device type is not a valid {@code CL_DEVICE_TYPE_*} value. */
    CL_INVALID_DEVICE_TYPE(-31),
    /** The platform is not a valid platform. */
    CL_INVALID_PLATFORM(-32),
    /** The device is not valid, or not one of the context or program. */
    CL_INVALID_DEVICE(-33),
    /** The context is not valid, or objects of different contexts were mixed. */
    CL_INVALID_CONTEXT(-34),
    /** The device does not support the requested command queue properties. */
    CL_INVALID_QUEUE_PROPERTIES(-35),
    /** The command queue is not valid. */
    CL_INVALID_COMMAND_QUEUE(-36),
    /** The host pointer does not match the memory flags (null when needed, or given when not). */
    CL_INVALID_HOST_PTR(-37),
    /** The memory object is not valid. */
    CL_INVALID_MEM_OBJECT(-38),
    /** The image format descriptor is not valid. */
    CL_INVALID_IMAGE_FORMAT_DESCRIPTOR(-39),
    /** The image dimensions are not supported by the device. */
    CL_INVALID_IMAGE_SIZE(-40),
    /** The sampler is not valid. */
    CL_INVALID_SAMPLER(-41),
    /** A program binary is not valid for the device. */
    CL_INVALID_BINARY(-42),
    /** The build options are not valid. */
    CL_INVALID_BUILD_OPTIONS(-43),
    /** The program is not valid. */
    CL_INVALID_PROGRAM(-44),
    /** The program has no successfully built executable for the device. */
    CL_INVALID_PROGRAM_EXECUTABLE(-45),
    /** The program has no kernel of that name. */
    CL_INVALID_KERNEL_NAME(-46),
    /** A kernel's signature differs between the devices the program was built for. */
    CL_INVALID_KERNEL_DEFINITION(-47),
    /** The kernel is not valid. */
    CL_INVALID_KERNEL(-48),
    /** The kernel argument index is past the kernel's last parameter. */
    CL_INVALID_ARG_INDEX(-49),
    /** The kernel argument value is not valid for its parameter. */
    CL_INVALID_ARG_VALUE(-50),
    /** The kernel argument size differs from its parameter's size. */
    CL_INVALID_ARG_SIZE(-51),
    /** Some kernel arguments were not set before the enqueue. */
    CL_INVALID_KERNEL_ARGS(-52),
    /** The number of work dimensions is not between 1 and the device's maximum. */
    CL_INVALID_WORK_DIMENSION(-53),
    /** The work-group size does not divide the global size or exceeds the kernel's or device's limit. */
    CL_INVALID_WORK_GROUP_SIZE(-54),
    /** A work-group size in one dimension exceeds the device's maximum for it. */
    CL_INVALID_WORK_ITEM_SIZE(-55),
    /** The global offset plus the global size overflows {@code size_t}. */
    CL_INVALID_GLOBAL_OFFSET(-56),
    /** The wait list is not valid (null with a count, or an invalid event). */
    CL_INVALID_EVENT_WAIT_LIST(-57),
    /** The event is not valid. */
    CL_INVALID_EVENT(-58),
    /** The operation is not valid in the current state (e.g. a kernel of an unbuilt program). */
    CL_INVALID_OPERATION(-59),
    /** The OpenGL object is not valid. */
    CL_INVALID_GL_OBJECT(-60),
    /** The buffer size is 0 or exceeds the device's maximum allocation. */
    CL_INVALID_BUFFER_SIZE(-61),
    /** The mip level is not valid. */
    CL_INVALID_MIP_LEVEL(-62),
    /** The global work size is 0 or exceeds what the device can address. */
    CL_INVALID_GLOBAL_WORK_SIZE(-63),
    /** A property name or value is not valid, or given twice. */
    CL_INVALID_PROPERTY(-64),
    /** The image descriptor is not valid. */
    CL_INVALID_IMAGE_DESCRIPTOR(-65),
    /** The compiler options of {@code clCompileProgram} are not valid. */
    CL_INVALID_COMPILER_OPTIONS(-66),
    /** The linker options of {@code clLinkProgram} are not valid. */
    CL_INVALID_LINKER_OPTIONS(-67),
    /** The partition counts of a device partition are not valid. */
    CL_INVALID_DEVICE_PARTITION_COUNT(-68),
    /** The pipe packet size or count is not valid. */
    CL_INVALID_PIPE_SIZE(-69),
    /** The device-side queue is not valid. */
    CL_INVALID_DEVICE_QUEUE(-70),
    /** The specialization constant id is not one of the program's. */
    CL_INVALID_SPEC_ID(-71),
    /** A size exceeds an implementation limit (e.g. too many kernel parameters). */
    CL_MAX_SIZE_RESTRICTION_EXCEEDED(-72),
    /** From {@code cl_ext.h} (cl_khr_icd): the ICD loader found no platform. */
    CL_PLATFORM_NOT_FOUND_KHR(-1001);

    private static final Map<Integer, ClStatus> BY_CODE = new HashMap<>();

    static {
        for (ClStatus s : values()) {
            BY_CODE.put(s.code, s);
        }
    }

    private final int code;

    ClStatus(int code) {
        this.code = code;
    }

    /**
     * The numeric status, as OpenCL returns it.
     *
     * @return 0 for {@link #CL_SUCCESS}, negative for errors
     */
    public int code() {
        return code;
    }

    /**
     * The status with this code, or null when cl.h defines none.
     *
     * @param code a status an OpenCL call returned
     * @return its constant, or null for a code cl.h (and {@code CL_PLATFORM_NOT_FOUND_KHR}) does not define
     */
    public static ClStatus of(int code) {
        return BY_CODE.get(code);
    }

    /**
     * {@code "CL_INVALID_WORK_GROUP_SIZE (-54)"}; {@code "unknown status (-9999)"} for a code cl.h does not define.
     *
     * @param code a status an OpenCL call returned
     * @return the constant's name and the code, for messages
     */
    public static String nameOf(int code) {
        ClStatus s = BY_CODE.get(code);
        return (s == null ? "unknown status" : s.name()) + " (" + code + ")";
    }

    /**
     * Throws {@link ClException} naming {@code call} when {@code code} is not {@code CL_SUCCESS}.
     *
     * @param code the status {@code call} returned
     * @param call the OpenCL function that returned it, for the message
     * @throws ClException when {@code code} is not 0
     */
    public static void check(int code, String call) {
        if (code != 0) {
            throw new ClException(call, code);
        }
    }
}
