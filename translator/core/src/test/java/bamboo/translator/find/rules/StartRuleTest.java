package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class StartRuleTest {
    @Test
    void persistentReceiveStartedInASendBlock() {
        RuleTests.program(
            "        Prequest r = MPI.COMM_WORLD.Recv_init(buf, 0, 1, MPI.INT, left, 0);",
            "        olap: {",
            "            send: {",
            "                // ERROR: Start in a send block starts persistent receives ('r' holds Recv_init requests)",
            "                r.Start();",
            "            }",
            "        }",
            "        r.Wait();").doTest();
    }

    @Test
    void startallOfSendsAndReceivesInAReceiveBlock() {
        RuleTests.program(
            "        Prequest[] rs = {MPI.COMM_WORLD.Recv_init(buf, 0, 1, MPI.INT, left, 0),",
            "                         MPI.COMM_WORLD.Send_init(buf, 1, 1, MPI.INT, right, 0)};",
            "        olap: {",
            "            receive: {",
            "                // ERROR: Startall in a receive block of 'rs', which may hold persistent sends and receives",
            "                Prequest.Startall(rs);",
            "            }",
            "        }",
            "        Request.Waitall(rs);").doTest();
    }

    @Test
    void startWithArguments() {
        RuleTests.program(
            "        Prequest r = MPI.COMM_WORLD.Send_init(buf, 0, 1, MPI.INT, right, 0);",
            "        // ERROR: Startall(...) with 2 arguments is not the mpiJava form (Prequest.Startall(requests))",
            "        Prequest.Startall(new Prequest[] {r}, null);").doTest();
    }

    @Test
    void persistentSendStartedInASendBlockIsAccepted() {
        RuleTests.program(
            "        Prequest s = MPI.COMM_WORLD.Send_init(buf, 0, 1, MPI.INT, right, 0);",
            "        olap: {",
            "            send: { s.Start(); }",
            "            receive: { MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0); }",
            "            compute: { buf[2]++; }",
            "        }",
            "        s.Wait();").doTest();
    }
}
