package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class ForwardingRuleTest {
    @Test
    void sendBeforeAnyReceiveOfTheBlock() {
        RuleTests.program(
            "        olap: {",
            "            receive: {",
            "                // ERROR: Send in a receive block before any receive: a send there must forward received data",
            "                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "                MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void sendAfterTheReceiveItForwardsIsAccepted() {
        RuleTests.program(
            "        olap: {",
            "            receive: {",
            "                if (rank > 0) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank - 1, 0);",
            "                if (rank < size - 1) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, rank + 1, 0);",
            "            }",
            "            compute: { buf[1]++; }",
            "        }").doTest();
    }
}
