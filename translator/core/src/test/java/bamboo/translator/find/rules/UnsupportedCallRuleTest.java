package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

class UnsupportedCallRuleTest {
    @Test
    void nonblockingCollectiveWithoutALibraryFormSaysSo() {
        RuleTests.program(
            "        double[] x = {rank}, sum = new double[1];",
            "        // ERROR: nonblocking collective Iexscan(...) is not translated yet: the collectives library has no Exscan",
            "        Request r = MPI.COMM_WORLD.Iexscan(x, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);",
            "        r.Wait();").doTest();
    }

    @Test
    void derivedDatatypeConstructionAndSendAreAccepted() {
        RuleTests.program(
            "        Datatype column = Datatype.Vector(2, 1, 2, MPI.INT);",
            "        column.Commit();",
            "        int[] a = new int[4];",
            "        if (rank == 0) MPI.COMM_WORLD.Send(a, 0, 1, column, 1, 0);").doTest();
    }

    @Test
    void otherUnsupportedCallIsNamed() {
        RuleTests.program(
            "        // ERROR: MPI call Abort(...) is not supported by the translator yet",
            "        if (rank < 0) MPI.COMM_WORLD.Abort(1);").doTest();
    }
}
