package bamboo.translator.collectives;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Regression: a user's collectives file that names mpi's types through its own imports ({@code import
 * mpi.*;}, {@code Datatype datatype}) made the task class declare fields of type {@code Datatype}, which
 * did not compile in a program that imports only {@code mpi.MPI} and {@code mpi.MPIException} ("the
 * translation does not compile"). Inlined code now names those types with their package.
 */
class CollectiveImportsTest {
    private static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.MPI;",
            "import mpi.MPIException;",
            "@Bamboo",
            "public class Narrow {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        double[] x = {MPI.COMM_WORLD.Rank()};",
            "        double[] s = new double[1];",
            "        MPI.COMM_WORLD.Allreduce(x, 0, s, 0, 1, MPI.DOUBLE, MPI.SUM);",
            "        MPI.Finalize();",
            "    }",
            "}");

    private static final String USER = String.join("\n",
            "import mpi.*;",
            "final class Mine {",
            "    static final int TAG = 41;",
            "    static void Allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,",
            "                          int count, Datatype datatype, Op op) throws MPIException {",
            "        int per = datatype.elementsPerItem();",
            "        System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);",
            "        if (comm.Size() > 1 && count < 0) {",
            "            throw new MPIException(\"Allreduce: count \" + count + \" < 0 on \" + MPI.COMM_WORLD.Rank());",
            "        }",
            "    }",
            "}");

    @Test
    void userCollectiveTypesAreQualifiedByTheirOwnImports() {
        TranslationResult r = new Translator().withCollectives(List.of(new SourceFile("Mine.java", USER)))
                .translate(List.of(new SourceFile("Narrow.java", PROGRAM)));
        assertTrue(r.ok(), () -> r.diagnostics().toString());
        String task = r.generated().stream().filter(g -> g.text().contains("class Narrow_BambooTask"))
                .findFirst().orElseThrow().text();
        assertTrue(task.contains("mpi.Datatype c1_datatype"), task);
        assertTrue(task.contains("mpi.Op c1_op"), task);
        assertTrue(task.contains("new mpi.MPIException("), task);
        assertFalse(task.matches("(?s).*[^.]\\bDatatype c1_.*"), "an unqualified Datatype field is left:\n" + task);
    }

    @Test
    void javaLangAndLocalsStayAsWritten() {
        TranslationResult r = new Translator().withCollectives(List.of(new SourceFile("Mine.java", USER)))
                .translate(List.of(new SourceFile("Narrow.java", PROGRAM)));
        assertTrue(r.ok(), () -> r.diagnostics().toString());
        String task = r.generated().stream().filter(g -> g.text().contains("class Narrow_BambooTask"))
                .findFirst().orElseThrow().text();
        assertTrue(task.contains("System.arraycopy("), task);
        assertFalse(task.contains("java.lang.System"), task);
        assertFalse(task.contains("mpi.c1_"), task);
    }

    @Test
    void ourLibraryNamesItsTypesWithTheirPackage() {
        CollectiveLibrary ours = CollectiveLibrary.ours();
        String create = ours.method("Create").orElseThrow().toString();
        assertTrue(create.contains("mpi.Intracomm comm") && create.contains("mpi.Group group"), create);
        assertTrue(ours.method("Barrier").orElseThrow().toString().contains("mpi.MPI.BYTE"));
    }
}
