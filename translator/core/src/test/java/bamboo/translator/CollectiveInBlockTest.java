package bamboo.translator;

import org.junit.jupiter.api.Test;

/**
 * A collective inside a send or receive block is refused: such a block runs as one piece, and a
 * collective waits for its partners. The refusal says so and where the collective can go instead.
 */
class CollectiveInBlockTest {
    private static DiagnosticHelper program(String... body) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "        int right = (rank + 1) % size, left = (rank + size - 1) % size;",
            "        int[] a = new int[4], b = new int[4];",
        };
        String[] tail = {"        MPI.Finalize();", "    }", "}"};
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, body, tail));
    }

    @Test
    void bcastInASendBlockSaysWhyAndWhereItCanGo() {
        program(
            "        olap: {",
            "            send: {",
            "                // ERROR: collective Bcast inside a send block is not translated: a send block runs as one piece before the region waits, and a collective waits for messages from its partners; call it in the compute block, or before or after the region",
            "                MPI.COMM_WORLD.Bcast(a, 0, 4, MPI.INT, 0);",
            "                MPI.COMM_WORLD.Send(a, 0, 4, MPI.INT, right, 1);",
            "            }",
            "            receive: { MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, left, 1); }",
            "        }").doTest();
    }

    @Test
    void allreduceInAReceiveBlockSaysWhyAndWhereItCanGo() {
        program(
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(a, 0, 4, MPI.INT, right, 1); }",
            "            receive: {",
            "                MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, left, 1);",
            "                // ERROR: collective Allreduce inside a receive block is not translated: a receive block runs as one piece once the messages of its receives are there",
            "                MPI.COMM_WORLD.Allreduce(b, 0, a, 0, 4, MPI.INT, MPI.SUM);",
            "            }",
            "        }").doTest();
    }

    @Test
    void theSameCollectivesInTheComputeBlockTranslate() {
        program(
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(a, 0, 4, MPI.INT, right, 1); }",
            "            receive: { MPI.COMM_WORLD.Recv(b, 0, 4, MPI.INT, left, 1); }",
            "            compute: {",
            "                MPI.COMM_WORLD.Bcast(a, 0, 4, MPI.INT, 0);",
            "                MPI.COMM_WORLD.Allreduce(b, 0, a, 0, 4, MPI.INT, MPI.SUM);",
            "            }",
            "        }").doTest();
    }
}
