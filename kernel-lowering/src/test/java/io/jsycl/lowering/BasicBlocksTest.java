package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.IF_ICMPGE;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.RETURN;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.VarInsnNode;

class BasicBlocksTest {
    @Test
    void aLoopIsCutAtItsHeaderItsExitAndItsBackEdgeInReversePostorder() {
        // for (int i = 0; i < 10; i++) { } return;
        LabelNode header = new LabelNode();
        LabelNode exit = new LabelNode();
        InsnList code = new InsnList();
        code.add(new InsnNode(ICONST_0));
        code.add(new VarInsnNode(ISTORE, 0));
        code.add(header);
        code.add(new VarInsnNode(ILOAD, 0));
        code.add(new IntInsnNode(BIPUSH, 10));
        code.add(new JumpInsnNode(IF_ICMPGE, exit));
        code.add(new IincInsnNode(0, 1));
        code.add(new JumpInsnNode(GOTO, header));
        code.add(exit);
        code.add(new InsnNode(RETURN));

        List<Block> rpo = BasicBlocks.of(code);

        assertThat(rpo).hasSize(4);
        for (int i = 0; i < rpo.size(); i++) {
            assertThat(rpo.get(i).rpo).isEqualTo(i);
        }
        Block entry = rpo.get(0);
        Block loop = entry.succs.getFirst();
        assertThat(entry.start).isZero();
        assertThat(loop.start).isEqualTo(code.indexOf(header));
        assertThat(loop.preds).hasSize(2);
        assertThat(BasicBlocks.successorAt(code, loop, exit).start).isEqualTo(code.indexOf(exit));
        assertThat(BasicBlocks.successorAt(code, loop, exit).succs).isEmpty();
    }
}
