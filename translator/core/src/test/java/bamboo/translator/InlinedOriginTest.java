package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Diagnostics about code inlined from another method stand where that method was written, in its own
 * file, followed by the calls that reach it from main, as javac follows an error in generic code with
 * where it was instantiated.
 */
class InlinedOriginTest {
    private static final SourceFile MAIN = new SourceFile("Main.java", String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "",
            "@Bamboo",
            "public class Main {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        Kernel k = new Kernel();",
            "        for (int i = 0; i < 3; i++) {",
            "            k.step(i);",
            "        }",
            "        MPI.Finalize();",
            "    }",
            "}",
            ""));

    private static SourceFile kernel(String... stepBody) {
        String[] head = {
            "import mpi.*;",
            "",
            "public class Kernel {",
            "    final int[] b = new int[4];",
            "    void step(int i) throws MPIException {",
            "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
        };
        String[] tail = {"    }", "}", ""};
        return new SourceFile("Kernel.java", String.join("\n", DiagnosticHelper.joined(head, stepBody, tail)));
    }

    @Test
    void errorInAKernelStandsInTheKernelFileReachedFromMain() {
        SourceFile kernel = kernel(
            "        olap: {",
            "            send: {",
            "                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, (rank + size - 1) % size, i);",
            "            }",
            "        }");
        TranslationResult r = new Translator().check(List.of(MAIN, kernel));
        assertEquals(List.of(new Diagnostic("Kernel.java", 9, 17, Diagnostic.Kind.ERROR,
                "Recv in a send block: receives belong in receive blocks", List.of("Main.java:10:13 via Kernel.step"))),
                r.diagnostics());
        assertEquals("Kernel.java:9:17: error: Recv in a send block: receives belong in receive blocks\n"
                + "Kernel.java:9:17: note: reached from Main.java:10:13 via Kernel.step", r.diagnostics().get(0).toString());
    }

    @Test
    void errorTwoCallsDeepNamesEveryCallInnermostFirst() {
        SourceFile kernel = kernel(
            "        Halo.exchange(b, rank, size, i);");
        SourceFile halo = new SourceFile("Halo.java", String.join("\n",
            "import mpi.*;",
            "",
            "public final class Halo {",
            "    static void exchange(int[] b, int rank, int size, int tag) throws MPIException {",
            "        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, tag);",
            "    }",
            "}",
            ""));
        TranslationResult r = new Translator().check(List.of(MAIN, kernel, halo));
        assertEquals(1, r.diagnostics().size(), r.diagnostics().toString());
        Diagnostic d = r.diagnostics().get(0);
        assertEquals("Halo.java:5:47: error: MPI.ANY_SOURCE as the destination of Send: a send needs a real destination",
                d.headline());
        assertEquals(List.of("Kernel.java:7:9 via Halo.exchange", "Main.java:10:13 via Kernel.step"), d.reachedFrom());
    }

    @Test
    void errorInAHelperOfTheSameFileIsReachedFromItsCall() {
        SourceFile p = new SourceFile("P.java", String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        exchange(new int[2]);",
            "        MPI.Finalize();",
            "    }",
            "    static void exchange(int[] b) throws MPIException {",
            "        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, MPI.ANY_TAG);",
            "    }",
            "}",
            ""));
        TranslationResult r = new Translator().check(List.of(p));
        assertEquals(List.of(new Diagnostic("P.java", 11, 50, Diagnostic.Kind.ERROR,
                "MPI.ANY_TAG as the tag of Send: a send needs a real tag", List.of("P.java:7:9 via P.exchange"))),
                r.diagnostics());
    }

    @Test
    void explainNotesARegionOfAKernelAtTheKernelsLine() {
        SourceFile kernel = kernel(
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (rank + 1) % size, i); }",
            "            receive: { MPI.COMM_WORLD.Recv(b, 1, 1, MPI.INT, (rank + size - 1) % size, i); }",
            "            compute: { b[2] += b[1]; }",
            "        }");
        TranslationResult r = new Translator().check(List.of(MAIN, kernel));
        assertTrue(r.ok(), r.diagnostics().toString());
        Diagnostic region = r.notes().stream().filter(n -> n.message().startsWith("olap region")).findFirst()
                .orElseThrow(() -> new AssertionError("no region note: " + r.notes()));
        assertTrue(region.message().startsWith("olap region 'olap': "), region.message());
        assertEquals("Kernel.java", region.file());
        assertEquals(7, region.line());
        assertEquals(List.of("Main.java:10:13 via Kernel.step"), region.reachedFrom());
    }
}
