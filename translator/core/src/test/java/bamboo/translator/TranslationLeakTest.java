package bamboo.translator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.translator.parse.SourceFile;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Regression (found by bamboo fuzz; fixed by JavaSources.release): every translation left its type
 * solver, and through it its parsed trees, in JavaParser's static facade map, so a long-running JVM (the
 * fuzzer, a build daemon, an IDE running the processor) filled its heap with JavaParser tokens.
 */
class TranslationLeakTest {
    private static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Leak {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int[] b = new int[1];",
            "        MPI.COMM_WORLD.Sendrecv(b, 0, 1, MPI.INT, 0, 1, b, 0, 1, MPI.INT, 0, 1);",
            "        MPI.Finalize();",
            "    }",
            "}", "");

    @Test
    void aFinishedTranslationLeavesNoFacadeBehind() throws Exception {
        TranslationResult r = new Translator().translate(List.of(new SourceFile("Leak.java", PROGRAM)));
        assertTrue(r.ok(), () -> r.diagnostics().toString());
        new Translator().check(List.of(new SourceFile("Leak.java", PROGRAM)));
        assertEquals(0, facades().size(), "JavaParserFacade still holds type solvers of finished translations");
    }

    /** JavaParser's static map of facades by type solver (private: read by reflection). */
    private static Map<?, ?> facades() throws ReflectiveOperationException {
        Field instances = JavaParserFacade.class.getDeclaredField("instances");
        instances.setAccessible(true);
        synchronized (JavaParserFacade.class) {
            return Map.copyOf((Map<?, ?>) instances.get(null));
        }
    }
}
