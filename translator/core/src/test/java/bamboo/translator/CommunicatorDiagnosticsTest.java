package bamboo.translator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.translator.parse.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Communicators and the user's collectives: what is translated, and what is refused with a sentence at the
 * right place (source and expected message side by side).
 */
class CommunicatorDiagnosticsTest {

    /** A program around a main body given line by line (main's body starts on line 8). */
    private static DiagnosticHelper program(String... body) {
        return DiagnosticHelper.create().addSourceLines("P.java", lines(body));
    }

    private static String[] lines(String... body) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "",
            "@Bamboo",
            "public class P {",
            "    static int[] buf = new int[4];",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
        };
        String[] tail = {
            "        MPI.Finalize();",
            "    }",
            "}",
        };
        return DiagnosticHelper.joined(head, body, tail);
    }

    @Test
    void everyCommunicatorOperationTranslates() {
        program(
            "        Intracomm dup = MPI.COMM_WORLD.Dup();",
            "        Intracomm half;",
            "        half = dup.Split(rank % 2, -rank);",
            "        Group g = MPI.COMM_WORLD.Group().Incl(new int[] {0});",
            "        Group u = Group.Union(g, MPI.GROUP_EMPTY);",
            "        Intracomm first = MPI.COMM_WORLD.Create(u);",
            "        if (first != null) first.Barrier();",
            "        if (Comm.Compare(dup, MPI.COMM_WORLD) != MPI.CONGRUENT) buf[0] = 1;",
            "        half.Allreduce(buf, 0, buf, 1, 1, MPI.INT, MPI.SUM);",
            "        dup.Sendrecv(buf, 0, 1, MPI.INT, rank, 5, buf, 2, 1, MPI.INT, rank, 5);",
            "        half.Free();").doTest();
    }

    @Test
    void cartesianTopologiesTranslate() {
        program(
            "        Cartcomm cart = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);",
            "        ShiftParms s = cart.Shift(0, 1);",
            "        int[] c = cart.Coords(cart.Rank());",
            "        Cartcomm line = cart.Sub(new boolean[] {true});",
            "        System.out.println(s.rank_dest + \" \" + c[0] + \" \" + line.Size() + \" \" + cart.Topo_test());").doTest();
    }

    @Test
    void aCartesianGridsDupAndGraphTopologiesAreRefused() {
        program(
            "        Cartcomm cart = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);",
            "        // ERROR: MPI call Dup(...) is not supported by the translator yet",
            "        Cartcomm copy = cart.Dup();",
            "        // ERROR: MPI call Create_graph(...) is not supported by the translator yet",
            "        Graphcomm g = MPI.COMM_WORLD.Create_graph(new int[] {1}, new int[] {0}, false);").doTest();
    }

    @Test
    void cloneIsRefusedForDup() {
        program(
            "        // ERROR: MPI call clone(...) is not supported by the translator yet",
            "        Intracomm c = (Intracomm) MPI.COMM_WORLD.clone();").doTest();
    }

    @Test
    void aCommunicatorMustBeStoredToBeTranslated() {
        program(
            "        // ERROR: the result of Split must initialise or be assigned to a variable",
            "        int r = MPI.COMM_WORLD.Split(0, rank).Rank();").doTest();
    }

    @Test
    void splitInsideAReceiveBlockIsRefused() {
        program(
            "        Intracomm c = null;",
            "        olap: {",
            "            receive: {",
            "                // WARNING: blocking Recv in a receive block written before the region's send block",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank, 1);",
            "                // ERROR: collective Split inside a receive block is not translated",
            "                c = MPI.COMM_WORLD.Split(0, rank);",
            "            }",
            "            send: { MPI.COMM_WORLD.Send(buf, 2, 1, MPI.INT, rank, 1); }",
            "        }").doTest();
    }

    @Test
    void freeOnARequestTranslates() {
        program(
            "        Request q = MPI.COMM_WORLD.Isend(buf, 0, 1, MPI.INT, rank, 1);",
            "        q.Free();",
            "        MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank, 1);").doTest();
    }

    @Test
    void wildcardsOnADerivedCommunicatorTranslate() {
        program(
            "        Intracomm dup = MPI.COMM_WORLD.Dup();",
            "        dup.Send(buf, 0, 1, MPI.INT, rank, 3);",
            "        dup.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);").doTest();
    }

    @Test
    void probesOnADerivedCommunicatorTranslate() {
        program(
            "        Intracomm dup = MPI.COMM_WORLD.Dup();",
            "        dup.Send(buf, 0, 1, MPI.INT, rank, 3);",
            "        Status st = dup.Probe(rank, 3);",
            "        Status polled = dup.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG);",
            "        dup.Recv(buf, 0, 1, MPI.INT, rank, 3);").doTest();
    }

    @Test
    void theStatusOfAReceiveOnADerivedCommunicatorTranslates() {
        program(
            "        Intracomm dup = MPI.COMM_WORLD.Dup();",
            "        dup.Send(buf, 0, 1, MPI.INT, rank, 3);",
            "        Status st = dup.Recv(buf, 0, 1, MPI.INT, rank, 3);").doTest();
    }

    // ---- --collectives DIR --------------------------------------------------------------------------

    @Test
    void aCollectiveWithTheWrongSignature() {
        program("        MPI.COMM_WORLD.Barrier();")
            .addCollectivesLines("lib/Mine.java",
                "import mpi.*;",
                "class Mine {",
                "    // ERROR: collective Barrier has the wrong signature: expected void Barrier(Intracomm), found void Barrier()",
                "    static void Barrier() throws MPIException {",
                "    }",
                "}").doTest();
    }

    @Test
    void aCollectivesFileThatDoesNotParse() {
        program("        MPI.COMM_WORLD.Barrier();")
            .addCollectivesLines("lib/Broken.java",
                "import mpi.*;",
                "class Broken {",
                "    static void Barrier(Intracomm comm) throws MPIException {",
                "        // ERROR: syntax error",
                "        int x = ;",
                "    }",
                "}").doTest();
    }

    @Test
    void onlyCollectivesMayBeSupplied() {
        program("        MPI.COMM_WORLD.Barrier();")
            .addCollectivesLines("lib/Helpers.java",
                "import mpi.*;",
                "class Helpers {",
                "    // ERROR: method tree is not a collective the translator inlines",
                "    static int tree(int rank) {",
                "        return rank / 2;",
                "    }",
                "}").doTest();
    }

    @Test
    void aValueReturningCollectiveMustReturnAtItsEnd() {
        program("        Intracomm d = MPI.COMM_WORLD.Dup();")
            .addCollectivesLines("lib/MyDup.java",
                "import mpi.*;",
                "class MyDup {",
                "    static Intracomm Dup(Intracomm comm) throws MPIException {",
                "        int[] c = {comm.contextCandidate()};",
                "        comm.Allreduce(c, 0, c, 0, 1, MPI.INT, MPI.MAX);",
                "        // ERROR: collective Dup may return only at its end",
                "        if (c[0] < 0) return null;",
                "        comm.contextAgreed(c[0]);",
                "        return comm.derive(new int[] {comm.Rank()}, c[0]);",
                "    }",
                "}").doTest();
    }

    @Test
    void aCollectiveSuppliedTwice() {
        program("        MPI.COMM_WORLD.Barrier();")
            .addCollectivesLines("lib/A.java",
                "import mpi.*;",
                "class A {",
                "    static void Barrier(Intracomm comm) throws MPIException {",
                "    }",
                "}")
            .addCollectivesLines("lib/B.java",
                "import mpi.*;",
                "class B {",
                "    // ERROR: collective Barrier is supplied twice (also in lib/A.java)",
                "    static void Barrier(Intracomm comm) throws MPIException {",
                "    }",
                "}").doTest();
    }

    @Test
    void theUsersCollectiveReplacesOurs() {
        List<SourceFile> lib = List.of(new SourceFile("lib/Linear.java", String.join("\n",
            "import mpi.*;",
            "class Linear {",
            "    static final int TAG_LINEAR = 77;",
            "    /** Linear broadcast: the root sends to everybody. */",
            "    static void Bcast(Intracomm comm, Object buf, int offset, int count, Datatype datatype, int root)",
            "            throws MPIException {",
            "        int me = comm.Rank();",
            "        if (me == root) {",
            "            for (int j = 0; j < comm.Size(); j++) {",
            "                if (j != root) comm.Send(buf, offset, count, datatype, j, TAG_LINEAR);",
            "            }",
            "        } else {",
            "            comm.Recv(buf, offset, count, datatype, root, TAG_LINEAR);",
            "        }",
            "    }",
            "}")));
        List<SourceFile> prog = List.of(new SourceFile("P.java", String.join("\n",
                lines("        MPI.COMM_WORLD.Bcast(buf, 0, 4, MPI.INT, 0);", "        MPI.COMM_WORLD.Barrier();"))));
        TranslationResult r = new Translator().withCollectives(lib).translate(prog);
        assertEquals(List.of(), r.diagnostics());
        String task = r.generated().stream().filter(g -> g.className().equals("P_BambooTask")).findFirst()
                .orElseThrow().text();
        assertTrue(task.contains("collectiveTag(77)"), "the user's Bcast is inlined:\n" + task);
        assertTrue(task.contains("c1_me"), "with the user's local names made unique");
        assertTrue(task.contains("collectiveTag(1)"), "Barrier is still ours (tag 1)");
        String ours = new Translator().translate(prog).generated().stream()
                .filter(g -> g.className().equals("P_BambooTask")).findFirst().orElseThrow().text();
        assertTrue(!ours.contains("collectiveTag(77)") && ours.contains("collectiveTag(2)"), "ours uses tag 2");
    }
}
