package io.jsycl.opencl.bindings;

import org.junit.jupiter.api.Test;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class cl_hTest {
    @Test
    void missingSymbolFailsOnlyWhenCalledAndNamesTheFunction() {
        MethodHandle h = cl_h.downcallHandle("clNoSuchFunctionJsycl", FunctionDescriptor.of(cl_h.C_INT, cl_h.C_INT));
        assertThat(h.type().parameterCount()).isEqualTo(1);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> {
                int unused = (int) h.invokeExact(1);
            }).isInstanceOf(UnsatisfiedLinkError.class).hasMessageContaining("clNoSuchFunctionJsycl");
        }
    }

    @Test
    void constantsAndTypedefsFollowTheirCTypes() {
        assertThat(cl_h.CL_SUCCESS()).isZero();
        assertThat(cl_h.CL_INVALID_WORK_GROUP_SIZE()).isEqualTo(-54);
        assertThat(cl_h.CL_ULONG_MAX()).isEqualTo(-1L);
        assertThat(cl_h.CL_NAME_VERSION_MAX_NAME_SIZE()).isEqualTo(64);
        assertThat(cl_h.cl_device_type.byteSize()).isEqualTo(8);
        assertThat(cl_h.cl_uint.byteSize()).isEqualTo(4);
        assertThat(cl_h.size_t.byteSize()).isEqualTo(8);
        assertThat(cl_h.clGetPlatformIDs$descriptor().argumentLayouts()).hasSize(3);
    }

    @Test
    void structLayoutsMatchC() {
        assertThat(_cl_image_format.sizeof()).isEqualTo(8);
        assertThat(_cl_buffer_region.size$offset()).isEqualTo(8);
        assertThat(_cl_image_desc.sizeof()).isEqualTo(72);
        assertThat(_cl_image_desc.buffer$offset()).isEqualTo(64).isEqualTo(_cl_image_desc.mem_object$offset());
        assertThat(_cl_name_version.sizeof()).isEqualTo(68);
        assertThat(_cl_name_version.name$layout().byteSize()).isEqualTo(64);
    }
}
