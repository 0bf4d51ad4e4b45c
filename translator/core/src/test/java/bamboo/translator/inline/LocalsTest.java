package bamboo.translator.inline;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.NameExpr;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Members.Locals} indexes a body's declarations once; it must still answer by scope and position
 * (a local declared later, in a sibling block, or a lambda's or catch clause's parameter elsewhere does
 * not hide the field), for many names of the same body asked through one index.
 */
class LocalsTest {
    private static final String SOURCE = String.join("\n",
            "class C {",
            "    static int a, b, c, d, e, f, g;",
            "    void m(int a) {",
            "        use(a);",        // parameter
            "        use(b);",        // field: b is declared below
            "        int b = 1;",
            "        use(b);",        // local
            "        { int c = 2; use(c); }",  // local in the block
            "        use(c);",        // field: c's block has ended
            "        Runnable r = () -> { int d = 3; use(d); };",
            "        use(d);",        // field
            "        java.util.function.IntUnaryOperator op = e -> e + 1;",
            "        use(e);",        // field: e was the lambda's parameter
            "        try { use(f); } catch (RuntimeException f) { use(f); }",  // field, then the catch parameter
            "        for (int g = 0; g < 1; g++) { use(g); }",
            "        use(g);",        // field: the loop variable's scope ended
            "    }",
            "    void use(Object o) {}",
            "}");

    @Test
    void answersByScopeAndPositionThroughOneIndex() {
        CompilationUnit cu = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)).parse(SOURCE).getResult().orElseThrow();
        MethodDeclaration m = cu.findFirst(MethodDeclaration.class, x -> x.getNameAsString().equals("m")).orElseThrow();
        List<NameExpr> uses = m.findAll(NameExpr.class, n -> n.getParentNode().orElseThrow().toString().startsWith("use("));
        Members.Locals locals = new Members.Locals();
        String got = uses.stream().map(n -> n + (locals.isLocal(n, m) ? ":local" : ":field")).collect(Collectors.joining(" "));
        assertEquals("a:local b:field b:local c:local c:field d:local d:field e:field f:field f:local g:local g:field", got);
        String oneShot = uses.stream().map(n -> n + (Members.isLocal(n, m) ? ":local" : ":field"))
                .collect(Collectors.joining(" "));
        assertEquals(got, oneShot);
    }
}
