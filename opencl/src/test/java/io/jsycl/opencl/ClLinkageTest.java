package io.jsycl.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.opencl.bindings.cl_h;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

@Isolated
class ClLinkageTest {
    @Test
    void linkingCreatesNoOpenClObjectAndMakesNoCall() {
        Map<ClObjects.Kind, Long> created = new EnumMap<>(ClObjects.Kind.class);
        for (ClObjects.Kind k : ClObjects.Kind.values()) {
            created.put(k, ClObjects.created(k));
        }
        long[] calls = ClLinkage.FIRST_KERNEL_FUNCTIONS.stream().mapToLong(ClObjects::calls).toArray();

        ClLinkage.linkFirstKernel();
        ClLinkage.linkFirstKernel(); // a second call is harmless

        for (ClObjects.Kind k : ClObjects.Kind.values()) {
            assertThat(ClObjects.created(k)).as(k.name()).isEqualTo(created.get(k));
        }
        assertThat(ClLinkage.FIRST_KERNEL_FUNCTIONS.stream().mapToLong(ClObjects::calls).toArray()).isEqualTo(calls);
    }

    @Test
    void namesMatchTheLinkedHandles() throws ReflectiveOperationException {
        assertThat(ClLinkage.FIRST_KERNEL).hasSameSizeAs(ClLinkage.FIRST_KERNEL_FUNCTIONS);
        for (int i = 0; i < ClLinkage.FIRST_KERNEL_FUNCTIONS.size(); i++) {
            String name = ClLinkage.FIRST_KERNEL_FUNCTIONS.get(i);
            Object handle = cl_h.class.getMethod(name + "$handle").invoke(null);
            assertThat(ClLinkage.FIRST_KERNEL.get(i).get()).as(name).isSameAs(handle);
        }
    }

    @Test
    void listsTheFunctionsOfAFirstKernel() {
        assertThat(ClLinkage.FIRST_KERNEL_FUNCTIONS).contains("clCreateProgramWithBinary", "clCreateProgramWithSource",
                "clBuildProgram", "clCreateKernel", "clCreateBuffer", "clSetKernelArg", "clEnqueueNDRangeKernel",
                "clWaitForEvents").doesNotHaveDuplicates().allMatch(name -> name.startsWith("cl"));
    }
}
