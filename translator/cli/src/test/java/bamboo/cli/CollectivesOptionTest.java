package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --collectives DIR} on translate, check and run --translated: used, validated, errors in one line. */
class CollectivesOptionTest {
    static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Sum {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
            "        int[] mine = {rank + 1};",
            "        int[] total = new int[1];",
            "        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM);",
            "        if (rank == 0) System.out.println(\"total \" + total[0]);",
            "        MPI.Finalize();",
            "    }",
            "}", "");
    /** An Allreduce along a chain to rank 0, then a linear broadcast: ours is recursive doubling. */
    static final String CHAIN = String.join("\n",
            "import mpi.*;",
            "final class Chain {",
            "    static final int TAG_CHAIN = 4242;",
            "    static void Allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,",
            "                          int count, Datatype datatype, Op op) throws MPIException {",
            "        int rank = comm.Rank();",
            "        int size = comm.Size();",
            "        int per = datatype.elementsPerItem();",
            "        System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);",
            "        Object in = java.lang.reflect.Array.newInstance(recvbuf.getClass().getComponentType(), count * per);",
            "        if (rank < size - 1) {",
            "            comm.Recv(in, 0, count, datatype, rank + 1, TAG_CHAIN);",
            "            op.Call(recvbuf, recvoffset, in, 0, count, datatype);",
            "            System.arraycopy(in, 0, recvbuf, recvoffset * per, count * per);",
            "        }",
            "        if (rank > 0) {",
            "            comm.Send(recvbuf, recvoffset, count, datatype, rank - 1, TAG_CHAIN);",
            "            comm.Recv(recvbuf, recvoffset, count, datatype, 0, TAG_CHAIN + 1);",
            "        } else {",
            "            for (int j = 1; j < size; j++) comm.Send(recvbuf, recvoffset, count, datatype, j, TAG_CHAIN + 1);",
            "        }",
            "    }",
            "}", "");

    @TempDir
    Path tmp;

    private Path write(String dir, String name, String text) throws IOException {
        Path d = tmp.resolve(dir);
        Files.createDirectories(d);
        Path f = d.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void translateUsesTheUsersCollective() throws IOException {
        Path program = write("src", "Sum.java", PROGRAM);
        write("lib", "Chain.java", CHAIN);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("translate", "--collectives", tmp.resolve("lib").toString(), program.toString(),
                "-d", out.toString());
        assertEquals(0, r.exitCode, r.toString());
        String task = Files.readString(out.resolve("Sum_BambooTask.java"));
        assertTrue(task.contains("collectiveTag(4242)"), task);
        CliRun ours = CliRun.of("translate", program.toString(), "-d", tmp.resolve("out2").toString());
        assertEquals(0, ours.exitCode, ours.toString());
        assertFalse(Files.readString(tmp.resolve("out2/Sum_BambooTask.java")).contains("collectiveTag(4242)"));
    }

    @Test
    void checkReportsAWrongSignatureInTheCollectivesFile() throws IOException {
        Path program = write("src", "Sum.java", PROGRAM);
        Path lib = write("lib", "Chain.java", CHAIN.replace("Object recvbuf, int recvoffset,", "Object recvbuf,"));
        CliRun r = CliRun.of("check", "--collectives", tmp.resolve("lib").toString(), program.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.contains(lib + ":4:17: error: collective Allreduce has the wrong signature"), r.err);
        assertFalse(r.err.contains("Exception"), r.err);
    }

    @Test
    void aCollectivesFileThatDoesNotParseIsAnErrorAndNothingIsWritten() throws IOException {
        Path program = write("src", "Sum.java", PROGRAM);
        Path lib = write("lib", "Chain.java", CHAIN.replace("int size = comm.Size();", "int size = ;"));
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("translate", "--collectives", tmp.resolve("lib").toString(), program.toString(),
                "-d", out.toString());
        assertEquals(1, r.exitCode, r.toString());
        assertTrue(r.err.contains(lib + ":7:") && r.err.contains(": error: syntax error"), r.err);
        assertFalse(Files.exists(out));
    }

    @Test
    void aMissingDirectoryIsAUsageError() throws IOException {
        Path program = write("src", "Sum.java", PROGRAM);
        CliRun r = CliRun.of("check", "--collectives", tmp.resolve("nope").toString(), program.toString());
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("the collectives directory " + tmp.resolve("nope") + " does not exist"), r.err);
    }

    @Test
    @Timeout(120)
    void runTranslatedWithTheUsersCollective() throws IOException {
        Path program = write("src", "Sum.java", PROGRAM);
        write("lib", "Chain.java", CHAIN);
        CliRun r = CliRun.of("run", "--translated", "--np", "5", "--workers", "2", "--collectives",
                tmp.resolve("lib").toString(), program.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertEquals("total 15", r.out.strip());
        CliRun untranslated = CliRun.of("run", "--np", "2", "--collectives", tmp.resolve("lib").toString(),
                program.toString());
        assertEquals(2, untranslated.exitCode, untranslated.toString());
        assertTrue(untranslated.err.contains("--collectives needs --translated"), untranslated.err);
    }
}
