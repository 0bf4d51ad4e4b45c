package bamboo.translator.find.rules;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

class LabelOutsideProgramRuleTest {
    @Test
    void regionInAClassWithoutBamboo() {
        DiagnosticHelper.create().addSourceLines("Ring.java",
            "import mpi.*;",
            "public class Ring {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "        int[] b = new int[2];",
            "        // WARNING: 'olap:' in Ring.main, outside the rank body of any @Bamboo program: the translator ignores the label",
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (rank + 1) % size, 0); }",
            "            receive: { MPI.COMM_WORLD.Recv(b, 1, 1, MPI.INT, (rank + size - 1) % size, 0); }",
            "        }",
            "        // WARNING: 'compute:' in Ring.main, outside the rank body",
            "        compute: { b[0]++; }",
            "        MPI.Finalize();",
            "    }",
            "}").doTest();
    }

    @Test
    void regionOfAKernelMainInlinesIsNotWarned() {
        DiagnosticHelper.create()
            .addSourceLines("P.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class P {",
                "    public static void main(String[] args) throws MPIException {",
                "        MPI.Init(args);",
                "        Kernel k = new Kernel();",
                "        for (int i = 0; i < 3; i++) k.step();",
                "        MPI.Finalize();",
                "    }",
                "}")
            .addSourceLines("Kernel.java",
                "import mpi.*;",
                "public class Kernel {",
                "    final int[] b = new int[2];",
                "    void step() throws MPIException {",
                "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
                "        olap: {",
                "            send: { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (rank + 1) % size, 0); }",
                "            receive: { MPI.COMM_WORLD.Recv(b, 1, 1, MPI.INT, (rank + size - 1) % size, 0); }",
                "            compute: { b[0]++; }",
                "        }",
                "    }",
                "}").doTest();
    }

    @Test
    void regionInAMethodMainNeverCalls() {
        DiagnosticHelper.create().addSourceLines("P.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        MPI.Finalize();",
            "    }",
            "    static void unused(int[] b) throws MPIException {",
            "        // WARNING: 'olap:' in P.unused, outside the rank body of any @Bamboo program",
            "        olap: {",
            "            compute: { b[0]++; }",
            "        }",
            "    }",
            "}").doTest();
    }
}
