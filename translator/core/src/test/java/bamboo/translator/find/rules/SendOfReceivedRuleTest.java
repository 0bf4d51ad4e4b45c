package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class SendOfReceivedRuleTest {
    @Test
    void sendBlockSendsWhatTheReceiveBlockBeforeItReceives() {
        RuleTests.program(
            "        olap: {",
            "            // WARNING: blocking Recv in a receive block written before the region's send block",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            // ERROR: Send in a send block sends 'buf', which a receive block before it receives into",
            "            send: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0); }",
            "            compute: { buf[1]++; }",
            "        }").doTest();
    }

    @Test
    void haloOfAnotherRowIsAccepted() {
        RuleTests.program(
            "        int[][] p = new int[4][2];",
            "        olap: {",
            "            // WARNING: blocking Recv in a receive block written before the region's send block",
            "            receive: { MPI.COMM_WORLD.Recv(p[0], 0, 2, MPI.INT, left, 0); }",
            "            send: { MPI.COMM_WORLD.Send(p[2], 0, 2, MPI.INT, right, 0); }",
            "            compute: { p[1][0]++; }",
            "        }").doTest();
    }

    @Test
    void sendBlockAfterTheComputeBlockMaySendTheReceivedData() {
        RuleTests.program(
            "        olap: {",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            compute: { buf[1]++; }",
            "            send: { MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0); }",
            "        }").doTest();
    }
}
