package bamboo.translator.emit;

import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime helpers, printed once per JVM and put in place of their placeholders, read exactly as the
 * same helpers added as trees and printed with the class; and a helper that mentions a name the later
 * rewrites look for goes in as a tree.
 */
class HelpersOnceTest {
    /** A task-like class whose code uses {@code uses}, with members before and after the helpers. */
    private static ClassOrInterfaceDeclaration task(List<String> uses) {
        ClassOrInterfaceDeclaration c = new ClassOrInterfaceDeclaration();
        c.setName("T_BambooTask");
        c.addMember(Templates.member("private int pc; // where execute() resumes"));
        StringBuilder body = new StringBuilder("/** uses */\nprotected void execute() {\n");
        for (String u : uses) {
            body.append("    ").append(u).append("(0);\n");
        }
        c.addMember(Templates.member(body.append("}").toString()));
        return c;
    }

    private static void addAfter(ClassOrInterfaceDeclaration c) {
        MethodDeclaration after = (MethodDeclaration) Templates.member("/** after */\nprivate int after() {\n    return pc;\n}");
        c.addMember(after);
    }

    /** Every name any helper holds: with these to avoid, every helper goes in as a tree. */
    private static Set<String> everything() {
        Set<String> all = new HashSet<>(Set.of("Object", "mpi", "MPI"));
        for (boolean statuses : new boolean[] {false, true}) {
            ClassOrInterfaceDeclaration c = task(List.copyOf(TaskHelpers.names()));
            TaskHelpers.addUsed(c, statuses, Set.of());
            c.walk(com.github.javaparser.ast.expr.SimpleName.class, n -> all.add(n.getIdentifier()));
        }
        return all;
    }

    private static void assertSamePrint(List<String> uses, boolean statuses) {
        ClassOrInterfaceDeclaration placed = task(uses);
        TaskHelpers.Placed p = TaskHelpers.addUsed(placed, statuses, Set.of());
        addAfter(placed);
        ClassOrInterfaceDeclaration trees = task(uses);
        TaskHelpers.Placed none = TaskHelpers.addUsed(trees, statuses, everything());
        addAfter(trees);
        String expected = Printer.print(trees);
        assertEquals(expected, none.fill(expected), "nothing placed: nothing to fill");
        assertEquals(expected, p.fill(Printer.print(placed)), () -> uses + ", communicator statuses " + statuses);
        assertTrue(expected.contains("private int after()"));
    }

    @Test
    void placedHelpersPrintAsTheirTrees() {
        for (boolean statuses : new boolean[] {false, true}) {
            assertSamePrint(List.copyOf(TaskHelpers.names()), statuses); // every helper, persistent requests
            assertSamePrint(List.of("bambooStatus", "BambooRequest"), statuses); // the plain request
            assertSamePrint(List.of("bambooProbe"), statuses);
            assertSamePrint(List.of("notAHelper"), statuses);
        }
    }

    @Test
    void aHelperThatMentionsAnAvoidedNameGoesInAsATree() {
        ClassOrInterfaceDeclaration c = task(List.of("bambooStatus"));
        TaskHelpers.Placed p = TaskHelpers.addUsed(c, false, Set.of("Status"));
        String printed = Printer.print(c);
        assertTrue(printed.contains("private mpi.Status bambooStatus(int count)"), printed);
        assertEquals(printed, p.fill(printed));
        ClassOrInterfaceDeclaration d = task(List.of("bambooStatus"));
        TaskHelpers.addUsed(d, false, Set.of());
        assertFalse(Printer.print(d).contains("bambooStatus(int count)"), "placed, not printed with the class");
    }

    @Test
    void aPlaceholderOfAHelperThatCallsTheWorldCommunicatorCallsItToo() {
        ClassOrInterfaceDeclaration c = task(List.of("bambooStatus"));
        TaskHelpers.Placed p = TaskHelpers.addUsed(c, true, Set.of());
        assertTrue(c.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class).stream()
                .anyMatch(m -> m.getScope().isEmpty() && m.getNameAsString().equals("bambooWorld")));
        assertTrue(p.fill(Printer.print(c)).contains("return bambooWorld().status(lastSource(), lastTag(), count);"));
    }
}
