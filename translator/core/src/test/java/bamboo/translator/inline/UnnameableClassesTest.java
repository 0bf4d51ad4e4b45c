package bamboo.translator.inline;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

/**
 * The task class lives in the program's package, so inlined code from another package may not use a
 * class that is not public there: such a use is refused where it is written, naming the class, instead
 * of a translation that does not compile.
 */
class UnnameableClassesTest {
    private static final String[] PROGRAM = program("kernel");

    private static String[] program(String kernelPackage) {
        return new String[] {
            "package app;",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        " + kernelPackage + ".K k = new " + kernelPackage + ".K();",
            "        k.run();",
            "        MPI.Finalize();",
            "    }",
            "}",
        };
    }

    @Test
    void aPerTaskStaticOfAPackagePrivateClassOfAnotherPackageIsRefusedAtItsDeclaration() {
        DiagnosticHelper.create().addSourceLines("P.java", PROGRAM).addSourceLines("K.java",
                "package kernel;",
                "import mpi.*;",
                "public class K {",
                "    // ERROR: the static K.parts, which becomes per-task state, uses the class Part, which is not public in package 'kernel'",
                "    public static Part[] parts;",
                "    public void run() throws MPIException {",
                "        MPI.COMM_WORLD.Barrier();",
                "        System.out.println(parts == null);",
                "    }",
                "}",
                "class Part {",
                "}").doTest();
    }

    @Test
    void anInlinedMethodCreatingAPackagePrivateClassOfAnotherPackageIsRefusedThere() {
        DiagnosticHelper.create().addSourceLines("P.java", PROGRAM).addSourceLines("K.java",
                "package kernel;",
                "import mpi.*;",
                "public class K {",
                "    public void run() throws MPIException {",
                "        MPI.COMM_WORLD.Barrier();",
                "        // ERROR: call of K.run, which is inlined into the rank body, uses the class Part, which is not public",
                "        Object p = new Part();",
                "        System.out.println(p != null);",
                "    }",
                "}",
                "class Part {",
                "}").doTest();
    }

    @Test
    void theSameKernelInTheProgramsPackageTranslates() {
        DiagnosticHelper.create().addSourceLines("P.java", program("app")).addSourceLines("K.java",
                "package app;",
                "import mpi.*;",
                "public class K {",
                "    static Part[] parts;",
                "    public void run() throws MPIException {",
                "        MPI.COMM_WORLD.Barrier();",
                "        parts = new Part[] {new Part()};",
                "        System.out.println(parts.length);",
                "    }",
                "}",
                "class Part {",
                "}").doTest();
    }
}
