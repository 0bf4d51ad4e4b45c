package bamboo.translator.collectives;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

/**
 * The collectives library lays items out as consecutive elements, so a collective other than Bcast is
 * refused at the datatype argument that may hold a derived datatype; a variable only ever assigned
 * predefined types, and Bcast with any datatype, translate.
 */
class DerivedDatatypeCollectivesTest {
    private static DiagnosticHelper program(String... body) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();",
            "        int[] a = new int[8], b = new int[8 * size];",
            "        Datatype column = Datatype.Vector(2, 1, 4, MPI.INT);",
            "        column.Commit();",
        };
        String[] tail = {"        MPI.Finalize();", "    }", "}"};
        return DiagnosticHelper.create().addSourceLines("P.java", DiagnosticHelper.joined(head, body, tail));
    }

    @Test
    void gatherWithADerivedDatatypeIsRefusedAtTheDatatype() {
        program(
            "        // ERROR: collective Gather with a datatype that may be derived is not translated: the collectives library lays items out as consecutive elements",
            "        MPI.COMM_WORLD.Gather(a, 0, 1, column, b, 0, 2, MPI.INT, 0);").doTest();
    }

    @Test
    void allreduceInAHelperGivenADerivedDatatypeIsRefused() {
        String[] source = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int[] a = new int[4], b = new int[4];",
            "        sum(a, b, Datatype.Vector(2, 1, 2, MPI.INT));",
            "        MPI.Finalize();",
            "    }",
            "    static void sum(int[] a, int[] b, Datatype t) throws MPIException {",
            "        // ERROR: collective Allreduce with a datatype that may be derived is not translated",
            "        MPI.COMM_WORLD.Allreduce(a, 0, b, 0, 2, t, MPI.SUM);",
            "    }",
            "}",
        };
        DiagnosticHelper.create().addSourceLines("P.java", source).doTest();
    }

    @Test
    void aVariableOnlyEverAssignedPredefinedTypesTranslates() {
        program(
            "        Datatype t = MPI.INT;",
            "        if (size > 2) t = MPI.INT;",
            "        MPI.COMM_WORLD.Allreduce(a, 0, b, 0, 8, t, MPI.SUM);").doTest();
    }

    @Test
    void bcastTakesADerivedDatatype() {
        program("        MPI.COMM_WORLD.Bcast(a, 1, 2, column, 0);").doTest();
    }
}
