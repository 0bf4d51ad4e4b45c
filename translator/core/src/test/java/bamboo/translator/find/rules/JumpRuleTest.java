package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class JumpRuleTest {
    @Test
    void breakOutOfAReceiveBlock() {
        RuleTests.program(
            "        for (int i = 0; i < 3; i++) {",
            "            olap: {",
            "                receive: {",
            "                    MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "                    // ERROR: break out of a receive block is not translated: a receive block runs as one piece",
            "                    if (buf[0] < 0) break;",
            "                }",
            "                compute: { buf[1]++; }",
            "            }",
            "        }").doTest();
    }

    @Test
    void returnInsideASendBlock() {
        RuleTests.program(
            "        olap: {",
            "            send: {",
            "                // ERROR: return inside a send block is not translated",
            "                if (rank < 0) return;",
            "                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);",
            "            }",
            "        }").doTest();
    }

    @Test
    void jumpsThatStayInTheBlockAreAccepted() {
        RuleTests.program(
            "        olap: {",
            "            receive: {",
            "                for (int i = 0; i < 2; i++) {",
            "                    if (i == 1) continue;",
            "                    MPI.COMM_WORLD.Recv(buf, i, 1, MPI.INT, left, i);",
            "                }",
            "            }",
            "            send: {",
            "                java.util.function.IntUnaryOperator twice = x -> { return 2 * x; };",
            "                buf[3] = twice.applyAsInt(buf[3]);",
            "                for (int i = 0; i < 2; i++) MPI.COMM_WORLD.Send(buf, 2 + i, 1, MPI.INT, right, i);",
            "            }",
            "            compute: { buf[3]++; }",
            "        }").doTest();
    }
}
