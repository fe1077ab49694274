package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.IADD;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.POP2;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.MethodNode;

class FrameTest {
    private final KernelContext ctx = new KernelContext("k", FrameTest.class.getClassLoader(), KernelShape.ITEM, 1, false,
            java.util.List.of());
    private final Frame frame = new Frame(ctx, new LocalNames(new MethodNode()));
    private final Block block = new Block(0, 0, 0);

    FrameTest() {
        block.entryStack = List.of();
        frame.enter(block);
    }

    @Test
    void aStatementSavesTheValuesOnTheStackItMightChange() {
        frame.push(Expr.value('I', "a[i]", Expr.PRIMARY));
        frame.push(Expr.intConstant(3));
        frame.statement("a[i] = 0;");
        assertThat(block.stmts).containsExactly("t0 = a[i];", "a[i] = 0;");
        assertThat(frame.stack()).extracting(Expr::text).containsExactly("t0", "3");
    }

    @Test
    void aDuplicatedValueIsComputedOnce() {
        frame.push(Expr.value('F', "f(x)", Expr.PRIMARY));
        assertThat(frame.shuffle(DUP)).isTrue();
        assertThat(block.stmts).containsExactly("t0 = f(x);");
        assertThat(frame.stack()).extracting(Expr::text).containsExactly("t0", "t0");
    }

    @Test
    void aDroppedValueWithAnEffectBecomesAStatement() {
        frame.push(Expr.value('I', "x", Expr.PRIMARY));
        frame.push(Expr.effect('J', "atom_add(p, 1L)", Expr.PRIMARY));
        frame.shuffle(POP2);
        assertThat(block.stmts).containsExactly("t0 = x;", "atom_add(p, 1L);");
        frame.shuffle(POP);
        assertThat(frame.stack()).isEmpty();
        assertThat(frame.shuffle(IADD)).isFalse();
    }

    @Test
    void aDoubleOnTheStackNeedsFp64() {
        frame.push(Expr.doubleConstant(0.5));
        assertThat(ctx.usesFp64).isTrue();
        assertThat(Frame.wide(frame.peek())).isTrue();
    }
}
