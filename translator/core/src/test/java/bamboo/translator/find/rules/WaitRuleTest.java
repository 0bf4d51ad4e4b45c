package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class WaitRuleTest {
    @Test
    void waitOfADeferredIrecvInsideASwitchExpression() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        int k = switch (rank) {",
            "            default -> {",
            "                // ERROR: Wait inside a switch expression waits for an Irecv outside a receive block",
            "                r.Wait();",
            "                yield 1;",
            "            }",
            "        };").doTest();
    }

    @Test
    void waitOfADeferredIrecvInACaseOfASwitchStatementIsAccepted() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        switch (rank) {",
            "            default:",
            "                r.Wait();",
            "        }").doTest();
    }

    @Test
    void waitOfADeferredIrecvInsideAMultiCatchBlock() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        try {",
            "            buf[0] = 1 / rank;",
            "        } catch (ArithmeticException | IllegalStateException e) {",
            "            // ERROR: Wait inside a multi-catch block waits for an Irecv outside a receive block",
            "            r.Wait();",
            "        }",
            "        r.Wait();").doTest();
    }

    @Test
    void waitOfADeferredIrecvInAnExpression() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        // ERROR: Wait waits for an Irecv outside a receive block, so it is an evaluation point",
            "        int from = r.Wait().source;").doTest();
    }

    @Test
    void waitOfAnIsendInsideASwitchIsAccepted() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Isend(buf, 0, 1, MPI.INT, right, 0);",
            "        switch (rank) {",
            "            default:",
            "                r.Wait();",
            "        }",
            "        MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);").doTest();
    }
}
