package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class ReceiveBeforeSendRuleTest {
    @Test
    void ringThatReceivesBeforeItSendsIsWarnedAtTheRecv() {
        RuleTests.program(
            "        olap: {",
            "            receive: {",
            "                // WARNING: blocking Recv in a receive block written before the region's send block: untranslated, every rank waits here",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "            }",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }

    @Test
    void ringInALoopRegionIsWarnedToo() {
        RuleTests.program(
            "        olap: for (int i = 0; i < 3; i++) {",
            "            receive: {",
            "                // WARNING: write the send block before the receive block, which translates the same",
            "                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, i);",
            "            }",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, i); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }

    @Test
    void sendBlockWrittenFirstIsNotWarned() {
        RuleTests.program(
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }

    @Test
    void pipelineWhoseFirstRankDoesNotReceiveIsNotWarned() {
        RuleTests.program(
            "        olap: {",
            "            receive: { if (rank > 0) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, rank - 1, 0); }",
            "            send: { if (rank < size - 1) MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, rank + 1, 0); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }

    @Test
    void messageSentBeforeTheRegionIsNotWarned() {
        RuleTests.program(
            "        MPI.COMM_WORLD.Isend(buf, 3, 1, MPI.INT, right, 0);",
            "        olap: {",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 1); }",
            "            compute: { buf[2]++; }",
            "        }",
            "        MPI.COMM_WORLD.Recv(buf, 2, 1, MPI.INT, left, 1);").doTest();
    }

    @Test
    void regionOnlySomeRanksRunIsNotWarned() {
        RuleTests.program(
            "        if (rank % 2 == 0) {",
            "            olap: {",
            "                receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, right, 0); }",
            "                send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "                compute: { buf[2]++; }",
            "            }",
            "        } else {",
            "            MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, left, 0);",
            "            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0);",
            "        }").doTest();
    }

    @Test
    void haloWhoseEdgesReceiveFromProcNullIsNotWarned() {
        RuleTests.program(
            "        int from = rank > 0 ? rank - 1 : MPI.PROC_NULL, to = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;",
            "        olap: {",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, from, 0); }",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, to, 0); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }

    @Test
    void sendBlockAfterTheComputeBlockIsNotWarned() {
        RuleTests.program(
            "        olap: {",
            "            receive: { if (rank > 0) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            compute: { buf[2]++; }",
            "            send: { if (rank < size - 1) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0); }",
            "        }").doTest();
    }
}
