package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class RequestCallRuleTest {
    @Test
    void waitanyOfDeferredIrecvsInASendBlock() {
        RuleTests.program(
            "        Request[] rs = {MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0)};",
            "        olap: {",
            "            send: {",
            "                // ERROR: Waitany in a send block of a program with Irecvs outside receive blocks",
            "                Status st = Request.Waitany(rs);",
            "            }",
            "        }").doTest();
    }

    @Test
    void testOfADeferredIrecvInsideALoopCondition() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        // ERROR: Test may wait for an Irecv outside a receive block: call it as a statement",
            "        while (r.Test() == null) { }").doTest();
    }

    @Test
    void testOfADeferredIrecvAssignedIsAccepted() {
        RuleTests.program(
            "        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);",
            "        MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0);",
            "        Status st = r.Test();",
            "        while (st == null) {",
            "            st = r.Test();",
            "        }").doTest();
    }
}
