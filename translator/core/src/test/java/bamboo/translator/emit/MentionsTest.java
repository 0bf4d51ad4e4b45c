package bamboo.translator.emit;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.Statement;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code TaskClass.mentions} answers what {@code toString().contains} answered, without printing. */
class MentionsTest {
    private static CompilationUnit parse(String code) {
        return new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17))
                .parse(code).getResult().orElseThrow();
    }

    private static MethodDeclaration main(String body) {
        return parse("class P {\n    /** main */\n    public static void main(String[] args) {\n" + body + "\n    }\n}")
                .findFirst(MethodDeclaration.class).orElseThrow();
    }

    @Test
    void findsTheWordWhereverToStringPrintsIt() {
        assertTrue(TaskClass.mentions(main("int t = mpi.MPI.ANY_TAG;"), "ANY_TAG"), "field access");
        assertTrue(TaskClass.mentions(main("int t = ANY_TAG;"), "ANY_TAG"), "static import");
        assertTrue(TaskClass.mentions(main("String s = \"no ANY_TAG here\";"), "ANY_TAG"), "string literal");
        assertTrue(TaskClass.mentions(main("int x = 1; // ANY_TAG in a comment\nint y = 2;"), "ANY_TAG"), "line comment");
        assertTrue(TaskClass.mentions(main("/* ANY_TAG */"), "ANY_TAG"), "orphan block comment");
        assertTrue(TaskClass.mentions(main("String s = \"\"\"\n  ANY_TAG\n  \"\"\";"), "ANY_TAG"), "text block");
        assertTrue(TaskClass.mentions(main("int MY_ANY_TAGS = 0;"), "ANY_TAG"), "inside a longer name");
        assertFalse(TaskClass.mentions(main("int t = mpi.MPI.ANY_SOURCE; String s = \"ANY_\" + \"TAG\";"), "ANY_TAG"));
    }

    @Test
    void agreesWithToStringOnEveryNodeOfTheInputsAndTheirCommentedVariants() throws IOException {
        List<Path> inputs;
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/golden"))) {
            inputs = s.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("expected"))
                    .collect(Collectors.toList());
        }
        int checked = 0;
        for (Path p : inputs) {
            String text = Files.readString(p).replace("MPI.ANY_SOURCE", "MPI.ANY_TAG /* ANY_TAG */");
            for (Node n : parse(text).findAll(Node.class)) {
                if (n instanceof Statement || n instanceof MethodDeclaration || n instanceof Expression) {
                    for (String word : new String[] {"ANY_TAG", "Send", "olap", "bamboo"}) {
                        assertEquals(n.toString().contains(word), TaskClass.mentions(n, word), () -> word + " in " + n);
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked > 500, "only " + checked + " nodes checked");
    }
}
