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
    void initInsideATryStatement() {
        DiagnosticHelper.create().addSourceLines("P.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        try {",
            "            // ERROR: MPI.Init belongs at the top level of main, not inside a try statement",
            "            MPI.Init(args);",
            "        } finally {",
            "            // ERROR: MPI.Finalize belongs at the top level of main, not inside a try statement",
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
