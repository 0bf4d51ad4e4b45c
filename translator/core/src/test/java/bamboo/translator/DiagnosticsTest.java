package bamboo.translator;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** The translator refuses what it cannot translate correctly, with a sentence at the right place. */
class DiagnosticsTest {

    /** A program around a main body given line by line (main's body starts on line 8). */
    private static DiagnosticHelper program(String... body) {
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
    void cleanProgramHasNoErrors() {
        program(
            "        olap: {",
            "            receive: { if (rank > 0) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank - 1, 0); }",
            "            send: { if (rank < size - 1) MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, rank + 1, 0); }",
            "            compute: { buf[0]++; }",
            "        }").doTest();
    }

    @Test
    void declarationsWithoutInitialiserMayStandInARegion() {
        program(
            "        olap: {",
            "            Request r, q;",
            "            int n;",
            "            receive: { r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, (rank + size - 1) % size, 0); }",
            "            send: { q = MPI.COMM_WORLD.Isend(buf, 1, 1, MPI.INT, (rank + 1) % size, 0); }",
            "            compute: { r.Wait(); q.Wait(); n = buf[0]; buf[2] = n; }",
            "        }",
            "        int n = buf[2];").doTest();
    }

    @Test
    void aDeclarationWithInitialiserInARegionIsStillAStatementOutsideItsBlocks() {
        program(
            "        olap: {",
            "            // ERROR: only send, receive and compute blocks may stand directly inside",
            "            int n = 1;",
            "            compute: { buf[1] = n; }",
            "        }").doTest();
    }

    @Test
    void aWaitChainedOnAnIsendIsNotADeferredReceive() {
        program(
            "        Request q = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, (rank + size - 1) % size, 0);",
            "        Status s = MPI.COMM_WORLD.Isend(buf, 1, 1, MPI.INT, (rank + 1) % size, 0).Wait();",
            "        int n = s.tag + MPI.COMM_WORLD.Isend(buf, 1, 1, MPI.INT, (rank + 1) % size, 1).Test().tag;",
            "        q.Wait();").doTest();
    }

    @Test
    void sendBlockOutsideRegion() {
        program(
            "        // ERROR: 'send' block outside an olap region",
            "        send: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0); }").doTest();
    }

    @Test
    void olapOnAnIf() {
        program(
            "        // ERROR: must stand on a block or a loop",
            "        olap: if (rank > 0) { buf[0] = 1; }").doTest();
    }

    @Test
    void strayStatementInRegion() {
        program(
            "        olap: {",
            "            // ERROR: only send, receive and compute blocks may stand directly inside",
            "            buf[0] = 1;",
            "            compute: { buf[1] = 2; }",
            "        }").doTest();
    }

    @Test
    void labelsWithSuffixesNameBlocks() {
        program(
            "        olap: {",
            "            compute: {",
            "                olapInner: {",
            "                    sendInner: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, (rank + 1) % size, 1); }",
            "                    receive2: { MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, (rank + size - 1) % size, 1); }",
            "                    computeInner: { buf[2] = buf[1]; }",
            "                }",
            "            }",
            "        }",
            "        // ERROR: 'send' block outside an olap region",
            "        sendStuff: { buf[0] = 0; }",
            "        sendoff: { buf[0] = 0; }").doTest();
    }

    @Test
    void secondComputeBlockWithTheSameLabelKind() {
        program(
            "        olap: {",
            "            compute: { buf[0] = 1; }",
            "            // ERROR: second compute block",
            "            compute: { buf[1] = 1; }",
            "        }").doTest();
    }

    @Test
    void receiveAfterCompute() {
        program(
            "        olap: {",
            "            compute: { buf[0] = 1; }",
            "            // ERROR: receive block after the compute block",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0); }",
            "        }").doTest();
    }

    @Test
    void receiveInSendBlock() {
        program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Recv in a send block",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void sendInReceiveBlockThatDoesNotForward() {
        program(
            "        int[] other = new int[1];",
            "        olap: {",
            "            receive: {",
            "                // ERROR: in a receive block before any receive",
            "                MPI.COMM_WORLD.Send(other, 0, 1, MPI.INT, 1, 0);",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void forwardingInReceiveBlockIsFine() {
        program(
            "        olap: {",
            "            receive: {",
            "                if (rank > 0) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank - 1, 0);",
            "                if (rank < size - 1) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, rank + 1, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void regionInsideATryBlockTranslates() {
        program(
            "        try {",
            "            olap: { compute: { buf[0] = 1; } }",
            "        } catch (RuntimeException e) {",
            "            buf[2] = 1;",
            "        } finally {",
            "            buf[1] = 0;",
            "        }").doTest();
    }

    @Test
    void regionInsideAMultiCatchBlock() {
        program(
            "        try {",
            "            buf[0] = 1;",
            "        } catch (IllegalStateException | ArithmeticException e) {",
            "            // ERROR: olap region 'olap' inside a multi-catch block: a task cannot suspend there",
            "            olap: { compute: { buf[0] = 1; } }",
            "        }").doTest();
    }

    @Test
    void regionAndReceiveInsideACatchBlockTranslate() {
        program(
            "        try {",
            "            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "        } catch (IllegalStateException e) {",
            "            olap: { compute: { buf[0] = e.getMessage().length(); } }",
            "            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "        }").doTest();
    }

    @Test
    void recvInsideATryWithResourcesStatement() {
        program(
            "        try (java.io.StringWriter w = new java.io.StringWriter()) {",
            "            // ERROR: blocking Recv inside a try-with-resources statement",
            "            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "        } catch (java.io.IOException e) {",
            "            buf[1] = 0;",
            "        }").doTest();
    }

    @Test
    void recvInsideASwitchExpression() {
        program(
            "        int k = switch (rank) {",
            "            case 0 -> 1;",
            "            default -> {",
            "                // ERROR: blocking Recv inside a switch expression",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "                yield 2;",
            "            }",
            "        };").doTest();
    }

    @Test
    void regionsAndReceivesInSwitchCasesTranslate() {
        program(
            "        switch (rank % 2) {",
            "            case 0:",
            "                int got = 0;",
            "                if (size > 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 1, 0);",
            "            case 1:",
            "                got = buf[0];",
            "                olap: { compute: { buf[1] = got; } }",
            "                break;",
            "            default:",
            "                buf[2] = 0;",
            "        }",
            "        switch (rank) {",
            "            case 0 -> MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 1);",
            "            default -> { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 1); }",
            "        }").doTest();
    }

    @Test
    void blockingRecvInsideLambda() {
        program(
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: inside a lambda",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "            } catch (MPIException e) { }",
            "        };").doTest();
    }

    @Test
    void regionNestedInReceiveBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: nested in a receive block",
            "                olap2: { compute: { buf[0] = 1; } }",
            "            }",
            "        }").doTest();
    }

    @Test
    void anySourceInAReceiveBlockTranslates() {
        program(
            "        olap: {",
            "            receive: {",
            "                Status st = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);",
            "                buf[1] = st.source + st.tag + st.Get_count(MPI.INT);",
            "            }",
            "        }").doTest();
    }

    @Test
    void anySourceAsTheDestinationOfASend() {
        program(
            "        // ERROR: MPI.ANY_SOURCE as the destination of Send: a send needs a real destination",
            "        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);").doTest();
    }

    @Test
    void anyTagAsTheTagOfAnIsend() {
        program(
            "        // ERROR: MPI.ANY_TAG as the tag of Isend: a send needs a real tag",
            "        MPI.COMM_WORLD.Isend(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);").doTest();
    }

    @Test
    void probeOutsideRegionsIsAnEvaluationPoint() {
        program(
            "        Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 0);",
            "        MPI.COMM_WORLD.Recv(buf, 0, st.Get_count(MPI.INT), MPI.INT, st.source, st.tag);").doTest();
    }

    @Test
    void probeInsideAnExpression() {
        program(
            "        // ERROR: call Probe as a statement or assign its Status to a variable",
            "        int n = MPI.COMM_WORLD.Probe(0, 0).Get_count(MPI.INT);").doTest();
    }

    @Test
    void iprobeInAReceiveBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Iprobe in a receive block is not translated: the firing rule cannot wait",
            "                Status st = MPI.COMM_WORLD.Iprobe(0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void probeInASendBlock() {
        program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Probe in a send block: probes belong in receive blocks or outside regions",
            "                MPI.COMM_WORLD.Probe(0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void iprobeInsideALambda() {
        program(
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: Iprobe inside a lambda is not translated: it lets other tasks run",
            "                MPI.COMM_WORLD.Iprobe(0, 0);",
            "            } catch (MPIException e) { }",
            "        };").doTest();
    }

    @Test
    void waitanyOfDeferredIrecvsInAReceiveBlock() {
        program(
            "        Request[] q = {MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 0)};",
            "        olap: {",
            "            receive: {",
            "                MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, 0, 1);",
            "                // ERROR: Waitany in a receive block of a program with Irecvs outside receive blocks",
            "                Request.Waitany(q);",
            "            }",
            "        }").doTest();
    }

    @Test
    void testallOfDeferredIrecvsInACondition() {
        program(
            "        Request[] q = {MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 0)};",
            "        // ERROR: Testall may wait for an Irecv outside a receive block: call it as a statement",
            "        while (Request.Testall(q) == null) { }").doTest();
    }

    @Test
    void statusOfSendrecvAndSendrecvReplaceTranslate() {
        program(
            "        Status s = MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, 0, 0, buf, 1, 1, MPI.INT, MPI.ANY_SOURCE, 0);",
            "        s = MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 2, MPI.INT, 0, 1, s.source, 1);").doTest();
    }

    @Test
    void statusOfSendrecvReplaceInAnExpression() {
        program(
            "        // ERROR: the Status of Sendrecv_replace must be assigned to a variable",
            "        int t = MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 1, MPI.INT, 0, 0, 0, 0).tag;").doTest();
    }

    @Test
    void sendrecvReplaceInAReceiveBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Sendrecv_replace inside a receive block: split it",
            "                MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 1, MPI.INT, 0, 0, 0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void collectiveInsideAReceiveBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: collective Barrier inside a receive block",
            "                MPI.COMM_WORLD.Barrier();",
            "            }",
            "        }").doTest();
    }

    @Test
    void irecvOutsideReceiveBlockIsDeferredToTheWait() {
        program(
            "        Request q = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 0);",
            "        q.Wait();").doTest();
    }

    @Test
    void waitForADeferredIrecvInsideTry() {
        program(
            "        Request q = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 0);",
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: Wait inside a lambda waits for an Irecv outside a receive block",
            "                q.Wait();",
            "            } catch (MPIException e) { }",
            "        };").doTest();
    }

    @Test
    void statusOfRecvUsedInAnExpression() {
        program(
            "        // ERROR: the Status of a Recv outside receive blocks must be assigned to a variable",
            "        int src = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0).source;").doTest();
    }

    @Test
    void statusOfRecvAssignedTranslates() {
        program(
            "        Status s = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);",
            "        buf[1] = s.source;").doTest();
    }

    @Test
    void receiveConditionOnDataOfTheSameWindow() {
        program(
            "        int[] count = new int[1];",
            "        olap: {",
            "            receive: {",
            "                MPI.COMM_WORLD.Recv(count, 0, 1, MPI.INT, 0, 0);",
            "                // ERROR: depends on 'count', received in the same olap region",
            "                if (count[0] > 0) MPI.COMM_WORLD.Recv(buf, 0, 4, MPI.INT, 0, 1);",
            "            }",
            "        }").doTest();
    }

    @Test
    void receiveConditionOnStateTheBlockChanges() {
        program(
            "        int k = 0;",
            "        olap: {",
            "            receive: {",
            "                k = rank + 1;",
            "                // ERROR: which the receive block itself changes",
            "                if (k < size) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, k, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void returnInsideReceiveBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);",
            "                // ERROR: return inside a receive block",
            "                if (buf[0] < 0) return;",
            "            }",
            "        }").doTest();
    }

    @Test
    void helperMethodCallingMpiIsInlined() {
        DiagnosticHelper.create().addSourceLines("Q.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Q {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        exchange();",
            "        MPI.Finalize();",
            "    }",
            "    static void exchange() throws MPIException {",
            "        MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0);",
            "    }",
            "}").doTest();
    }

    @Test
    void constructorThatCommunicates() {
        DiagnosticHelper.create().addSourceLines("K.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class K {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        // ERROR: new Kernel(...) runs a constructor that calls MPI.COMM_WORLD.Barrier: constructors are not inlined",
            "        Kernel k = new Kernel();",
            "        k.step();",
            "        MPI.Finalize();",
            "    }",
            "}",
            "class Kernel {",
            "    Kernel() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "    void step() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    @Test
    void constructorThatAsksTheWorldForRankAndSizeIsAccepted() {
        DiagnosticHelper.create().addSourceLines("K.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class K {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        Kernel k = new Kernel();",
            "        k.step();",
            "        new Kernel().step();",
            "        MPI.Finalize();",
            "    }",
            "}",
            "class Kernel {",
            "    final int rank, size;",
            "    Kernel() throws MPIException { rank = MPI.COMM_WORLD.Rank(); size = MPI.COMM_WORLD.Size(); }",
            "    void step() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    @Test
    void constructorThatAsksAnotherCommunicatorForItsRankIsRefused() {
        DiagnosticHelper.create().addSourceLines("K.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class K {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        // ERROR: new Kernel(...) runs a constructor that calls comm.Rank: constructors are not inlined",
            "        Kernel k = new Kernel(MPI.COMM_WORLD);",
            "        k.step();",
            "        MPI.Finalize();",
            "    }",
            "}",
            "class Kernel {",
            "    final int rank;",
            "    Kernel(Intracomm comm) throws MPIException { rank = comm.Rank(); }",
            "    void step() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    /** A program whose main body is given, with helper classes after it (main starts on line 5). */
    private static DiagnosticHelper withHelpers(String[] main, String... helpers) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class H {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
        };
        String[] tail = {
            "        MPI.Finalize();",
            "    }",
        };
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(main));
        all.addAll(List.of(tail));
        all.addAll(List.of(helpers));
        return DiagnosticHelper.create().addSourceLines("H.java", all.toArray(new String[0]));
    }

    private static String[] lines(String... l) {
        return l;
    }

    @Test
    void directRecursionThroughMpi() {
        withHelpers(lines("        down(3);"),
            "    static void down(int n) throws MPIException {",
            "        if (n == 0) return;",
            "        MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, n);",
            "        // ERROR: recursion through MPI-calling methods: H.down -> H.down",
            "        down(n - 1);",
            "    }",
            "}").doTest();
    }

    @Test
    void mutualRecursionThroughMpi() {
        withHelpers(lines("        Ping.ping(2);"),
            "}",
            "class Ping {",
            "    static void ping(int n) throws MPIException {",
            "        MPI.COMM_WORLD.Barrier();",
            "        if (n > 0) Pong.pong(n - 1);",
            "    }",
            "}",
            "class Pong {",
            "    static void pong(int n) throws MPIException {",
            "        // ERROR: recursion through MPI-calling methods: Ping.ping -> Pong.pong -> Ping.ping",
            "        Ping.ping(n);",
            "    }",
            "}").doTest();
    }

    @Test
    void mutableStaticOfAnotherClassBecomesPerTaskState() {
        withHelpers(lines("        Counter.tick();", "        Table.put(rank);"),
            "}",
            "class Counter {",
            "    static int ticks;",
            "    static void tick() throws MPIException {",
            "        ticks += MPI.COMM_WORLD.Rank();",
            "    }",
            "}",
            "class Table {",
            "    static final int[] SLOTS = new int[16];",
            "    static void put(int r) {",
            "        SLOTS[r % 16] = r;",
            "    }",
            "}").doTest();
    }

    @Test
    void staticReachedThroughTheValueOfAnExpression() {
        withHelpers(lines("        Counter.tick();"),
            "}",
            "class Counter {",
            "    static int ticks;",
            "    static Counter make() { return new Counter(); }",
            "    static void tick() throws MPIException {",
            "        // ERROR: the static Counter.ticks is reached through the value of an expression",
            "        make().ticks += MPI.COMM_WORLD.Rank();",
            "    }",
            "}").doTest();
    }

    @Test
    void constructorThatCountsInAPerTaskStatic() {
        withHelpers(lines(
            "        // ERROR: the constructor uses Counter.made, which becomes per-task state, other than by setting it",
            "        Counter c = new Counter();",
            "        c.tick();"),
            "}",
            "class Counter {",
            "    static int made;",
            "    final int id;",
            "    Counter() { id = made++; }",
            "    void tick() throws MPIException {",
            "        System.out.println(id + made + MPI.COMM_WORLD.Rank());",
            "    }",
            "}").doTest();
    }

    @Test
    void constructorSettingAPerTaskStaticInsideAnExpression() {
        withHelpers(lines(
            "        // ERROR: create it in a statement of its own (Bench x = new Bench(...);)",
            "        System.out.println(new Bench(rank).hashCode() != 0);",
            "        Bench.twice();"),
            "}",
            "class Bench {",
            "    static int rank;",
            "    Bench(int rank) { Bench.rank = rank; }",
            "    static int twice() throws MPIException {",
            "        MPI.COMM_WORLD.Barrier();",
            "        return 2 * rank;",
            "    }",
            "}").doTest();
    }

    @Test
    void callOnTheRightOfAnd() {
        withHelpers(lines(
            "        // ERROR: it stands on the right of &&, which may not evaluate it",
            "        if (rank > 0 && Sum.all(rank) > 3) System.out.println(rank);"),
            "}",
            "class Sum {",
            "    static int all(int v) throws MPIException {",
            "        int[] in = {v};",
            "        int[] out = new int[1];",
            "        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM);",
            "        return out[0];",
            "    }",
            "}").doTest();
    }

    @Test
    void callInAForCondition() {
        withHelpers(lines(
            "        // ERROR: it stands in the condition or update of a for loop",
            "        for (int i = 0; i < Sum.all(1); i++) System.out.println(i);"),
            "}",
            "class Sum {",
            "    static int all(int v) throws MPIException {",
            "        int[] in = {v};",
            "        int[] out = new int[1];",
            "        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.INT, MPI.SUM);",
            "        return out[0];",
            "    }",
            "}").doTest();
    }

    @Test
    void callAfterAnArrayReadItCouldChange() {
        withHelpers(lines(
            "        int[] box = {rank};",
            "        // ERROR: 'box[0]' is evaluated before it in the same statement and the call could change it",
            "        int s = box[0] + Sum.into(box);"),
            "}",
            "class Sum {",
            "    static int into(int[] b) throws MPIException {",
            "        MPI.COMM_WORLD.Allreduce(b, 0, b, 0, 1, MPI.INT, MPI.SUM);",
            "        return b[0];",
            "    }",
            "}").doTest();
    }

    @Test
    void overriddenMethodThatUsesMpi() {
        withHelpers(lines(
            "        Base b = rank > 0 ? new Base() : new Derived();",
            "        // ERROR: it may run the override Derived.step (virtual dispatch)",
            "        b.step();"),
            "}",
            "class Base {",
            "    void step() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}",
            "class Derived extends Base {",
            "    @Override void step() throws MPIException { MPI.COMM_WORLD.Barrier(); MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    @Test
    void mpiMethodCalledInALambda() {
        withHelpers(lines(
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: inside a lambda: it cannot be inlined there",
            "                Sync.all();",
            "            } catch (MPIException e) {",
            "                throw new IllegalStateException(e);",
            "            }",
            "        };",
            "        r.run();"),
            "}",
            "class Sync {",
            "    static void all() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    @Test
    void methodReferenceToAnMpiHelper() {
        withHelpers(lines(
            "        java.util.function.IntConsumer f =",
            "            // ERROR: method reference Ring::step to Ring.step, which calls MPI.COMM_WORLD.Barrier",
            "            Ring::step;",
            "        f.accept(rank);"),
            "}",
            "class Ring {",
            "    static void step(int r) {",
            "        MPI.COMM_WORLD.Barrier();",
            "    }",
            "}").doTest();
    }

    @Test
    void privateMethodCalledFromInlinedCodeIsInlinedToo() {
        withHelpers(lines("        new Kernel().run(rank);"),
            "}",
            "class Kernel {",
            "    void run(int r) throws MPIException {",
            "        MPI.COMM_WORLD.Barrier();",
            "        System.out.println(twice(r));",
            "    }",
            "    private int twice(int r) { return 2 * r; }",
            "}").doTest();
    }

    @Test
    void valueOfAnIncrementOfAPrivateField() {
        withHelpers(lines("        new Kernel().run();"),
            "}",
            "class Kernel {",
            "    private int calls;",
            "    void run() throws MPIException {",
            "        MPI.COMM_WORLD.Barrier();",
            "        // ERROR: the value of ++ on the private field calls is used",
            "        int c = calls++;",
            "        System.out.println(c);",
            "    }",
            "}").doTest();
    }

    @Test
    void methodOfAnInnerClass() {
        withHelpers(lines(
            "        H outer = new H();",
            "        H.Inner in = outer.new Inner();",
            "        // ERROR: methods of inner (non-static nested) classes are not inlined yet",
            "        in.sync();"),
            "    class Inner {",
            "        void sync() throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "    }",
            "}").doTest();
    }

    @Test
    void genericMethodThatUsesMpi() {
        withHelpers(lines(
            "        // ERROR: generic methods and methods of generic classes are not inlined yet",
            "        Util.sync(\"x\");"),
            "}",
            "class Util {",
            "    static <T> void sync(T tag) throws MPIException { MPI.COMM_WORLD.Barrier(); }",
            "}").doTest();
    }

    @Test
    void missingMain() {
        DiagnosticHelper.create().addSourceLines("R.java",
            "import bamboo.Bamboo;",
            "@Bamboo",
            "// ERROR: has no 'public static void main(String[] args)'",
            "public class R {",
            "    static void run() { }",
            "}").doTest();
    }

    @Test
    void syntaxError() {
        DiagnosticHelper.create().addSourceLines("S.java",
            "import bamboo.Bamboo;",
            "@Bamboo",
            "public class S {",
            "    public static void main(String[] args) {",
            "        // ERROR: syntax error",
            "        int x = ;",
            "    }",
            "}").doTest();
    }

    @Test
    void sendrecvInsideRegionBlock() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Sendrecv inside a receive block",
            "                MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, 0, 0, buf, 1, 1, MPI.INT, 0, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void allErrorsAreReportedSorted() {
        program(
            "        // ERROR: MPI call Abort(...) is not supported",
            "        MPI.COMM_WORLD.Abort(1);",
            "        // ERROR: 'compute' block outside an olap region",
            "        compute: { buf[0] = 1; }",
            "        // ERROR: MPI call Cancel(...) is not supported",
            "        MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, 0, 0).Cancel();").doTest();
    }
}
