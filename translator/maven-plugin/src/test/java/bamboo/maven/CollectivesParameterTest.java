package bamboo.maven;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <collectives>} / {@code bamboo.collectives}: the user's collectives in place of ours, validated. */
class CollectivesParameterTest {
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
    Path dir;

    private MavenProject project(String library) throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Files.writeString(dir.resolve("src/main/java/demo/Sum.java"), PROGRAM);
        Path lib = dir.resolve("src/main/collectives");
        Files.createDirectories(lib);
        Files.writeString(lib.resolve("Linear.java"), library);
        return project;
    }

    private TranslateMojo mojo(MavenProject project) {
        TranslateMojo m = Projects.translateMojo(project);
        m.collectives = dir.resolve("src/main/collectives").toFile();
        return m;
    }

    private String task() throws Exception {
        return Files.readString(dir.resolve("target/generated-sources/bamboo/demo/Sum_BambooTask.java"));
    }

    @Test
    void theUsersCollectiveIsInlinedAndAChangeToItTranslatesAgain() throws Exception {
        MavenProject project = project(LINEAR);
        mojo(project).execute();
        assertTrue(task().contains("collectiveTag(4343)"), task());
        Files.writeString(dir.resolve("src/main/collectives/Linear.java"), LINEAR.replace("4343", "4444"));
        mojo(project).execute();
        assertTrue(task().contains("collectiveTag(4444)"), "a changed collective is an input: " + task());
    }

    @Test
    void aWrongSignatureFailsTheBuildWithFileLineColumn() throws Exception {
        MavenProject project = project(LINEAR.replace("int root)", "long root)"));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo(project).execute());
        String where = dir.resolve("src/main/collectives/Linear.java") + ":4:17: error: collective Bcast has the "
                + "wrong signature";
        assertTrue(e.getMessage().contains(where), e.getMessage());
        assertFalse(Files.exists(dir.resolve("target/generated-sources/bamboo/demo/Sum_Bamboo.java")));
    }

    @Test
    void aMissingDirectoryIsAClearError() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        TranslateMojo m = Projects.translateMojo(project);
        m.collectives = dir.resolve("nope").toFile();
        MojoExecutionException e = assertThrows(MojoExecutionException.class, m::execute);
        assertTrue(e.getMessage().contains("the collectives directory " + dir.resolve("nope") + " does not exist"),
                e.getMessage());
    }
}
