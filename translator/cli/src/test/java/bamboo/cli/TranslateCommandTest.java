package bamboo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bamboo translate} and {@code bamboo check}: exit codes, all-or-nothing output, untouched inputs. */
class TranslateCommandTest {
    static final String GOOD = String.join("\n",
            "package app;",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Good {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
            "        int size = MPI.COMM_WORLD.Size();",
            "        int[] b = {rank};",
            "        olap: {",
            "            send: { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (rank + 1) % size, 0); }",
            "            receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, (rank + size - 1) % size, 0); }",
            "        }",
            "        System.out.println(rank + \" got \" + b[0]);",
            "        MPI.Finalize();",
            "    }",
            "}", "");
    static final String BAD = String.join("\n",
            "package app;",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class Bad {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        MPI.COMM_WORLD.Abort(0);",
            "        send: { }",
            "        MPI.Finalize();",
            "    }",
            "}", "");

    @TempDir
    Path tmp;

    private Path tree(boolean withBad) throws IOException {
        Path src = tmp.resolve("src");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("app/Good.java"), GOOD);
        Files.writeString(src.resolve("app/Plain.java"), "package app;\nclass Plain { int x; }\n");
        Files.writeString(src.resolve("app/data.txt"), "not java\n");
        if (withBad) {
            Files.writeString(src.resolve("app/Bad.java"), BAD);
        }
        return src;
    }

    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                m.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return m;
    }

    @Test
    void translatesACompleteTree() throws IOException {
        Path src = tree(false);
        Map<String, String> before = snapshot(src);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("translate", src.toString(), "-d", out.toString());
        assertEquals(0, r.exitCode, r.toString());
        Map<String, String> written = snapshot(out);
        assertEquals(before.get("app/Good.java"), written.get("app/Good.java"));
        assertEquals(before.get("app/Plain.java"), written.get("app/Plain.java"));
        assertEquals(before.get("app/data.txt"), written.get("app/data.txt"));
        assertTrue(written.get("app/Good_BambooTask.java").contains("class Good_BambooTask extends bamboo.runtime.mpi.MpiTask"));
        assertTrue(written.get("app/Good_Bamboo.java").contains("public static Graph.Builder graph(int numTasks"));
        assertEquals(5, written.size(), written.keySet().toString());
        assertEquals(before, snapshot(src), "inputs must not change");
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(2, s.count(), "no temporary directory may be left beside the output");
        }
    }

    @Test
    void errorsWriteNothing() throws IOException {
        Path src = tree(true);
        Map<String, String> before = snapshot(src);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("translate", src.toString(), "-d", out.toString());
        assertEquals(1, r.exitCode, r.toString());
        String bad = src.resolve("app/Bad.java").toString();
        assertTrue(r.err.contains(bad + ":8:9: error: MPI call Abort(...)"), r.err);
        assertTrue(r.err.contains(bad + ":9:9: error: 'send' block outside an olap region"), r.err);
        assertTrue(r.err.indexOf(":8:9:") < r.err.indexOf(":9:9:"), "sorted by line");
        assertFalse(r.err.contains("Exception"), r.err);
        assertFalse(Files.exists(out), "nothing may be written on errors");
        assertEquals(before, snapshot(src));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(1, s.count(), "no temporary directory may be left");
        }
    }

    @Test
    void singleFileGoesToItsPackage() throws IOException {
        Path file = tmp.resolve("Good.java");
        Files.writeString(file, GOOD);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("translate", file.toString(), "-d", out.toString());
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(Files.exists(out.resolve("app/Good.java")));
        assertTrue(Files.exists(out.resolve("app/Good_BambooTask.java")));
    }

    @Test
    void outputInsideTheInputIsRefused() throws IOException {
        Path src = tree(false);
        CliRun r = CliRun.of("translate", src.toString(), "-d", src.resolve("gen").toString());
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("overlaps the input directory"), r.err);
        assertFalse(Files.exists(src.resolve("gen")));
    }

    @Test
    void checkReportsAndWritesNothing() throws IOException {
        Path src = tree(true);
        CliRun bad = CliRun.of("check", src.toString());
        assertEquals(1, bad.exitCode, bad.toString());
        assertTrue(bad.err.contains("error: MPI call Abort(...)"), bad.err);
        Path good = tmp.resolve("Good.java");
        Files.writeString(good, GOOD);
        CliRun ok = CliRun.of("check", good.toString());
        assertEquals(0, ok.exitCode, ok.toString());
        assertTrue(ok.out.contains("ok: 1 program"), ok.out);
    }

    @Test
    void usageAndMissingInputs() {
        assertEquals(2, CliRun.of("translate", tmp.resolve("nope").toString(), "-d", tmp.resolve("o").toString()).exitCode);
        assertEquals(2, CliRun.of("translate", tmp.toString()).exitCode, "-d is required");
        CliRun missing = CliRun.of("check", tmp.resolve("nope.java").toString());
        assertEquals(2, missing.exitCode);
        assertTrue(missing.err.contains("no such file or directory"), missing.err);
        CliRun help = CliRun.of("translate", "--help");
        assertEquals(0, help.exitCode);
        assertTrue(help.out.contains("Exit codes:") && help.out.contains("-d, --output"), help.out);
        assertTrue(CliRun.of("check", "--help").out.contains("Exit codes:"));
    }
}
