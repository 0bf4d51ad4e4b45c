package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class ProbeRuleTest {
    @Test
    void iprobeInAReceiveBlock() {
        RuleTests.program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Iprobe in a receive block is not translated: the firing rule cannot wait",
            "                Status st = MPI.COMM_WORLD.Iprobe(left, 0);",
            "                if (st != null) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void probeInASendBlock() {
        RuleTests.program(
            "        olap: {",
            "            send: {",
            "                // ERROR: Probe in a send block: probes belong in receive blocks or outside regions",
            "                Status st = MPI.COMM_WORLD.Probe(left, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void probeWithTheWrongArgumentCount() {
        RuleTests.program(
            "        // ERROR: Probe(...) with 3 arguments is not the mpiJava form (source, tag)",
            "        Status st = MPI.COMM_WORLD.Probe(left, 0, 1);").doTest();
    }

    @Test
    void probeInsideACondition() {
        RuleTests.program(
            "        // ERROR: call Probe as a statement or assign its Status to a variable",
            "        if (MPI.COMM_WORLD.Probe(left, 0).source == left) buf[0] = 1;").doTest();
    }

    @Test
    void iprobeOutsideRegionsIsAccepted() {
        RuleTests.program(
            "        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "        Status st = null;",
            "        while (st == null) {",
            "            st = MPI.COMM_WORLD.Iprobe(left, 0);",
            "        }",
            "        MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);").doTest();
    }
}
