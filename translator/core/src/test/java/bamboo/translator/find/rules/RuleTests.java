package bamboo.translator.find.rules;

import bamboo.translator.DiagnosticHelper;

/** The program the rule tests write their rank bodies into: ranks, a buffer, Init and Finalize around. */
final class RuleTests {
    private RuleTests() {
    }

    /** A program {@code P.java} whose main runs {@code body} between Init (and rank, size) and Finalize. */
    static DiagnosticHelper program(String... body) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "",
            "@Bamboo",
            "public class P {",
            "    static int[] buf = new int[4];",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
            "        int size = MPI.COMM_WORLD.Size();",
            "        int right = (rank + 1) % size, left = (rank + size - 1) % size;",
        };
        String[] tail = {
            "        MPI.Finalize();",
            "    }",
            "}",
        };
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, body, tail));
    }
}
