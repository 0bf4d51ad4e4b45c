package bamboo.translator.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-walk Java 17 checks give exactly JavaParser's problems (messages, positions, order) and the
 * same trees, on code that breaks its rules and on every source of the project's corpora.
 */
class Java17ChecksTest {
    private static final List<String> BROKEN = List.of(
            "private class Top {}",
            "class A { void f() { int _ = 1; } }",
            "class A { abstract final void f(); public private int x; }",
            "class A { void f() { var x; var y = 1, z = 2; var[] w = {1}; } }",
            "class var {} class record {} class yield {}",
            "class A { void f() { yield 1; } }",
            "interface I { private default void f() {} abstract static void g(); }",
            "class A { A() { int x = 1; this(2); } A(int y) {} }",
            "class A { void f() { try { } } }",
            "enum E { X; public E() {} }",
            "class A<int> { java.util.List<int> l; }",
            "record R(int x) { int y; record S() { S(int z) {} } }",
            "class A { void f(Object o) { switch (o) { case null, default -> {} } } }",
            "class A { void f() { int x = switch (1) { case 1 -> { yield 2; } default -> 3; }; } }",
            "sealed class S permits T {} final class T extends S {} non-sealed class U {}",
            "class A { void f(Object o) { if (o instanceof String s && s.length() > 0) {} } }",
            "class A { transient void f() {} volatile class B {} static { this.x = 1; } int x; }",
            "class A { void f() { Object o = (Runnable & java.io.Serializable) () -> {}; } }",
            "class A { @interface N { int v() default 1; } void f() { new A() {}.f(); } }",
            "module m { requires transitive java.base; } class A {}",
            "class A { strictfp synchronized native void f(); default void g() {} }",
            "class A { void f() { for (var x : new int[0]) {} try (var r = (AutoCloseable) null) {} } }");

    private static ParseResult<CompilationUnit> parse(String code, boolean ours) {
        ParserConfiguration c = new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
        if (ours) {
            assertTrue(Java17Checks.install(c), "the one-walk checks are not installed with this JavaParser");
        }
        return new JavaParser(c).parse(code);
    }

    private static void same(String name, String code) {
        ParseResult<CompilationUnit> stock = parse(code, false);
        ParseResult<CompilationUnit> ours = parse(code, true);
        assertEquals(describe(stock), describe(ours), name);
        assertEquals(stock.getResult().map(Object::toString), ours.getResult().map(Object::toString), name);
    }

    private static String describe(ParseResult<?> r) {
        return r.getProblems().stream().map(p -> p.getVerboseMessage()).collect(Collectors.joining("\n"));
    }

    @Test
    void brokenRulesGiveTheSameProblemsInTheSameOrder() {
        int problems = 0;
        for (String code : BROKEN) {
            same(code, code);
            problems += parse(code, false).getProblems().size();
        }
        String all = String.join("\n", BROKEN.subList(1, BROKEN.size())).replaceAll("class A\\b", "class A" + "x");
        same("all at once", all.replace("module m { requires transitive java.base; }", ""));
        assertTrue(problems >= 15, "the broken inputs break only " + problems + " rules");
    }

    @Test
    void everySourceOfTheCorporaGivesTheSameResult() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String root : new String[] {"src/test/resources", "../../test-corpus", "../../examples/src/main/java"}) {
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        for (Path p : files) {
            same(p.toString(), Files.readString(p));
        }
        assertTrue(files.size() > 100, "only " + files.size() + " sources");
    }
}
