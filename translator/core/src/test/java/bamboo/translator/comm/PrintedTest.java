package bamboo.translator.comm;

import bamboo.translator.TestInputs;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code CommunicatorTypes.printed} is {@code toString()}, on every expression and type of the inputs. */
class PrintedTest {
    @Test
    void agreesWithToStringOnEveryExpressionAndTypeOfTheInputsAndCommentedVariants() throws IOException {
        List<Path> inputs = TestInputs.programs();
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        int checked = 0;
        for (Path p : inputs) {
            String text = Files.readString(p);
            String[] variants = {text, text.replace("MPI.COMM_WORLD", "MPI./* c */COMM_WORLD")
                    .replace("mpi.MPI", "mpi /* d */ .MPI").replace("(MPI.", "(// e\nMPI.")};
            for (int v = 0; v < variants.length; v++) {
                var parsed = parser.parse(variants[v]);
                if (!parsed.isSuccessful()) {
                    assertTrue(v > 0, () -> p + " does not parse");
                    continue; // a comment put where the grammar does not take one
                }
                for (Node n : parsed.getResult().orElseThrow().findAll(Node.class)) {
                    if (n instanceof Expression || n instanceof ClassOrInterfaceType) {
                        assertEquals(n.toString(), CommunicatorTypes.printed(n), () -> p + ": " + n);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 10_000, "checked " + checked);
    }
}
