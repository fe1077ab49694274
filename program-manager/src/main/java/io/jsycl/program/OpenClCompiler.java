package io.jsycl.program;

import io.jsycl.opencl.ClBuildException;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.ClProgram;
import java.util.List;

/** The real {@link ProgramCompiler}: OpenCL programs of one context, through the checked layer. */
final class OpenClCompiler implements ProgramCompiler<ClDevice, ClProgram, ClKernel> {
    private final ClContext context;

    OpenClCompiler(ClContext context) {
        this.context = context;
    }

    @Override
    public DeviceDescription describe(ClDevice device) {
        ClPlatform platform = device.platform();
        return new DeviceDescription(device.name(), device.version(), device.driverVersion(),
                platform.name(), platform.version());
    }

    @Override
    public ClProgram buildFromSource(ClDevice device, String source, String buildOptions) {
        ClProgram program = ClProgram.createWithSource(context, source);
        try {
            program.build(List.of(device), buildOptions);
            return program;
        } catch (ClBuildException e) {
            program.close();
            throw new ProgramBuildException("clBuildProgram failed (" + e.statusName() + ", " + e.status() + ")",
                    e.buildLog(), source, buildOptions, device.name(), e);
        } catch (RuntimeException | Error e) {
            program.close();
            throw e;
        }
    }

    @Override
    public ClProgram buildFromBinary(ClDevice device, byte[] binary, String buildOptions) {
        ClProgram program = ClProgram.createWithBinary(context, device, binary);
        try {
            program.build(List.of(device), buildOptions); // OpenCL needs clBuildProgram on binaries too
            return program;
        } catch (RuntimeException | Error e) {
            program.close();
            throw e;
        }
    }

    @Override
    public byte[] binary(ClProgram program, ClDevice device) {
        return program.binary(device);
    }

    @Override
    public ClKernel createKernel(ClProgram program, String kernelName) {
        return ClKernel.create(program, kernelName); // a ClException becomes a ProgramBuildException in the cache
    }

    @Override
    public void releaseKernel(ClKernel kernel) {
        kernel.close();
    }

    @Override
    public void releaseProgram(ClProgram program) {
        program.close();
    }
}
