package bamboo.translator.collectives;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our collectives library is parsed once per JVM and shared: inlining a collective must not change it
 * (the inliner clones), so the second translation of a program gives the same text as the first.
 */
class LibraryCacheTest {
    private static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Sums {",
            "    public static void main(String[] args) throws Exception {",
            "        MPI.Init(args);",
            "        double[] x = {MPI.COMM_WORLD.Rank()};",
            "        double[] s = new double[1];",
            "        MPI.COMM_WORLD.Allreduce(x, 0, s, 0, 1, MPI.DOUBLE, MPI.SUM);",
            "        Intracomm half = MPI.COMM_WORLD.Split(MPI.COMM_WORLD.Rank() % 2, 0);",
            "        half.Bcast(s, 0, 1, MPI.DOUBLE, 0);",
            "        MPI.Finalize();",
            "    }",
            "}");

    @Test
    void sharedLibraryIsNotChangedByInlining() {
        CollectiveLibrary ours = CollectiveLibrary.ours();
        assertSame(ours, CollectiveLibrary.ours());
        String allreduce = ours.method("Allreduce").orElseThrow().toString();
        String split = ours.method("Split").orElseThrow().toString();
        TranslationResult first = new Translator().translate(List.of(new SourceFile("Sums.java", PROGRAM)));
        assertTrue(first.ok(), () -> first.diagnostics().toString());
        assertTrue(first.generated().stream().anyMatch(g -> g.text().contains("c1_comm")), "Allreduce was inlined");
        TranslationResult second = new Translator().translate(List.of(new SourceFile("Sums.java", PROGRAM)));
        assertEquals(first.generated(), second.generated());
        assertEquals(allreduce, ours.method("Allreduce").orElseThrow().toString());
        assertEquals(split, ours.method("Split").orElseThrow().toString());
    }
}
