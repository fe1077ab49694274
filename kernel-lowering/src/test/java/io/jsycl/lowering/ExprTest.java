package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.lowering.Expr.Addend;
import io.jsycl.lowering.Expr.IntValue;
import io.jsycl.lowering.Expr.NoValue;
import io.jsycl.lowering.Expr.PendingCompare;
import org.junit.jupiter.api.Test;

class ExprTest {
    @Test
    void constantsAreWrittenSoThatCParsesThemAsJavaDoes() {
        assertThat(Expr.intConstant(Integer.MIN_VALUE).text()).isEqualTo("(-2147483647 - 1)");
        assertThat(Expr.intConstant(Integer.MIN_VALUE).prec()).isEqualTo(Expr.PRIMARY);
        assertThat(Expr.intConstant(-3).prec()).isEqualTo(Expr.UNARY);
        assertThat(Expr.longConstant(Long.MIN_VALUE).text()).isEqualTo("(-9223372036854775807L - 1L)");
        assertThat(Expr.floatConstant(Float.NaN).text()).isEqualTo("as_float(0x7fc00000)");
        assertThat(Expr.floatConstant(Float.intBitsToFloat(0xffc00001)).text()).isEqualTo("as_float(0xffc00001)");
        assertThat(Expr.doubleConstant(Double.NaN).text()).isEqualTo("as_double(0x7ff8000000000000L)");
        assertThat(Expr.doubleConstant(Double.NEGATIVE_INFINITY).text()).isEqualTo("(-(double)INFINITY)");
        assertThat(Expr.doubleConstant(Double.NEGATIVE_INFINITY).prec()).isEqualTo(Expr.PRIMARY);
        assertThat(Expr.doubleConstant(Double.NaN).prec()).isEqualTo(Expr.PRIMARY);
        assertThat(Expr.doubleConstant(-1.5).prec()).isEqualTo(Expr.UNARY);
    }

    @Test
    void onlyIntAndLongConstantsHaveAnIntegerConstant() {
        assertThat(Expr.integerConstant(Expr.intConstant(-7))).isEqualTo(-7L);
        assertThat(Expr.integerConstant(Expr.longConstant(1L << 40))).isEqualTo(1L << 40);
        assertThat(Expr.integerConstant(Expr.floatConstant(2f))).isNull();
        assertThat(Expr.integerConstant(Expr.value('I', "x", Expr.PRIMARY))).isNull();
        assertThat(Expr.integerConstant(new Expr.ItemRef())).isNull();
    }

    @Test
    void wrappingArithmeticKeepsItsUnsignedFormAndAddend() {
        IntValue base = Expr.intValue("i", Expr.PRIMARY);
        var sum = (IntValue) Expr.wrapped('I', "(uint)i + 1u", Expr.ADD, new Addend(base, 1));
        assertThat(sum.text()).isEqualTo("(int)((uint)i + 1u)");
        assertThat(sum.unsigned()).isEqualTo(new Expr.Unsigned("(uint)i + 1u", Expr.ADD));
        assertThat(sum.addend().base()).isSameAs(base);
        assertThat(Expr.wrapped('J', "a", Expr.MUL, null).wide()).isTrue();
    }

    @Test
    void aPendingCompareMaterializesWithTheResultOnNaN() {
        var f = new PendingCompare(Expr.value('F', "a", Expr.PRIMARY), Expr.value('F', "b", Expr.PRIMARY), 1);
        assertThat(f.materialize().text()).isEqualTo("(a < b ? -1 : a > b ? 1 : a == b ? 0 : 1)");
        var l = new PendingCompare(Expr.value('J', "a", Expr.PRIMARY), Expr.value('J', "b", Expr.PRIMARY), -1);
        assertThat(l.materialize().text()).endsWith(": 0)");
        assertThat(f.effect()).isFalse();
        assertThat(new PendingCompare(Expr.effect('F', "g()", Expr.PRIMARY), Expr.floatConstant(0f), 1).effect()).isTrue();
    }

    @Test
    void referencesAreStableAndParenthesizingFollowsPrecedence() {
        assertThat(new Expr.ItemRef().stable()).isTrue();
        assertThat(new Expr.GroupOpConstant("SUM").text()).isEqualTo("GroupOp.SUM");
        assertThat(new Expr.PrivateArray("arr", 'Z', 4).cElementType()).isEqualTo("uchar");
        assertThat(Expr.value('I', "a + b", Expr.ADD).at(Expr.MUL)).isEqualTo("(a + b)");
        assertThat(Expr.value('I', "a * b", Expr.MUL).at(Expr.ADD)).isEqualTo("a * b");
        assertThat(Expr.callResult('V', "f()", true)).isInstanceOf(NoValue.class);
        assertThat(Expr.callResult('D', "g()", false).effect()).isFalse();
    }
}
