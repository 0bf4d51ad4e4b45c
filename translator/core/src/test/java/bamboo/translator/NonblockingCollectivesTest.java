package bamboo.translator;

import org.junit.jupiter.api.Test;

/**
 * Nonblocking collectives translate when only computation stands between the call and the wait or test
 * of its request (the translation completes them where they start), and are refused at the call otherwise.
 */
class NonblockingCollectivesTest {

    private static DiagnosticHelper program(String... body) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "",
            "@Bamboo",
            "public class P {",
            "    static double[] x = new double[4], y = new double[4];",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
            "        int size = MPI.COMM_WORLD.Size();",
        };
        String[] tail = {
            "        MPI.Finalize();",
            "    }",
            "}",
        };
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, body, tail));
    }

    @Test
    void computationBetweenTheCallAndItsWaitTranslates() {
        program(
            "        Request r = MPI.COMM_WORLD.Iallreduce(x, 0, y, 0, 4, MPI.DOUBLE, MPI.SUM);",
            "        double local = 0;",
            "        for (int i = 0; i < 100; i++) local += i * rank;",
            "        r.Wait();").doTest();
    }

    @Test
    void severalCollectivesWaitedForTogetherTranslate() {
        program(
            "        Request[] rq = new Request[2];",
            "        rq[0] = MPI.COMM_WORLD.Iallreduce(x, 0, y, 0, 4, MPI.DOUBLE, MPI.SUM);",
            "        rq[1] = MPI.COMM_WORLD.Ibcast(x, 0, 4, MPI.DOUBLE, 0);",
            "        Request.Waitall(rq);",
            "        Request b = MPI.COMM_WORLD.Ibarrier();",
            "        while (b.Test() == null) { x[0]++; }").doTest();
    }

    @Test
    void communicationBeforeTheWaitIsRefused() {
        program(
            "        // ERROR: nothing but computation stands between it and the wait",
            "        Request b = MPI.COMM_WORLD.Ibarrier();",
            "        MPI.COMM_WORLD.Send(x, 0, 1, MPI.DOUBLE, 0, 1);",
            "        MPI.COMM_WORLD.Recv(x, 0, 1, MPI.DOUBLE, 0, 1);",
            "        b.Wait();").doTest();
    }

    @Test
    void communicationInsideTheTestLoopIsRefused() {
        program(
            "        // ERROR: Iprobe(...) at line 13 comes first",
            "        Request b = MPI.COMM_WORLD.Ibarrier();",
            "        while (b.Test() == null) { MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 1); }").doTest();
    }

    @Test
    void aRequestNeverWaitedForIsRefused() {
        program(
            "        // ERROR: its request is kept in a variable or an array element",
            "        MPI.COMM_WORLD.Ibarrier();").doTest();
    }

    @Test
    void aRequestWaitedForInAnotherBlockIsRefused() {
        program(
            "        Request r;",
            "        // ERROR: is waited for or tested later in the same block",
            "        { r = MPI.COMM_WORLD.Ibcast(x, 0, 4, MPI.DOUBLE, 0); }",
            "        r.Wait();").doTest();
    }

    @Test
    void aCollectiveWithoutABlockingFormInTheLibraryIsRefused() {
        program(
            "        // ERROR: Iexscan",
            "        Request r = MPI.COMM_WORLD.Iexscan(x, 0, y, 0, 4, MPI.DOUBLE, MPI.SUM);",
            "        r.Wait();").doTest();
    }

    @Test
    void aNonblockingCollectiveInAReceiveBlockIsRefused() {
        program(
            "        Request r = null;",
            "        olap: {",
            "            // ERROR: inside a receive block is not translated",
            "            receive: { r = MPI.COMM_WORLD.Iallreduce(x, 0, y, 0, 4, MPI.DOUBLE, MPI.SUM); }",
            "            send: { MPI.COMM_WORLD.Send(x, 0, 1, MPI.DOUBLE, (rank + 1) % size, 1); }",
            "            compute: { r.Wait(); }",
            "        }").doTest();
    }
}
