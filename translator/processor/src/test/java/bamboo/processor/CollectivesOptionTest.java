package bamboo.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -Abamboo.collectives=DIR}: the user's collectives are inlined, and their errors are compiler errors. */
class CollectivesOptionTest {
    static final String PROGRAM = String.join("\n",
            "package demo;",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Sum {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int[] mine = {MPI.COMM_WORLD.Rank() + 1};",
            "        MPI.COMM_WORLD.Bcast(mine, 0, 1, MPI.INT, 0);",
            "        MPI.Finalize();",
            "    }",
            "}", "");
    static final String LINEAR = String.join("\n",
            "import mpi.*;",
            "final class Linear {",
            "    static final int TAG_LINEAR = 4343;",
            "    static void Bcast(Intracomm comm, Object buf, int offset, int count, Datatype datatype, int root)",
            "            throws MPIException {",
            "        if (comm.Rank() == root) {",
            "            for (int j = 0; j < comm.Size(); j++) {",
            "                if (j != root) comm.Send(buf, offset, count, datatype, j, TAG_LINEAR);",
            "            }",
            "        } else {",
            "            comm.Recv(buf, offset, count, datatype, root, TAG_LINEAR);",
            "        }",
            "    }",
            "}", "");

    @TempDir
    Path tmp;

    private InProcessCompiler.Outcome compile(String library) throws Exception {
        Path program = tmp.resolve("src/demo/Sum.java");
        Files.createDirectories(program.getParent());
        Files.writeString(program, PROGRAM);
        Path lib = tmp.resolve("lib");
        Files.createDirectories(lib);
        Files.writeString(lib.resolve("Linear.java"), library);
        return InProcessCompiler.compile(List.of(program), tmp.resolve("classes"), tmp.resolve("generated"),
                List.of(new BambooProcessor()), List.of("-Abamboo.collectives=" + lib));
    }

    @Test
    void theUsersCollectiveIsInlined() throws Exception {
        InProcessCompiler.Outcome o = compile(LINEAR);
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        String task = Files.readString(tmp.resolve("generated/demo/Sum_BambooTask.java"));
        assertTrue(task.contains("collectiveTag(4343)"), task);
    }

    @Test
    void aWrongSignatureIsACompilerErrorNamingTheCollectivesFile() throws Exception {
        InProcessCompiler.Outcome o = compile(LINEAR.replace("int root)", "long root)"));
        assertFalse(o.success());
        List<Diagnostic<? extends JavaFileObject>> errors = o.errors();
        assertEquals(1, errors.size(), () -> "errors: " + errors);
        String message = errors.get(0).getMessage(null);
        assertTrue(message.contains("Linear.java:4:17: error: collective Bcast has the wrong signature"), message);
        assertFalse(Files.exists(tmp.resolve("generated/demo/Sum_Bamboo.java")), "nothing half-written");
    }
}
