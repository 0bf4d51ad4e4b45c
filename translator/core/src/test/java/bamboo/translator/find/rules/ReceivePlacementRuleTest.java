package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class ReceivePlacementRuleTest {
    @Test
    void receiveInASendBlock() {
        RuleTests.program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Recv in a send block: receives belong in receive blocks",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void blockingRecvInsideSynchronized() {
        RuleTests.program(
            "        synchronized (buf) {",
            "            // ERROR: blocking Recv inside a synchronized block: the task cannot suspend there",
            "            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "        }").doTest();
    }

    @Test
    void statusOfARecvInsideAnExpression() {
        RuleTests.program(
            "        // ERROR: the Status of a Recv outside receive blocks must be assigned to a variable",
            "        int n = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0).Get_count(MPI.INT);").doTest();
    }

    @Test
    void irecvInsideAnAnonymousClass() {
        RuleTests.program(
            "        Runnable r = new Runnable() {",
            "            public void run() {",
            "                try {",
            "                    // ERROR: Irecv inside an anonymous class is not translated; call it from main",
            "                    Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "                    // ERROR: Wait inside an anonymous class waits for an Irecv outside a receive block",
            "                    r.Wait();",
            "                } catch (MPIException e) { throw new RuntimeException(e); }",
            "            }",
            "        };",
            "        r.run();").doTest();
    }

    @Test
    void recvAssignedOutsideRegionsIsAccepted() {
        RuleTests.program(
            "        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "        Status st = MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);").doTest();
    }
}
