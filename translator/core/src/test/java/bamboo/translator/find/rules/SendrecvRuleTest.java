package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class SendrecvRuleTest {
    @Test
    void sendrecvInsideASendBlock() {
        RuleTests.program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Sendrecv inside a send block: split it into a Send in the send block and a Recv",
            "                MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, right, 0, buf, 1, 1, MPI.INT, left, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void sendrecvReplaceWithTheWrongArgumentCount() {
        RuleTests.program(
            "        // ERROR: Sendrecv_replace(...) with 7 arguments is not the mpiJava form",
            "        Status st = MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 1, MPI.INT, right, 0, left);").doTest();
    }

    @Test
    void sendrecvInsideATryBlockIsAccepted() {
        RuleTests.program(
            "        try {",
            "            MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, right, 0, buf, 1, 1, MPI.INT, left, 0);",
            "        } finally {",
            "            buf[3] = 0;",
            "        }").doTest();
    }

    @Test
    void sendrecvInsideAMultiCatchBlock() {
        RuleTests.program(
            "        try {",
            "            buf[0] = 1 / rank;",
            "        } catch (ArithmeticException | IllegalStateException e) {",
            "            // ERROR: Sendrecv inside a multi-catch block: the task cannot suspend there",
            "            MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, right, 0, buf, 1, 1, MPI.INT, left, 0);",
            "        }").doTest();
    }

    @Test
    void sendrecvAsAStatementIsAccepted() {
        RuleTests.program(
            "        MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, right, 0, buf, 1, 1, MPI.INT, left, 0);").doTest();
    }
}
