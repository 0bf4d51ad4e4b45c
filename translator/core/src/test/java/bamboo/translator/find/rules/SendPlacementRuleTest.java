package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class SendPlacementRuleTest {
    @Test
    void sendInsideALambda() {
        RuleTests.program(
            "        Runnable r = () -> {",
            "            try {",
            "                // ERROR: Send inside a lambda is not translated; call it from main",
            "                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "            } catch (MPIException e) { throw new RuntimeException(e); }",
            "        };",
            "        r.run();").doTest();
    }

    @Test
    void sendInsideATryStatementIsAccepted() {
        RuleTests.program(
            "        try {",
            "            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "        } finally {",
            "            buf[0] = 0;",
            "        }",
            "        MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);").doTest();
    }
}
