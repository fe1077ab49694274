package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClStatusTest {
    @Test
    void namesKnownCodesWithTheirNumber() {
        assertThat(ClStatus.nameOf(-54)).isEqualTo("CL_INVALID_WORK_GROUP_SIZE (-54)");
        assertThat(ClStatus.nameOf(0)).isEqualTo("CL_SUCCESS (0)");
        assertThat(ClStatus.nameOf(-1001)).isEqualTo("CL_PLATFORM_NOT_FOUND_KHR (-1001)");
        assertThat(ClStatus.nameOf(-72)).isEqualTo("CL_MAX_SIZE_RESTRICTION_EXCEEDED (-72)");
    }

    @Test
    void unknownCodeIsNamedAsUnknown() {
        assertThat(ClStatus.nameOf(-9999)).isEqualTo("unknown status (-9999)");
    }

    @Test
    void codesAgreeWithTheGeneratedBindings() {
        assertThat(ClStatus.CL_INVALID_KERNEL_ARGS.code()).isEqualTo(cl_h.CL_INVALID_KERNEL_ARGS());
        assertThat(ClStatus.CL_BUILD_PROGRAM_FAILURE.code()).isEqualTo(cl_h.CL_BUILD_PROGRAM_FAILURE());
        assertThat(ClStatus.values()).extracting(ClStatus::code).doesNotHaveDuplicates();
    }

    @Test
    void checkThrowsNamingTheCallAndStatus() {
        assertThatCode(() -> ClStatus.check(0, "clFinish")).doesNotThrowAnyException();
        assertThatThrownBy(() -> ClStatus.check(-54, "clEnqueueNDRangeKernel"))
                .isInstanceOf(ClException.class)
                .hasMessage("clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)")
                .satisfies(e -> {
                    ClException c = (ClException) e;
                    assertThat(c.call()).isEqualTo("clEnqueueNDRangeKernel");
                    assertThat(c.status()).isEqualTo(-54);
                    assertThat(c.statusName()).isEqualTo("CL_INVALID_WORK_GROUP_SIZE (-54)");
                });
    }

    @Test
    void detailIsAppended() {
        assertThat(new ClException("clCreateBuffer", -61, "size 0").getMessage())
                .isEqualTo("clCreateBuffer failed: CL_INVALID_BUFFER_SIZE (-61): size 0");
    }
}
