package bamboo.translator.inline;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

/**
 * Which statics of other classes stay shared by the tasks of a process and which become per-task state,
 * as seen from a constructor that reads them (a constructor may not use per-task state other than by
 * setting it from its parameters). Source and verdict side by side.
 */
class SharedStaticsTest {
    /** Demo's constructor reads Demo.prompt; Demo.result is assigned by the rank body, so it is per task. */
    private static DiagnosticHelper program(String[] demo) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        Demo d = new Demo(3);",
            "        d.run();",
            "        System.out.println(Demo.result);",
            "        MPI.Finalize();",
            "    }",
            "}",
        };
        String[] tail = {
            "    String shown;",
            "    final int n;",
            "    Demo(int n) { this.n = n; this.shown = prompt; }",
            "    void run() throws MPIException {",
            "        result = n * MPI.COMM_WORLD.Rank();",
            "    }",
            "}",
        };
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, demo, tail));
    }

    private static String[] lines(String... l) {
        return l;
    }

    @Test
    void aValueNothingAssignsInitialisedByAConstantStaysSharedBesideAPerTaskStatic() {
        program(lines(
                "class Demo {",
                "    static double result = 0.0;",
                "    protected static String prompt = \"Demo> \";",
                "    static boolean debug = true && Demo.Serial > 0;",
                "    static final int Serial = 1;")).doTest();
    }

    @Test
    void aValueTheRankBodyAssignsIsPerTask() {
        DiagnosticHelper.create().addSourceLines("P.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class P {",
                "    public static void main(String[] args) throws MPIException {",
                "        MPI.Init(args);",
                "        // ERROR: the constructor uses Demo.prompt, which becomes per-task state",
                "        Demo d = new Demo(3);",
                "        d.run();",
                "        System.out.println(Demo.result);",
                "        MPI.Finalize();",
                "    }",
                "}",
                "class Demo {",
                "    static double result;",
                "    protected static String prompt = \"Demo> \";",
                "    String shown;",
                "    final int n;",
                "    Demo(int n) { this.n = n; this.shown = prompt; }",
                "    void run() throws MPIException {",
                "        result = n * MPI.COMM_WORLD.Rank();",
                "        prompt = \"ran> \";",
                "    }",
                "}").doTest();
    }

    @Test
    void aClassWithAStaticInitialiserKeepsAllItsStaticsPerTask() {
        DiagnosticHelper.create().addSourceLines("P.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class P {",
                "    public static void main(String[] args) throws MPIException {",
                "        MPI.Init(args);",
                "        // ERROR: the constructor uses Demo.prompt, which becomes per-task state",
                "        Demo d = new Demo(3);",
                "        d.run();",
                "        System.out.println(Demo.result);",
                "        MPI.Finalize();",
                "    }",
                "}",
                "class Demo {",
                "    static double result;",
                "    protected static String prompt = \"Demo> \";",
                "    static { result = 1.0; }",
                "    String shown;",
                "    final int n;",
                "    Demo(int n) { this.n = n; this.shown = prompt; }",
                "    void run() throws MPIException {",
                "        result = n * MPI.COMM_WORLD.Rank();",
                "    }",
                "}").doTest();
    }

    @Test
    void aValueInitialisedByACallIsPerTask() {
        DiagnosticHelper.create().addSourceLines("P.java",
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "@Bamboo",
                "public class P {",
                "    public static void main(String[] args) throws MPIException {",
                "        MPI.Init(args);",
                "        // ERROR: the constructor uses Demo.stamp, which becomes per-task state",
                "        Demo d = new Demo(3);",
                "        d.run();",
                "        System.out.println(Demo.result);",
                "        MPI.Finalize();",
                "    }",
                "}",
                "class Demo {",
                "    static double result;",
                "    static long stamp = System.nanoTime();",
                "    long shown;",
                "    final int n;",
                "    Demo(int n) { this.n = n; this.shown = stamp; }",
                "    void run() throws MPIException {",
                "        result = n * MPI.COMM_WORLD.Rank();",
                "    }",
                "}").doTest();
    }
}
