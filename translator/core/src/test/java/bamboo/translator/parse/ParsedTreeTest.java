package bamboo.translator.parse;

import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.Statement;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the parse stage does for speed changes nothing a later stage sees: {@link Walk} visits what
 * JavaParser's walks visit, a parsed unit keeps every range and comment of the stock parse but not the
 * token list, its clones keep their ranges, and {@link ParsedUnit}'s lists are what {@code findAll} returns.
 */
class ParsedTreeTest {
    private static List<SourceFile> inputs() throws IOException {
        List<SourceFile> out = new ArrayList<>();
        for (String root : new String[] {"src/test/resources/golden", "../../test-corpus/programs"}) {
            try (Stream<Path> s = Files.walk(Path.of(root))) {
                for (Path p : s.filter(x -> x.toString().endsWith(".java") && !x.toString().contains("expected"))
                        .sorted().collect(Collectors.toList())) {
                    out.add(new SourceFile(p.toString(), Files.readString(p)));
                }
            }
        }
        assertTrue(out.size() > 50, "inputs found: " + out.size());
        return out;
    }

    private static CompilationUnit stock(String text) {
        return new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17))
                .parse(text).getResult().orElseThrow();
    }

    @Test
    void walkVisitsWhatJavaParserVisitsInTheSameOrder() throws IOException {
        for (SourceFile f : inputs()) {
            CompilationUnit cu = stock(f.text());
            List<Node> stock = new ArrayList<>();
            cu.walk(stock::add);
            List<Node> ours = new ArrayList<>();
            Walk.preOrder(cu, ours::add);
            assertSameNodes(stock, ours, f.displayName());
            assertSameNodes(cu.findAll(MethodCallExpr.class), Walk.findAll(cu, MethodCallExpr.class), f.displayName());
            assertSameNodes(cu.findAll(Statement.class), Walk.findAll(cu, Statement.class), f.displayName());
            assertSameNodes(cu.findAll(NameExpr.class, n -> n.getNameAsString().startsWith("r")),
                    Walk.findAll(cu, NameExpr.class, n -> n.getNameAsString().startsWith("r")), f.displayName());
            assertEquals(cu.findFirst(MethodCallExpr.class, c -> c.getArguments().size() > 2),
                    Walk.findFirst(cu, MethodCallExpr.class, c -> c.getArguments().size() > 2), f.displayName());
        }
    }

    @Test
    void isAncestorOfAnswersWhatJavaParserAnswers() throws IOException {
        int pairs = 0;
        for (SourceFile f : inputs()) {
            CompilationUnit cu = stock(f.text());
            List<Node> all = new ArrayList<>();
            Walk.preOrder(cu, all::add);
            for (int i = 0; i < all.size(); i += 5) { // every fifth node: the stock answer walks subtrees
                Node n = all.get(i);
                // the node itself, its parent, and nodes near it in pre-order (ancestors, children, siblings)
                List<Node> others = new ArrayList<>(List.of(n));
                n.getParentNode().ifPresent(others::add);
                for (int k = Math.max(0, i - 3); k < Math.min(all.size(), i + 4); k++) {
                    others.add(all.get(k));
                }
                for (Node a : others) {
                    assertEquals(a.isAncestorOf(n), Walk.isAncestorOf(a, n), () -> f.displayName() + ": " + a + " / " + n);
                    assertEquals(n.isAncestorOf(a), Walk.isAncestorOf(n, a), () -> f.displayName() + ": " + n + " / " + a);
                    pairs++;
                }
            }
        }
        assertTrue(pairs > 20_000, "pairs checked: " + pairs);
    }

    @Test
    void walkTakesChildrenWhenItReachesANodeSoTheActionMayReplaceIt() {
        CompilationUnit cu = stock("class A { void m() { a(); b(); } }");
        List<String> seen = new ArrayList<>();
        Walk.preOrder(cu, n -> {
            if (n instanceof MethodCallExpr) {
                seen.add(((MethodCallExpr) n).getNameAsString());
                n.replace(new MethodCallExpr(null, "x"));
            }
        });
        assertEquals(List.of("a", "b"), seen);
        assertEquals(2, cu.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals("x")).size());
    }

    @Test
    void parsedUnitsKeepEveryRangeAndCommentButNotTheTokenList() throws IOException {
        List<SourceFile> sources = inputs();
        Diagnostics d = new Diagnostics();
        List<ParsedUnit> units = new JavaSources().parseAll(sources, d);
        assertTrue(d.isEmpty(), d.list().toString());
        assertEquals(sources.size(), units.size());
        for (ParsedUnit u : units) {
            CompilationUnit stock = stock(u.source().text());
            List<Node> expected = withComments(stock);
            List<Node> actual = withComments(u.unit());
            assertEquals(expected.size(), actual.size(), u.fileName());
            for (int i = 0; i < expected.size(); i++) {
                Node e = expected.get(i);
                Node a = actual.get(i);
                assertEquals(e.getClass(), a.getClass(), u.fileName());
                assertEquals(e.getRange(), a.getRange(), () -> u.fileName() + ": " + e);
                assertEquals(e.getComment().map(Comment::getContent), a.getComment().map(Comment::getContent));
                a.getTokenRange().ifPresent(t -> {
                    assertTrue(t.getBegin().getPreviousToken().isEmpty() && t.getBegin().getNextToken().isEmpty(),
                            () -> "a token of the list is still referred to by " + a);
                    assertTrue(t.getEnd().getPreviousToken().isEmpty() && t.getEnd().getNextToken().isEmpty());
                });
                if (a instanceof Statement) {
                    assertEquals(e.clone().getRange(), a.clone().getRange(), "a clone keeps its range");
                }
            }
            assertEquals(stock.toString(), u.unit().toString(), u.fileName());
            assertSameNodes(u.unit().findAll(TypeDeclaration.class), u.types(), u.fileName());
            assertSameNodes(u.unit().findAll(MethodDeclaration.class), u.methods(), u.fileName());
            assertSameNodes(u.unit().findAll(FieldDeclaration.class), u.fields(), u.fileName());
            assertSameNodes(u.unit().findAll(MethodCallExpr.class), u.calls(), u.fileName());
        }
    }

    /** Every node in pre-order, each followed by the comment attached to it. */
    private static List<Node> withComments(Node root) {
        List<Node> out = new ArrayList<>();
        root.walk(n -> {
            out.add(n);
            n.getComment().ifPresent(out::add);
        });
        return out;
    }

    private static void assertSameNodes(List<? extends Node> expected, List<? extends Node> actual, String where) {
        assertEquals(expected.size(), actual.size(), where);
        for (int i = 0; i < expected.size(); i++) {
            assertSame(expected.get(i), actual.get(i), where);
        }
    }
}
