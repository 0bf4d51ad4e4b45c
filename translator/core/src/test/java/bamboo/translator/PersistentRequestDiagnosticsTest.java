package bamboo.translator;

import org.junit.jupiter.api.Test;

/**
 * Persistent requests (Send_init, Recv_init, Start, Startall): what is translated, and what is refused
 * with a sentence at the right place (source and expected message side by side).
 */
class PersistentRequestDiagnosticsTest {

    /** A program around a main body given line by line; recv and send are persistent requests. */
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
            "        Prequest recv = MPI.COMM_WORLD.Recv_init(buf, 0, 1, MPI.INT, (rank + size - 1) % size, 5);",
            "        Prequest send = MPI.COMM_WORLD.Send_init(buf, 1, 1, MPI.INT, (rank + 1) % size, 5);",
        };
        String[] tail = {
            "        MPI.Finalize();",
            "    }",
            "}",
        };
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, body, tail));
    }

    @Test
    void persistentHaloInARegionTranslates() {
        program(
            "        Prequest[] both = {recv, send};",
            "        for (int i = 0; i < 3; i++) {",
            "            olap: {",
            "                receive: { recv.Start(); }",
            "                send: { buf[1] = i; send.Start(); }",
            "                compute: { Request.Waitall(both); buf[2] += buf[0]; }",
            "            }",
            "        }",
            "        recv.Free();",
            "        send.Free();").doTest();
    }

    @Test
    void persistentRequestsOutsideRegionsTranslate() {
        program(
            "        Prequest[] all = new Prequest[] {recv, send};",
            "        Prequest.Startall(all);",
            "        Status[] st = Request.Waitall(all);",
            "        boolean gone = recv.Is_null();").doTest();
    }

    @Test
    void startOfAReceiveInASendBlock() {
        program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Start in a send block starts persistent receives ('recv' holds Recv_init requests)",
            "                recv.Start();",
            "            }",
            "            compute: { recv.Wait(); }",
            "        }").doTest();
    }

    @Test
    void startallOfSendsAndReceivesInAReceiveBlock() {
        program(
            "        Prequest[] both = {recv, send};",
            "        olap: {",
            "            receive: {",
            "                // ERROR: Startall in a receive block of 'both', which may hold persistent sends and receives",
            "                Prequest.Startall(both);",
            "            }",
            "            compute: { Request.Waitall(both); }",
            "        }").doTest();
    }

    @Test
    void startOfASendInAReceiveBlockMustForward() {
        program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Start in a receive block before any receive: a send there must forward received data",
            "                send.Start();",
            "                recv.Start();",
            "            }",
            "            compute: { send.Wait(); recv.Wait(); }",
            "        }").doTest();
    }

    @Test
    void aSendStartedAfterAReceiveForwards() {
        program(
            "        olap: {",
            "            receive: {",
            "                recv.Start();",
            "                send.Start();",
            "            }",
            "            compute: { send.Wait(); recv.Wait(); }",
            "        }").doTest();
    }

    @Test
    void startOfReceivesInALambda() {
        program(
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: Start of persistent receives inside a lambda is not translated",
            "                recv.Start();",
            "            } catch (MPIException e) {",
            "                throw new IllegalStateException(e);",
            "            }",
            "        };",
            "        r.run();").doTest();
    }

    @Test
    void startOfARequestTheTranslatorCannotFollowInASendBlock() {
        program(
            "        Prequest[] mine = java.util.Arrays.copyOf(new Prequest[] {send}, 1);",
            "        olap: {",
            "            send: {",
            "                // ERROR: starts requests the translator cannot tell from receives",
            "                mine[0].Start();",
            "            }",
            "            compute: { mine[0].Wait(); }",
            "        }").doTest();
    }

    @Test
    void procNullPeersBufferCallsAndPureCallsTranslate() {
        // PROC_NULL was refused ("guard the call with a condition"); Buffer_attach, Initialized, Wtick and
        // Dims_create were "not supported by the translator yet"
        program(
            "        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;",
            "        MPI.Buffer_attach(java.nio.ByteBuffer.allocate(1024));",
            "        MPI.COMM_WORLD.Bsend(buf, 0, 1, MPI.INT, MPI.PROC_NULL, 1);",
            "        Status st = MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 1);",
            "        java.nio.ByteBuffer b = MPI.Buffer_detach();",
            "        boolean up = MPI.Initialized();",
            "        double tick = MPI.Wtick();",
            "        int[] dims = new int[2];",
            "        Cartcomm.Dims_create(size, dims);").doTest();
    }
}
