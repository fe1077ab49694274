package io.jsycl.internal.launch;

import io.jsycl.Aspect;
import io.jsycl.KernelBuildException;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ProgramVariant;
import io.jsycl.opencl.DriverQuirk;
import io.jsycl.program.KernelHandle;
import io.jsycl.program.ProgramBuildException;
import io.jsycl.program.ProgramManager;
import io.jsycl.program.ProgramSource;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the built kernel for one queue's launches: composes the build options (the launch's
 * specialization, Java's float semantics or fast math, the device's quirks, the padded-range guard,
 * the user's options and specialization constants), looks the kernel up in the context's map, and
 * otherwise asks the context's {@link ProgramManager}, which builds it or finds it in its caches.
 * The step of a submit between the queue's scheduler and the program manager.
 *
 * <p>Thread safety: the build-options cache is an array of immutable strings; a racing write
 * stores an equal string, so it needs no lock. The context's kernel map is concurrent.
 */
public final class QueueKernels {
    private final DeviceImpl device;
    private final ContextImpl context;
    /**
     * The build options of kernels without specialization constants or user options, by fast math (bit 0),
     * padded range (bit 1), {@link LaunchSpecialization} (bits 2 and up, compacted) and a launch at a global offset that needs a
     * program of its own (the bit above those), once the first such submit built them.
     * Strings are immutable: a racing write is harmless.
     */
    private final String[] plainBuildOptions = new String[8 << LaunchSpecialization.BITS];
    /**
     * The same with a DistributedQueue chunk's definitions, by variant and definitions: a chunk's end moves only when
     * the queue's split does, and composing the options costs a lookup of the device's quirks at every submit.
     */
    private final Map<String, String> chunkBuildOptions = new ConcurrentHashMap<>();

    public QueueKernels(DeviceImpl device, ContextImpl context) {
        this.device = device;
        this.context = context;
    }

    /**
     * The kernel of {@code lowering} built for {@code group}'s launch: {@code padded} where the launch
     * rounds its range up, {@code specialization} the launch's {@link LaunchSpecialization} bits, {@code offsetProgram}
     * where a launch at a global offset needs a program of its own ({@link DriverQuirk#OFFSET_LAUNCHES_APART}),
     * {@code chunkOptions} the definitions of a DistributedQueue's chunk ({@link ProgramVariant#CHUNK_END},
     * {@link ProgramVariant#ND_CHUNK}), else empty.
     *
     * @throws KernelBuildException if the OpenCL compiler rejects the program
     */
    public KernelHandle kernelFor(CommandGroupRecord group, KernelLambdas.Lowering lowering, boolean padded,
            int specialization, boolean offsetProgram, String chunkOptions) {
        String options;
        if (lowering.kernel().specConstants().isEmpty() && !group.hasUserBuildOptions()
                && lowering.kernel().atomicFences() == 0) {
            // The usual case: the options depend only on the queue, fast math, padding and the launch's
            // specialization (and a DistributedQueue chunk's definitions); built once per queue and variant.
            int variant = (group.fastMath() ? 1 : 0) | (padded ? 2 : 0) | LaunchSpecialization.compact(specialization) << 2
                    | (offsetProgram ? 4 << LaunchSpecialization.BITS : 0);
            options = plainBuildOptions[variant];
            if (options == null) {
                options = buildOptions(group, lowering, padded, specialization, offsetProgram);
                plainBuildOptions[variant] = options;
            }
            if (!chunkOptions.isEmpty()) {
                String plain = options;
                options = chunkBuildOptions.computeIfAbsent(variant + " " + chunkOptions,
                        k -> (plain + " " + chunkOptions).trim());
            }
        } else if (!chunkOptions.isEmpty()) {
            options = (buildOptions(group, lowering, padded, specialization, offsetProgram) + " "
                    + chunkOptions).trim();
        } else {
            options = buildOptions(group, lowering, padded, specialization, offsetProgram);
        }
        FirstSubmitTrace.mark("build-options");
        var key = new KernelKey(lowering, device, options);
        KernelHandle handle = context.kernels().get(key);
        if (handle == null) {
            handle = build(lowering, options);
            context.kernels().put(key, handle);
        }
        return handle;
    }

