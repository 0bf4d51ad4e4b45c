package bamboo.translator;

import org.junit.jupiter.api.Test;

/**
 * Regressions found with the bad-input corpus: programs the translator accepted and translated wrongly,
 * or failed on, instead of refusing them.
 */
class UnrefusedProgramsTest {
    private static final String[] HEAD = {
        "import bamboo.Bamboo;",
        "import mpi.*;",
        "@Bamboo",
        "public class P {",
        "    public static void main(String[] args) throws MPIException {",
        "        MPI.Init(args);",
        "        int rank = MPI.COMM_WORLD.Rank();",
        "        int size = MPI.COMM_WORLD.Size();",
        "        int[] b = new int[6];",
    };

    private static DiagnosticHelper program(String... body) {
        String[] all = new String[HEAD.length + body.length + 3];
        System.arraycopy(HEAD, 0, all, 0, HEAD.length);
        System.arraycopy(body, 0, all, HEAD.length, body.length);
        all[all.length - 3] = "        MPI.Finalize();";
        all[all.length - 2] = "    }";
        all[all.length - 1] = "}";
        return DiagnosticHelper.create().addSourceLines("P.java", all);
    }

    @Test
    void aSendBlockSendingTheSliceItsRegionReceivesIntoIsRefused() {
        program(
                "        olap: {",
                "            receive: {",
                "                // WARNING: blocking Recv in a receive block written before the region's send block",
                "                MPI.COMM_WORLD.Recv(b, 0, 2, MPI.INT, (rank + size - 1) % size, 1);",
                "            }",
                "            send: {",
                "                // ERROR: Send in a send block sends 'b', which a receive block before it receives into at the same offset",
                "                MPI.COMM_WORLD.Send(b, 0, 2, MPI.INT, (rank + 1) % size, 1);",
                "            }",
                "        }").doTest();
    }

    @Test
    void aHaloSendingTheInteriorOfTheArrayWhoseGhostsItReceivesAndASendBlockBeforeTheReceiveAreAccepted() {
        program(
                "        Request[] r = new Request[2];",
                "        olap: {",
                "            receive: {",
                "                r[0] = MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, (rank + size - 1) % size, 1);",
                "            }",
                "            send: {",
                "                r[1] = MPI.COMM_WORLD.Isend(b, 1, 1, MPI.INT, (rank + 1) % size, 1);",
                "            }",
                "            compute: {",
                "                Request.Waitall(r);",
                "            }",
                "        }",
                "        olap2: {",
                "            send2a: {",
                "                MPI.COMM_WORLD.Send(b, 2, 2, MPI.INT, (rank + 1) % size, 3);",
                "            }",
                "            receive2: {",
                "                MPI.COMM_WORLD.Recv(b, 2, 2, MPI.INT, (rank + size - 1) % size, 3);",
                "            }",
                "            compute2: {",
                "                b[0] += b[2];",
                "            }",
                "        }").doTest();
    }

    @Test
    void aGraphTopologyIsRefusedNotPassedThrough() {
        program(
                "        // ERROR: MPI call Create_graph(...) is not supported by the translator yet",
                "        Graphcomm graph = MPI.COMM_WORLD.Create_graph(new int[] {1}, new int[] {0}, false);",
                "        // ERROR: MPI call Neighbours(...) is not supported by the translator yet",
                "        int[] next = graph.Neighbours(0);",
                "        graph.Sendrecv(b, 0, 1, MPI.INT, next[0], 1, b, 1, 1, MPI.INT, next[0], 1);").doTest();
    }

    @Test
    void aBlockingRecvInAnAnonymousClassIsRefusedNotACrash() {
        program(
                "        java.util.concurrent.Callable<int[]> receive = new java.util.concurrent.Callable<int[]>() {",
                "            @Override",
                "            public int[] call() throws MPIException {",
                "                // ERROR: blocking Recv inside an anonymous class: the task cannot suspend there",
                "                MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, 0, 1);",
                "                return b;",
                "            }",
                "        };",
                "        System.out.println(receive.getClass().getName());").doTest();
    }

    @Test
    void aHaloOfRowsOfA2DArraySendsOneRowAndReceivesIntoAnother() {
        program(
                "        double[][] p = new double[4][3];",
                "        olap: {",
                "            receive: {",
                "                // WARNING: blocking Recv in a receive block written before the region's send block",
                "                MPI.COMM_WORLD.Recv(p[p.length - 1], 0, 3, MPI.DOUBLE, (rank + size - 1) % size, 1);",
                "            }",
                "            send: {",
                "                MPI.COMM_WORLD.Send(p[p.length - 2], 0, 3, MPI.DOUBLE, (rank + 1) % size, 1);",
                "            }",
                "            compute: {",
                "                p[1][0] += p[p.length - 1][0];",
                "            }",
                "        }").doTest();
    }

    @Test
    void aSendBlockSendingTheRowItsRegionReceivesIntoIsRefused() {
        program(
                "        double[][] p = new double[4][3];",
                "        olap: {",
                "            receive: {",
                "                // WARNING: blocking Recv in a receive block written before the region's send block",
                "                MPI.COMM_WORLD.Recv(p[3], 0, 3, MPI.DOUBLE, (rank + size - 1) % size, 1);",
                "            }",
                "            send: {",
                "                // ERROR: Send in a send block sends 'p', which a receive block before it receives into at the same offset",
                "                MPI.COMM_WORLD.Send(p[3], 0, 3, MPI.DOUBLE, (rank + 1) % size, 1);",
                "            }",
                "        }").doTest();
    }
}
