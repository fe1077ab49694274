package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.MethodNode;

class LocalNamesTest {
    @Test
    void javaNamesThatClashWithCOrTheGeneratedCodeGetASuffix() {
        assertThat(LocalNames.cName("int", "p0")).isEqualTo("int_");
        assertThat(LocalNames.cName("jsyclTotal", "p0")).isEqualTo("jsyclTotal_");
        assertThat(LocalNames.cName("t3", "p0")).isEqualTo("t3_");
        assertThat(LocalNames.cName("get_id", "p0")).isEqualTo("get_id_");
        assertThat(LocalNames.cName("sum", "p0")).isEqualTo("sum");
    }

    @Test
    void aSlotHasOneVariablePerTypeAndParametersKeepTheirNames() {
        LocalNames names = new LocalNames(new MethodNode());
        names.parameter(0, 'I', "n");
        assertThat(names.variable(0, 'I')).isEqualTo("n");
        assertThat(names.variable(1, 'I')).isEqualTo("v1");
        assertThat(names.variable(1, 'F')).isEqualTo("v1_1f");
        assertThat(names.isVariable("v1_1f")).isTrue();
        assertThat(names.isVariable("t0")).isFalse();
        assertThat(names.declarations()).containsExactly(java.util.Map.entry("v1", "int"), java.util.Map.entry("v1_1f", "float"));
    }

    @Test
    void temporariesAndPrivateArraysAreDeclaredOnce() {
        LocalNames names = new LocalNames(new MethodNode());
        assertThat(names.temporary("long")).isEqualTo("t0");
        assertThat(names.temporary("int")).isEqualTo("t1");
        assertThat(names.privateArray("arr", "float", 16)).isEqualTo("arr");
        assertThat(names.privateArray("arr", "float", 16)).isEqualTo("arr_1");
        assertThat(names.declarations()).containsEntry("arr_1", "float[16]").hasSize(4);
        assertThat(LocalNames.declaration("arr_1", "float[16]", false)).isEqualTo("float arr_1[16];");
        assertThat(LocalNames.declaration("t0", "long", false)).isEqualTo("long t0;");
    }

    @Test
    void checkedModeDeclaresLocalsZeroed() {
        assertThat(LocalNames.declaration("arr_1", "float[16]", true)).isEqualTo("float arr_1[16] = {0};");
        assertThat(LocalNames.declaration("t0", "long", true)).isEqualTo("long t0 = 0;");
        assertThat(LocalNames.declaration("p", "jsycl_elem_Point_0000abcd", true))
                .isEqualTo("jsycl_elem_Point_0000abcd p = {0};");
    }
}
