package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class PointToPointFormRuleTest {
    @Test
    void anySourceAsTheDestinationOfASend() {
        RuleTests.program(
            "        // ERROR: MPI.ANY_SOURCE as the destination of Send: a send needs a real destination",
            "        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);").doTest();
    }

    @Test
    void anyTagAsTheSendTagOfSendrecv() {
        RuleTests.program(
            "        Status st = MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, right, ",
            "            // ERROR: MPI.ANY_TAG as the tag of Sendrecv: a send needs a real tag",
            "            MPI.ANY_TAG, buf, 1, 1, MPI.INT, left, MPI.ANY_TAG);").doTest();
    }

    @Test
    void wildcardsOfAReceiveAreAccepted() {
        RuleTests.program(
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); }",
            "            compute: { buf[2]++; }",
            "        }").doTest();
    }
}
