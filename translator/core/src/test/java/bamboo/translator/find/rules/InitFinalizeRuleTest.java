package bamboo.translator.find.rules;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

class InitFinalizeRuleTest {
    @Test
    void finalizeInsideARegionBlock() {
        RuleTests.program(
            "        olap: {",
            "            compute: {",
            "                // ERROR: MPI.Finalize belongs at the top level of main, not inside a compute block",
            "                if (rank < 0) MPI.Finalize();",
            "            }",
            "        }").doTest();
    }

    @Test
    void initAndFinalizeInsideATryBlockAreAccepted() {
        DiagnosticHelper.create().addSourceLines("P.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) {",
            "        try {",
            "            MPI.Init(args);",
            "            int[] buf = new int[1];",
            "            olap: { compute: { buf[0] = MPI.COMM_WORLD.Rank(); } }",
            "            MPI.Finalize();",
            "        } catch (MPIException e) {",
            "            throw new IllegalStateException(e);",
            "        }",
            "    }",
            "}").doTest();
    }

    @Test
    void finalizeInsideAMultiCatchBlock() {
        DiagnosticHelper.create().addSourceLines("P.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        try {",
            "            int[] buf = new int[1];",
            "            olap: { compute: { buf[0] = MPI.COMM_WORLD.Rank(); } }",
            "        } catch (IllegalStateException | ArithmeticException e) {",
            "            // ERROR: MPI.Finalize belongs at the top level of main, not inside a multi-catch block",
            "            MPI.Finalize();",
            "        }",
            "    }",
            "}").doTest();
    }

    @Test
    void initAndFinalizeAtTheTopLevelAreAccepted() {
        RuleTests.program("        buf[0] = rank;").doTest();
    }
}