    /**
     * The build options: the launch's {@link LaunchSpecialization}, Java's float semantics (or fast math), the
     * padded-range guard where the launch rounds the range up (a range that is a multiple of the work-group runs
     * without it), the OpenCL C of a kernel with fences (DeviceImpl.fenceBuildOption), the user's options, and the
     * specialization constants the command group set (as macro definitions, so they are part of the program's cache
     * key).
     */
    private String buildOptions(CommandGroupRecord group, KernelLambdas.Lowering lowering, boolean padded,
            int specialization, boolean offsetProgram) {
        LoweredKernel lowered = lowering.kernel();
        var specConstants = new StringBuilder();
        for (var use : lowered.specConstants()) {
            for (var set : group.specValues().entrySet()) {
                if (set.getKey().name().equals(use.name())) {
                    specConstants.append("-D").append(use.macro()).append('=').append(CLiterals.of(set.getValue()))
                            .append(' ');
                }
            }
        }
        String fences = device.fenceBuildOption(lowered.atomicFences(), lowering::described);
        String quirks = device.quirkBuildOptions()
                + (offsetProgram ? DriverQuirk.OFFSET_LAUNCHES_APART.buildOption() + " " : "")
                + (fences.isEmpty() ? "" : fences + " ");
        return composeOptions(specialization, specConstants.toString(), padded, quirks,
                group.fastMath(), !group.fastMath() && device.hasAspect(Aspect.FP32_CORRECTLY_ROUNDED_DIVIDE_SQRT),
                group.hasUserBuildOptions() ? group.userBuildOptions() : null);
    }

    /**
     * Composes build options in their one order, which is part of every program's cache key, in memory and on disk:
     * the specialization's {@link ProgramVariant}s, {@code specConstants}, {@link ProgramVariant#PADDED_RANGE},
     * {@code quirks}, fast math ({@link ProgramVariant#FAST_MATH}) or else correctly rounded divide and square root
     * where the device has them ({@link ProgramVariant#CR_DIVIDE_SQRT}), then {@code userOptions} (null for none).
     * {@code specConstants} and {@code quirks} are each empty or options each followed by a space.
     */
    static String composeOptions(int specialization, String specConstants, boolean padded, String quirks,
            boolean fastMath, boolean correctlyRoundedDivideSqrt, String userOptions) {
        var options = new StringBuilder(LaunchSpecialization.options(specialization)).append(specConstants);
        if (padded) {
            options.append(ProgramVariant.PADDED_RANGE.buildOption()).append(' ');
        }
        options.append(quirks);
        if (fastMath) {
            options.append("-cl-fast-relaxed-math ").append(ProgramVariant.FAST_MATH.buildOption()).append(' ')
                    .append(ProgramVariant.CR_DIVIDE_SQRT.buildOption());
        } else if (correctlyRoundedDivideSqrt) {
            // The macro tells generated helpers that float sqrt and divide are correctly rounded.
            options.append("-cl-fp32-correctly-rounded-divide-sqrt ")
                    .append(ProgramVariant.CR_DIVIDE_SQRT.buildOption());
        }
        if (userOptions != null) {
            if (!options.isEmpty() && options.charAt(options.length() - 1) != ' ') {
                options.append(' ');
            }
            options.append(userOptions);
        }
        return options.toString().trim();
    }

    private KernelHandle build(KernelLambdas.Lowering lowering, String options) {
        LoweredKernel lowered = lowering.kernel();
        var source = new ProgramSource(lowered.source(), options, new TreeMap<>());
        try {
            ProgramManager manager = ProgramManager.of(context.cl());
            FirstSubmitTrace.mark("program-manager-open");
            return manager.getOrCreateKernel(device.cl(), source, lowered.kernelName());
        } catch (ProgramBuildException e) {
            throw new KernelBuildException("kernel " + lowering.described() + " (OpenCL kernel " + lowered.kernelName()
                    + ") failed to build for " + device.name()
                    + " with options '" + source.buildOptions() + "':\n" + e.buildLog() + "\n--- generated source ---\n"
                    + lowered.source(), e.buildLog(), lowered.source(), e);
        }
    }
}
