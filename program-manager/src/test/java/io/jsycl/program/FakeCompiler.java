package io.jsycl.program;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A deterministic compiler for cache tests. A source containing {@code #error} fails with a
 * build log; a kernel exists when its name occurs in the source. {@link #onSourceBuild} runs
 * at the start of each source build: tests make builds slow, block them on latches, or throw.
 * Releasing anything twice is recorded in {@link #doubleReleases}.
 */
final class FakeCompiler implements ProgramCompiler<String, FakeCompiler.Program, FakeCompiler.Kernel> {
    private static final AtomicInteger IDS = new AtomicInteger();

    record Program(int id, String device, String source, String options, boolean fromBinary) {
    }

    record Kernel(int id, Program program, String name) {
    }

    final AtomicInteger sourceBuilds = new AtomicInteger();
    final AtomicInteger binaryBuilds = new AtomicInteger();
    final AtomicInteger kernelsCreated = new AtomicInteger();
    final Set<Integer> releasedPrograms = ConcurrentHashMap.newKeySet();
    final Set<Integer> releasedKernels = ConcurrentHashMap.newKeySet();
    final List<String> doubleReleases = new CopyOnWriteArrayList<>();
    volatile Consumer<String> onSourceBuild = source -> { };
    volatile boolean binariesFail;

    @Override
    public DeviceDescription describe(String device) {
        return new DeviceDescription(device, "OpenCL 3.0 fake", "driver 1", "Fake platform", "OpenCL 3.0");
    }

    @Override
    public Program buildFromSource(String device, String source, String buildOptions) {
        sourceBuilds.incrementAndGet();
        onSourceBuild.accept(source);
        if (source.contains("#error")) {
            throw new ProgramBuildException("fake build failed", "<source>:1:1: error: #error in source", source,
                    buildOptions, device, null);
        }
        return new Program(IDS.incrementAndGet(), device, source, buildOptions, false);
    }

    @Override
    public Program buildFromBinary(String device, byte[] binary, String buildOptions) {
        binaryBuilds.incrementAndGet();
        String text = new String(binary, StandardCharsets.UTF_8);
        if (binariesFail || !text.startsWith("BIN|" + device + "|" + buildOptions + "|")) {
            throw new IllegalArgumentException("CL_INVALID_BINARY");
        }
        String source = text.substring(("BIN|" + device + "|" + buildOptions + "|").length());
        return new Program(IDS.incrementAndGet(), device, source, buildOptions, true);
    }

    @Override
    public byte[] binary(Program program, String device) {
        return ("BIN|" + device + "|" + program.options() + "|" + program.source()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Kernel createKernel(Program program, String kernelName) {
        if (releasedPrograms.contains(program.id())) {
            doubleReleases.add("kernel " + kernelName + " created from released program " + program.id());
        }
        if (!program.source().contains(kernelName)) {
            throw new ProgramBuildException("no kernel '" + kernelName + "'", "", program.source(),
                    program.options(), program.device(), null);
        }
        kernelsCreated.incrementAndGet();
        return new Kernel(IDS.incrementAndGet(), program, kernelName);
    }

    @Override
    public void releaseKernel(Kernel kernel) {
        if (!releasedKernels.add(kernel.id())) {
            doubleReleases.add("kernel " + kernel);
        }
        if (releasedPrograms.contains(kernel.program().id())) {
            doubleReleases.add("kernel " + kernel + " released after its program");
        }
    }

    @Override
    public void releaseProgram(Program program) {
        if (!releasedPrograms.add(program.id())) {
            doubleReleases.add("program " + program.id());
        }
    }
}
