package io.jsycl.tests.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates a random jsycl program as Java source: a class with static helper methods (device
 * functions) and a static {@code run} method that submits {@link #KERNELS} kernels. Every
 * generated expression is free of side effects, division divisors are never zero, and every
 * observable floating-point value goes through {@code floatToIntBits}/{@code doubleToLongBits}
 * (NaN payloads are not specified by Java), so host and device must agree bit for bit.
 */
final class FuzzGen {
    /** Work-items per kernel. */
    static final int N = 32;
    /** Inputs of each type per work-item. */
    static final int IN = 4;
    /** Kernels per generated class. */
    static final int KERNELS = 1;

    private static final char[] NUM = {'I', 'J', 'F', 'D'};

    private final SplittableRandom r;
    private final StringBuilder out = new StringBuilder();
    private int indent;
    private int fresh;
    /** Scopes of local variables: name and kind (I J F D S B C Z). */
    private final List<List<String[]>> scopes = new ArrayList<>();
    /** Helpers callable now: name, return kind, parameter kinds. */
    private final List<String[]> helpers = new ArrayList<>();
    private int loopDepth;
    private int stmtBudget;
    private boolean inHelper;

    private FuzzGen(long seed) {
        r = new SplittableRandom(seed);
    }

    /** The source of class {@code pkg.name} for the given seed. */
    static String program(String pkg, String name, long seed) {
        return new FuzzGen(seed).generate(pkg, name);
    }

    private String generate(String pkg, String name) {
        line("package " + pkg + ";");
        line("");
        line("import io.jsycl.*;");
        line("import io.jsycl.Queue;");
        line("");
        line("public final class " + name + " {");
        indent++;
        int nh = r.nextInt(4);
        for (int h = 0; h < nh; h++) {
            helper("h" + h);
        }
        line("public static void run(Queue q, int[] ii, long[] il, float[] iF, double[] iD, long[] om, int[] oi, long[] ol, float[] oF, double[] oD) {");
        indent++;
        line("try (var bii = Buffer.of(ii); var bil = Buffer.of(il); var biF = Buffer.of(iF); var biD = Buffer.of(iD);");
        line("     var bom = Buffer.of(om); var boi = Buffer.of(oi); var bol = Buffer.of(ol); var boF = Buffer.of(oF); var boD = Buffer.of(oD)) {");
        indent++;
        for (int k = 0; k < KERNELS; k++) {
            kernel(k);
        }
        indent--;
        line("}");
        indent--;
        line("}");
        indent--;
        line("}");
        return out.toString();
    }

    private void helper(String name) {
        char ret = pick("IJFDZ");
        int np = 1 + r.nextInt(4);
        char[] params = new char[np];
        var sig = new StringBuilder();
        scopes.clear();
        scopes.add(new ArrayList<>());
        for (int i = 0; i < np; i++) {
            params[i] = pick("IJFDZ");
            if (i > 0) {
                sig.append(", ");
            }
            sig.append(jtype(params[i])).append(" p").append(i);
            scopes.getLast().add(new String[] {"p" + i, String.valueOf(params[i])});
        }
        line("static " + jtype(ret) + " " + name + "(" + sig + ") {");
        indent++;
        inHelper = true;
        stmtBudget = 6;
        block(2);
        line("return " + expr(ret, 3) + ";");
        inHelper = false;
        indent--;
        line("}");
        helpers.add(new String[] {name, String.valueOf(ret), new String(params)});
    }

    private void kernel(int k) {
        line("q.submit(h -> {");
        indent++;
        line("var ai = bii.read(h); var al = bil.read(h); var aF = biF.read(h); var aD = biD.read(h);");
        line("var wm = bom.readWrite(h); var wi = boi.readWrite(h); var wl = bol.readWrite(h); var wF = boF.readWrite(h); var wD = boD.readWrite(h);");
        line("h.parallelFor(Range.of(" + N + "), it -> {");
        indent++;
        scopes.clear();
        scopes.add(new ArrayList<>());
        line("int gid = it.id(0);");
        line("long mix = " + k + "L;");
        for (int j = 0; j < IN; j++) {
            declare('I', "ai.get(gid * " + IN + " + " + j + ")");
            declare('J', "al.get(gid * " + IN + " + " + j + ")");
            declare('F', "aF.get(gid * " + IN + " + " + j + ")");
            declare('D', "aD.get(gid * " + IN + " + " + j + ")");
        }
        // raw bits of values straight from memory are well defined
        declare('I', "Float.floatToRawIntBits(" + var('F') + ")");
        declare('J', "Double.doubleToRawLongBits(" + var('D') + ")");
        declare('S', "(short) " + var('I'));
        declare('B', "(byte) " + var('I'));
        declare('C', "(char) " + var('I'));
        declare('Z', "(" + var('I') + " & 1) != 0");
        stmtBudget = Integer.getInteger("jsycl.fuzz.statements", 20);
        block(3);
        List<String[]> top = scopes.getFirst();
        String slot = "(" + k + " * " + N + " + gid)";
        line("wm.set(" + slot + ", mix);");
        line("wi.set(" + slot + ", " + lastOf(top, 'I') + ");");
        line("wl.set(" + slot + ", " + lastOf(top, 'J') + ");");
        line("wF.set(" + slot + ", " + lastOf(top, 'F') + ");");
        line("wD.set(" + slot + ", " + lastOf(top, 'D') + ");");
        indent--;
        line("});");
        indent--;
        line("});");
    }

    private static String lastOf(List<String[]> scope, char k) {
        String name = null;
        for (String[] v : scope) {
            if (v[1].charAt(0) == k) {
                name = v[0];
            }
        }
        return name;
    }

    // ---------------------------------------------------------------- statements

    /** A block of statements in a new scope; at its end every local of the scope is mixed in. */
    private void block(int depth) {
        scopes.add(new ArrayList<>());
        int n = 1 + r.nextInt(depth >= 3 ? 8 : 4);
        for (int i = 0; i < n && stmtBudget > 0; i++) {
            statement(depth);
        }
        List<String[]> scope = scopes.removeLast();
        if (!inHelper) {
            // the kernel's first scope is mixed by the caller's locals too
            for (String[] v : scope) {
                line("mix = mix * 0x9E3779B97F4A7C15L + " + bitsOf(v[1].charAt(0), v[0]) + ";");
            }
            if (scopes.size() == 1) {
                for (String[] v : scopes.getFirst()) {
                    line("mix = mix * 31L + " + bitsOf(v[1].charAt(0), v[0]) + ";");
                }
            }
        }
    }

    private static String bitsOf(char k, String e) {
        return switch (k) {
            case 'I', 'J', 'S', 'B', 'C' -> e;
            case 'F' -> "Float.floatToIntBits(" + e + ")";
            case 'D' -> "Double.doubleToLongBits(" + e + ")";
            case 'Z' -> "(" + e + " ? 7L : 3L)";
            default -> throw new IllegalArgumentException();
        };
    }

    private void statement(int depth) {
        stmtBudget--;
        int c = r.nextInt(depth > 0 ? 20 : 12);
        switch (c) {
            case 0, 1, 2, 3 -> declare(pick("IJFDSBCZIJFD"), null);
            case 4, 5, 6 -> assign();
            case 7, 8 -> compound();
            case 9 -> {
                if (loopDepth > 0) {
                    line("if (" + expr('Z', 2) + ") " + (r.nextBoolean() ? "break;" : "continue;"));
                } else {
                    assign();
                }
            }
            case 10, 11 -> incDec();
            case 12, 13, 14 -> {
                line("if (" + expr('Z', 3) + ") {");
                nested(depth);
                if (r.nextBoolean()) {
                    line("} else {");
                    nested(depth);
                }
                line("}");
            }
            case 15, 16 -> forLoop(depth);
            case 17 -> whileLoop(depth);
            default -> switchStmt(depth);
        }
    }

    private void nested(int depth) {
        indent++;
        block(depth - 1);
        indent--;
    }

    private String bound() {
        return switch (r.nextInt(3)) {
            case 0 -> String.valueOf(r.nextInt(6));
            case 1 -> "(" + expr('I', 2) + " & " + (1 + r.nextInt(7)) + ")";
            default -> "(" + leaf('I') + " & 7)";
        };
    }

    private void forLoop(int depth) {
        String v = "k" + fresh++;
        line("for (int " + v + " = 0; " + v + " < " + bound() + "; " + v + "++) {");
        scopes.add(new ArrayList<>());
        scopes.getLast().add(new String[] {v, "I"}); // readable, never assigned: not in the assignable list
        loopDepth++;
        nested(depth);
        loopDepth--;
        scopes.removeLast();
        line("}");
    }

    private void whileLoop(int depth) {
        String v = "w" + fresh++;
        line("int " + v + " = 0;");
        String b = "b" + fresh++;
        line("int " + b + " = " + bound() + ";");
        line("while (" + v + " < " + b + ") {");
        indent++;
        line(v + "++;");
        indent--;
        scopes.add(new ArrayList<>());
        scopes.getLast().add(new String[] {v, "I"});
        loopDepth++;
        nested(depth);
        loopDepth--;
        scopes.removeLast();
        line("}");
    }

    private void switchStmt(int depth) {
        boolean arrow = r.nextBoolean();
        line("switch (" + expr('I', 2) + " & 7) {");
        indent++;
        int[] labels = r.ints(0, 8).distinct().limit(1 + r.nextInt(4)).toArray();
        for (int l : labels) {
            if (arrow) {
                line("case " + l + " -> {");
                nested(depth);
                line("}");
            } else {
                line("case " + l + ":");
                line("{");
                nested(depth);
                line("}");
                if (r.nextInt(3) > 0) {
                    line("break;");
                }
            }
        }
        if (r.nextBoolean()) {
            line(arrow ? "default -> {" : "default: {");
            nested(depth);
            line("}");
        }
        indent--;
        line("}");
    }

    private void declare(char k, String init) {
        String name = "v" + fresh++;
        String e = init != null ? init : exprOf(k, 3);
        line(jtype(k) + " " + name + " = " + e + ";");
        scopes.getLast().add(new String[] {name, String.valueOf(k), "w"});
    }

    /** A random assignable local of any kind, or null. */
    private String[] assignable() {
        List<String[]> all = new ArrayList<>();
        for (var s : scopes) {
            for (String[] v : s) {
                if (v.length > 2) {
                    all.add(v);
                }
            }
        }
        return all.isEmpty() ? null : all.get(r.nextInt(all.size()));
    }

    private void assign() {
        String[] v = assignable();
        if (v == null) {
            declare('I', null);
            return;
        }
        line(v[0] + " = " + exprOf(v[1].charAt(0), 3) + ";");
    }

    private void compound() {
        String[] v = assignable();
        if (v == null) {
            return;
        }
        char k = v[1].charAt(0);
        switch (k) {
            case 'Z' -> line(v[0] + " " + pick(new String[] {"&=", "|=", "^="}) + " " + expr('Z', 2) + ";");
            case 'F', 'D' -> line(v[0] + " " + pick(new String[] {"+=", "-=", "*=", "/="}) + " " + expr(pick("IJFD"), 2) + ";");
            default -> {
                String op = pick(new String[] {"+=", "-=", "*=", "&=", "|=", "^=", "<<=", ">>=", ">>>=", "/=", "%="});
                char rk = pick("IJSBC");
                String rhs = expr(rk == 'J' ? 'J' : 'I', 2);
                if (op.equals("/=") || op.equals("%=")) {
                    rhs = rk == 'J' ? "(" + rhs + " | 1L)" : "(" + rhs + " | 1)";
                }
                line(v[0] + " " + op + " " + rhs + ";");
            }
        }
    }

    private void incDec() {
        String[] v = assignable();
        if (v == null || v[1].charAt(0) == 'Z') {
            declare('J', null);
            return;
        }
        line(v[0] + (r.nextBoolean() ? "++;" : "--;"));
    }

    // ---------------------------------------------------------------- expressions

    /** An expression of kind k: I J F D Z, or S B C (narrowed ints). */
    private String exprOf(char k, int depth) {
        return switch (k) {
            case 'S' -> r.nextInt(3) == 0 ? varOr('S', depth) : "(short) " + expr('I', depth);
            case 'B' -> r.nextInt(3) == 0 ? varOr('B', depth) : "(byte) " + expr('I', depth);
            case 'C' -> r.nextInt(3) == 0 ? varOr('C', depth) : "(char) " + expr('I', depth);
            default -> expr(k, depth);
        };
    }

    private String varOr(char k, int depth) {
        String v = var(k);
        return v != null ? v : "(" + jtype(k) + ") " + expr('I', depth);
    }

    /** A readable local of kind k, or null. */
    private String var(char k) {
        List<String> all = new ArrayList<>();
        for (var s : scopes) {
            for (String[] v : s) {
                if (v[1].charAt(0) == k) {
                    all.add(v[0]);
                }
            }
        }
        return all.isEmpty() ? null : all.get(r.nextInt(all.size()));
    }

    private String expr(char k, int depth) {
        if (depth <= 0 || r.nextInt(5) == 0) {
            return leaf(k);
        }
        int d = depth - 1;
        return "(" + switch (k) {
            case 'I' -> intExpr(d);
            case 'J' -> longExpr(d);
            case 'F' -> floatExpr(d);
            case 'D' -> doubleExpr(d);
            case 'Z' -> boolExpr(d);
            default -> throw new IllegalArgumentException("kind " + k);
        } + ")";
    }

    private String leaf(char k) {
        if (k == 'I' && r.nextInt(4) == 0) {
            String v = var(pick("SBC"));
            if (v != null) {
                return v;
            }
        }
        String v = var(k);
        if (v != null && r.nextInt(3) > 0) {
            return v;
        }
        return literal(k);
    }

    private String literal(char k) {
        return switch (k) {
            case 'I' -> switch (r.nextInt(6)) {
                case 0 -> pick(new String[] {"0", "1", "(-1)", "Integer.MIN_VALUE", "Integer.MAX_VALUE", "31", "32", "33", "(-33)", "64"});
                case 1 -> String.valueOf(r.nextInt(-8, 9)).replaceFirst("^(-.*)$", "($1)");
                case 2 -> "0x" + Integer.toHexString(r.nextInt());
                default -> String.valueOf(r.nextInt(100));
            };
            case 'J' -> switch (r.nextInt(5)) {
                case 0 -> pick(new String[] {"0L", "1L", "(-1L)", "Long.MIN_VALUE", "Long.MAX_VALUE", "63L", "64L", "65L", "0xFFFFFFFFL", "0x80000000L"});
                case 1 -> "0x" + Long.toHexString(r.nextLong()) + "L";
                default -> r.nextInt(100) + "L";
            };
            case 'F' -> switch (r.nextInt(5)) {
                case 0 -> pick(new String[] {"0.0f", "(-0.0f)", "1.0f", "0.5f", "2.5f", "(-1.5f)", "Float.NaN", "Float.POSITIVE_INFINITY",
                        "Float.NEGATIVE_INFINITY", "Float.MIN_VALUE", "Float.MAX_VALUE", "Float.MIN_NORMAL", "2.14748365E9f", "9.223372E18f"});
                case 1 -> floatLit(Float.intBitsToFloat(r.nextInt()));
                default -> floatLit((float) (r.nextDouble(-100, 100)));
            };
            case 'D' -> switch (r.nextInt(5)) {
                case 0 -> pick(new String[] {"0.0", "(-0.0)", "1.0", "0.5", "2.5", "(-1.5)", "Double.NaN", "Double.POSITIVE_INFINITY",
                        "Double.NEGATIVE_INFINITY", "Double.MIN_VALUE", "Double.MAX_VALUE", "Double.MIN_NORMAL", "2.147483648E9",
                        "9.223372036854775807E18", "1.0E-310", "3.4028235677973366E38"});
                case 1 -> doubleLit(Double.longBitsToDouble(r.nextLong()));
                default -> doubleLit(r.nextDouble(-1000, 1000));
            };
            case 'Z' -> r.nextBoolean() ? "true" : "false";
            default -> throw new IllegalArgumentException();
        };
    }

    private static String floatLit(float f) {
        if (Float.isNaN(f)) {
            return "Float.NaN";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
        }
        return "(" + f + "f)";
    }

    private static String doubleLit(double d) {
        if (Double.isNaN(d)) {
            return "Double.NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        }
        return "(" + d + ")";
    }

    private String helperCall(char k, int d) {
        List<String[]> fit = new ArrayList<>();
        for (String[] h : helpers) {
            if (h[1].charAt(0) == k) {
                fit.add(h);
            }
        }
        if (fit.isEmpty()) {
            return null;
        }
        String[] h = fit.get(r.nextInt(fit.size()));
        var sb = new StringBuilder(h[0]).append('(');
        for (int i = 0; i < h[2].length(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(expr(h[2].charAt(i), d));
        }
        return sb.append(')').toString();
    }

    private String intExpr(int d) {
        switch (r.nextInt(28)) {
            case 0, 1, 2 -> {
                return expr('I', d) + " " + pick(new String[] {"+", "-", "*", "&", "|", "^"}) + " " + expr('I', d);
            }
            case 3 -> {
                return expr('I', d) + " " + pick(new String[] {"/", "%"}) + " " + safeDivisor('I', d);
            }
            case 4, 5 -> {
                return expr('I', d) + " " + pick(new String[] {"<<", ">>", ">>>"}) + " " + expr(r.nextInt(4) == 0 ? 'J' : 'I', d);
            }
            case 6 -> {
                return pick(new String[] {"-", "~"}) + expr('I', d);
            }
            case 7 -> {
                return "(int) " + expr(pick("JFD"), d);
            }
            case 8 -> {
                return "(" + jtype(pick("SBC")) + ") " + expr(pick("IJFD"), d);
            }
            case 9 -> {
                return expr('Z', d) + " ? " + expr('I', d) + " : " + expr('I', d);
            }
            case 10 -> {
                return "Math." + pick(new String[] {"min", "max"}) + "(" + expr('I', d) + ", " + expr('I', d) + ")";
            }
            case 11 -> {
                return "Math.abs(" + expr('I', d) + ")";
            }
            case 12 -> {
                return "Math." + pick(new String[] {"floorDiv", "floorMod"}) + "(" + expr('I', d) + ", " + safeDivisor('I', d) + ")";
            }
            case 13 -> {
                return "Math.round(" + expr('F', d) + ")";
            }
            case 14 -> {
                return "Integer." + pick(new String[] {"bitCount", "numberOfLeadingZeros", "numberOfTrailingZeros", "reverse",
                        "highestOneBit", "lowestOneBit", "signum"}) + "(" + expr('I', d) + ")";
            }
            case 15 -> {
                return "Integer." + pick(new String[] {"rotateLeft", "rotateRight"}) + "(" + expr('I', d) + ", " + expr('I', d) + ")";
            }
            case 16 -> {
                return "Long." + pick(new String[] {"bitCount", "numberOfLeadingZeros", "numberOfTrailingZeros", "signum"}) + "("
                        + expr('J', d) + ")";
            }
            case 17 -> {
                return pick(new String[] {"Integer.compare(" + expr('I', d) + ", " + expr('I', d) + ")",
                        "Long.compare(" + expr('J', d) + ", " + expr('J', d) + ")"});
            }
            case 18 -> {
                return "Float.floatToIntBits(" + expr('F', d) + ")";
            }
            case 19 -> {
                String h = helperCall('I', d);
                return h != null ? h : expr('I', d) + " + 1";
            }
            case 20 -> {
                return expr('Z', d) + " ? 1 : 0";
            }
            case 21 -> {
                return "(int) " + expr('J', d) + " " + pick(new String[] {">>", ">>>", "<<"}) + " " + r.nextInt(-40, 70);
            }
            case 22 -> {
                return "Integer.rotateLeft(" + expr('I', d) + ", " + r.nextInt(-40, 70) + ")";
            }
            default -> {
                return exprOf(pick("SBC"), d) + " " + pick(new String[] {"+", "-", "*", "&", "|", "^", ">>", "<<", ">>>"}) + " "
                        + exprOf(pick("ISBC"), d);
            }
        }
    }

    private String safeDivisor(char k, int d) {
        String e = expr(k, d);
        if (r.nextBoolean()) {
            return "(" + e + (k == 'J' ? " | 1L)" : " | 1)");
        }
        String z = k == 'J' ? "0L" : "0";
        String one = k == 'J' ? "1L" : "1";
        return "(" + e + " == " + z + " ? " + one + " : " + e + ")";
    }

    private String longExpr(int d) {
        switch (r.nextInt(20)) {
            case 0, 1, 2 -> {
                return expr('J', d) + " " + pick(new String[] {"+", "-", "*", "&", "|", "^"}) + " " + expr(r.nextInt(3) == 0 ? 'I' : 'J', d);
            }
            case 3 -> {
                return expr('J', d) + " " + pick(new String[] {"/", "%"}) + " " + safeDivisor('J', d);
            }
            case 4, 5 -> {
                return expr('J', d) + " " + pick(new String[] {"<<", ">>", ">>>"}) + " " + expr(r.nextBoolean() ? 'J' : 'I', d);
            }
            case 6 -> {
                return pick(new String[] {"-", "~"}) + expr('J', d);
            }
            case 7, 8 -> {
                return "(long) " + expr(pick("IFDI"), d);
            }
            case 9 -> {
                return expr('Z', d) + " ? " + expr('J', d) + " : " + expr('J', d);
            }
            case 10 -> {
                return "Math." + pick(new String[] {"min", "max"}) + "(" + expr('J', d) + ", " + expr('J', d) + ")";
            }
            case 11 -> {
                return "Math.abs(" + expr('J', d) + ")";
            }
            case 12 -> {
                return "Math." + pick(new String[] {"floorDiv", "floorMod"}) + "(" + expr('J', d) + ", " + safeDivisor('J', d) + ")";
            }
            case 13 -> {
                return "Math.round(" + expr('D', d) + ")";
            }
            case 14 -> {
                return "Long." + pick(new String[] {"reverse", "highestOneBit", "lowestOneBit"}) + "(" + expr('J', d) + ")";
            }
            case 15 -> {
                return "Long." + pick(new String[] {"rotateLeft", "rotateRight"}) + "(" + expr('J', d) + ", " + expr('I', d) + ")";
            }
            case 16 -> {
                return "Double.doubleToLongBits(" + expr('D', d) + ")";
            }
            case 17 -> {
                String h = helperCall('J', d);
                return h != null ? h : expr('J', d) + " - 1L";
            }
            case 18 -> {
                return "(" + expr('I', d) + " & 0xFFFFFFFFL) * " + expr('I', d);
            }
            default -> {
                return expr('I', d) + " " + pick(new String[] {"+", "*", "-"}) + " " + expr('J', d);
            }
        }
    }

    private String floatExpr(int d) {
        switch (r.nextInt(20)) {
            case 0, 1, 2, 3 -> {
                return expr('F', d) + " " + pick(new String[] {"+", "-", "*", "/", "%", "*", "+"}) + " " + expr(r.nextInt(4) == 0 ? pick("IJ") : 'F', d);
            }
            case 4 -> {
                return "-" + expr('F', d);
            }
            case 5, 6 -> {
                return "(float) " + expr(pick("IJD"), d);
            }
            case 7 -> {
                return expr('Z', d) + " ? " + expr('F', d) + " : " + expr('F', d);
            }
            case 8 -> {
                return "Math." + pick(new String[] {"min", "max"}) + "(" + expr('F', d) + ", " + expr('F', d) + ")";
            }
            case 9 -> {
                return "Math." + pick(new String[] {"abs", "signum"}) + "(" + expr('F', d) + ")";
            }
            case 10 -> {
                return "Math.fma(" + expr('F', d) + ", " + expr('F', d) + ", " + expr('F', d) + ")";
            }
            case 11 -> {
                return "Math.copySign(" + expr('F', d) + ", " + notNaN('F', d) + ")";
            }
            case 12 -> {
                return "(float) Math.sqrt(" + expr('F', d) + ")";
            }
            case 13 -> {
                return "(float) Math." + pick(new String[] {"floor", "ceil", "rint"}) + "(" + expr('F', d) + ")";
            }
            case 14 -> {
                return "Float.intBitsToFloat(" + expr('I', d) + ")";
            }
            case 15 -> {
                String h = helperCall('F', d);
                return h != null ? h : expr('F', d) + " * 0.5f";
            }
            default -> {
                return expr('F', d) + " " + pick(new String[] {"+", "*", "-", "/"}) + " " + expr('F', d);
            }
        }
    }

    private String notNaN(char k, int d) {
        String e = expr(k, d);
        return "(" + e + " != " + e + " ? " + (k == 'F' ? "1.0f" : "1.0") + " : " + e + ")";
    }

    private String doubleExpr(int d) {
        switch (r.nextInt(20)) {
            case 0, 1, 2, 3 -> {
                return expr('D', d) + " " + pick(new String[] {"+", "-", "*", "/", "%", "*", "+"}) + " " + expr(r.nextInt(4) == 0 ? pick("IJF") : 'D', d);
            }
            case 4 -> {
                return "-" + expr('D', d);
            }
            case 5, 6 -> {
                return "(double) " + expr(pick("IJF"), d);
            }
            case 7 -> {
                return expr('Z', d) + " ? " + expr('D', d) + " : " + expr('D', d);
            }
            case 8 -> {
                return "Math." + pick(new String[] {"min", "max"}) + "(" + expr('D', d) + ", " + expr('D', d) + ")";
            }
            case 9 -> {
                return "Math." + pick(new String[] {"abs", "signum", "sqrt", "floor", "ceil", "rint"}) + "(" + expr('D', d) + ")";
            }
            case 10 -> {
                return "Math.fma(" + expr('D', d) + ", " + expr('D', d) + ", " + expr('D', d) + ")";
            }
            case 11 -> {
                return "Math.copySign(" + expr('D', d) + ", " + notNaN('D', d) + ")";
            }
            case 12 -> {
                return "Double.longBitsToDouble(" + expr('J', d) + ")";
            }
            case 13 -> {
                String h = helperCall('D', d);
                return h != null ? h : expr('D', d) + " * 0.5";
            }
            default -> {
                return expr('D', d) + " " + pick(new String[] {"+", "*", "-", "/"}) + " " + expr('D', d);
            }
        }
    }

    private String boolExpr(int d) {
        switch (r.nextInt(12)) {
            case 0, 1, 2, 3 -> {
                char k = pick("IJFDFD");
                return expr(k, d) + " " + pick(new String[] {"<", "<=", ">", ">=", "==", "!="}) + " " + expr(k, d);
            }
            case 4, 5 -> {
                return expr('Z', d) + " " + pick(new String[] {"&&", "||", "&", "|", "^", "==", "!="}) + " " + expr('Z', d);
            }
            case 6 -> {
                return "!" + expr('Z', d);
            }
            case 7 -> {
                return pick(new String[] {"Float.isNaN", "Float.isInfinite", "Float.isFinite"}) + "(" + expr('F', d) + ")";
            }
            case 8 -> {
                return pick(new String[] {"Double.isNaN", "Double.isInfinite", "Double.isFinite"}) + "(" + expr('D', d) + ")";
            }
            case 9 -> {
                String h = helperCall('Z', d);
                return h != null ? h : "!" + expr('Z', d);
            }
            case 10 -> {
                return expr('Z', d) + " ? " + expr('Z', d) + " : " + expr('Z', d);
            }
            default -> {
                return exprOf(pick("SBC"), d) + " " + pick(new String[] {"<", "==", ">", "!="}) + " " + exprOf(pick("ISBC"), d);
            }
        }
    }

    // ---------------------------------------------------------------- utilities

    private static String jtype(char k) {
        return switch (k) {
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'S' -> "short";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'Z' -> "boolean";
            default -> throw new IllegalArgumentException();
        };
    }

    private char pick(String s) {
        return s.charAt(r.nextInt(s.length()));
    }

    private String pick(String[] s) {
        return s[r.nextInt(s.length)];
    }

    private void line(String s) {
        out.repeat("    ", indent).append(s).append('\n');
    }
}
