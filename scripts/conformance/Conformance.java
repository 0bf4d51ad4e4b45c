import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Runs MPJ Express's mpiJava test suite (its {@code test/mpi} folder) on the shim: compiles each program
 * against the shim the launcher runs and runs it as {@code ./bamboo run --np N} does, then prints one row
 * per program (test, np, pass/fail/excluded, reason) and the counts. Fetches nothing.
 *
 * <pre>
 * java scripts/conformance/Conformance.java DIR [--only TEXT[,TEXT...]] [--timeout SECONDS] [--csv FILE]
 * </pre>
 * DIR is the suite's {@code test/mpi} folder (or a folder holding {@code test/mpi}). Run from the
 * repository root (scripts/conformance/run.sh does that and builds first).
 *
 * <p>A program passes when its job exits with the expected status (0; 5 for {@code env/abort}, which
 * calls {@code Abort(5)}) and prints no line reporting a failed check (the tests print "ERROR ...",
 * "... should be ...", "... failed" and the like). Excluded: programs that use MPJ Express's internal
 * packages (mpjdev, mpjbuf, xdev) beyond importing them, helper classes that are not programs, and the
 * programs listed in {@link #EXCLUDED} with the reason shown. A program that imports those packages
 * without using them is compiled with the unused imports left out (its row says so).
 */
public final class Conformance {

    /** Ranks per program: what each test says it needs ("MUST RUN WITH 8 TASKS", ...); 2 otherwise. */
    private static final Map<String, Integer> NP = new LinkedHashMap<>();
    /** Programs left out, and why (beyond the automatic rules). */
    private static final Map<String, String> EXCLUDED = new LinkedHashMap<>();

    static {
        for (String t : new String[] {"group/", "comm/", "topo/sub2", "topo/map", "topo/cart_topo",
                "ccl/reduce_scatter"}) {
            NP.put(t, 8);
        }
        NP.put("topo/cart.java", 6);
        NP.put("topo/sub.java", 6);
        NP.put("topo/graph", 4);
        NP.put("pt2pt/Isend_rendez_fairness", 3); // receives from ranks 1 and 2
        NP.put("ccl/allgatherv", 3); // its expected answer is written out for 3 ranks ("TBFixed" above 3)
        NP.put("ccl_ObjSer/reduce_scatterO", 2);
        NP.put("ccl/", 4);
        NP.put("ccl_ObjSer/", 4);
        EXCLUDED.put("threads/MultiplexNoComm.jomp", "JOMP source, not Java");
        EXCLUDED.put("comm/intercomm_test.java", "wrong on MPJ Express too (hangs on its multicore device): the"
                + " evens name world rank 1 as their remote leader but the odds' leader is world rank 3");
        EXCLUDED.put("pt2pt/Isend_eager.java", "wrong on MPJ Express too (hangs there): rank 0 sends 13 rounds"
                + " (i < 100) but rank 1 waits for 125 (i < 1000)");
        EXCLUDED.put("pt2pt/isend2.java", "wrong on MPJ Express too (prints the same ERROR(4), (9), (14), (19)"
                + " there): expects Get_elements(MPI.INT) to count bytes, MPI and MPJ Express count elements");
        EXCLUDED.put("signals/SendTest_Conv2.java", "wrong on MPJ Express too (StackOverflowError there as here): it"
                + " serialises a linked list of 1000 nodes, recursively, on a rank's thread");
        EXCLUDED.put("perf/Bandwidth.java", "a benchmark, no check: 20000 timed round trips per size from 1 byte to"
                + " 16 MiB with busy-wait delays (hours; 640 GB moved at the largest size alone)");
        EXCLUDED.put("perf/SeqMatrix.java", "a benchmark, no check: a sequential 3000 x 3000 matrix product per rank"
                + " (2.7e10 flops each) around 100 one-byte messages");
        EXCLUDED.put("pt2pt/Isend_rendez_fairness.java", "wrong on MPJ Express too (prints FAILED there): its"
                + " senders send -24 and -80 but it checks for 3 and 4");
        EXCLUDED.put("pt2pt/start2.java", "wrong on MPJ Express too (prints the same ERRORs there): checks the"
                + " receive buffers right after Start, before Wait");
    }

    private static final Pattern FAILED_CHECK = Pattern.compile(
            "\\bERRORS?\\b|\\b[Ee]rror\\b(?! stream)|[Ss]hould be|\\bFAILED\\b|\\b[Ff]ailed\\b"
                    + "|\\bWRONG\\b|\\b[Ww]rong\\b"
                    + "|[Ii]ncorrect|\\bmismatch|[Bb]ad answer");
    private static final Pattern WRONG_NP = Pattern.compile("(?i)(must run|runs? with|requires) [^\\n]*(task|process)");
    private static final Pattern INTERNALS = Pattern.compile("\\b(mpjdev|mpjbuf|xdev)\\s*\\.\\s*[A-Za-z]");
    private static final Pattern INTERNAL_IMPORT =
            Pattern.compile("(?m)^\\s*import\\s+(mpjdev|mpjbuf|xdev)\\.\\*\\s*;");

    private record Row(String test, int np, String result, String reason) {
    }

    /** {@code ./bamboo run} without its staleness check: the JVM flags of the launcher script, then the jar. */
    private static final List<String> LAUNCHER = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Path dir = null;
        String only = null;
        long timeout = 180;
        Path csv = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--only" -> only = args[++i];
                case "--timeout" -> timeout = Long.parseLong(args[++i]);
                case "--csv" -> csv = Paths.get(args[++i]);
                default -> dir = Paths.get(args[i]);
            }
        }
        if (dir == null) {
            System.err.println("usage: java scripts/conformance/Conformance.java DIR [--only SUBSTRING]"
                    + " [--timeout SECONDS] [--csv FILE]");
            System.exit(2);
        }
        if (Files.isDirectory(dir.resolve("test/mpi"))) {
            dir = dir.resolve("test/mpi");
        }
        if (!Files.isDirectory(dir.resolve("pt2pt"))) {
            System.err.println("conformance: " + dir + " does not look like MPJ Express's test/mpi (no pt2pt folder)");
            System.exit(2);
        }
        // The shim the launcher runs (its copy in the CLI's lib folder), so that a rebuild of mpi-shim while
        // the suite runs changes neither what the tests compile against nor what they run on.
        final Path cli = Paths.get("translator/cli/target/bamboo-cli.jar").toAbsolutePath();
        final Path shim = cli.resolveSibling("lib/bamboo-mpi-shim.jar");
        if (!Files.isRegularFile(cli) || !Files.isRegularFile(shim)) {
            System.err.println("conformance: " + cli + " or " + shim + " is missing; build first"
                    + " (scripts/conformance/run.sh does)");
            System.exit(2);
        }
        LAUNCHER.addAll(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "-Dbamboo.home=" + Paths.get("").toAbsolutePath(), "-jar", cli.toString(), "run"));
        final Path work = Files.createTempDirectory("bamboo-conformance");
        final Path src = work.resolve("src/mpi");
        final Path out = work.resolve("classes");
        Files.createDirectories(out);
        final List<Row> rows = new ArrayList<>();
        final List<Path> programs = new ArrayList<>();
        final Map<Path, String> notes = new LinkedHashMap<>();
        final Path suite = dir;
        try (Stream<Path> files = Files.walk(suite)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().collect(Collectors.toList())) {
                final String rel = suite.relativize(f).toString().replace('\\', '/');
                if (!rel.endsWith(".java") && !rel.endsWith(".jomp")) {
                    continue;
                }
                if (only != null && Stream.of(only.split(",")).noneMatch(rel::contains)) {
                    continue;
                }
                final String excluded = excludedBecause(rel);
                if (excluded != null) {
                    rows.add(new Row(rel, 0, "excluded", excluded));
                    continue;
                }
                String text = Files.readString(f, StandardCharsets.ISO_8859_1);
                final String withoutImports = INTERNAL_IMPORT.matcher(text).replaceAll("");
                final Matcher used = INTERNALS.matcher(stripComments(withoutImports));
                if (used.find()) {
                    rows.add(new Row(rel, 0, "excluded", "uses MPJ Express internals (" + used.group(1) + ")"));
                    continue;
                }
                if (!withoutImports.equals(text)) {
                    notes.put(f, "unused imports of MPJ Express's internal packages left out");
                    text = withoutImports;
                }
                final Path copy = src.resolve(rel);
                Files.createDirectories(copy.getParent());
                Files.writeString(copy, text, StandardCharsets.ISO_8859_1);
                final String name = f.getFileName().toString().replace(".java", "");
                if (!isProgram(text, name)) {
                    rows.add(new Row(rel, 0, "excluded", "helper class, not a program"));
                    continue;
                }
                programs.add(f);
            }
        }
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final String classpath = shim + java.io.File.pathSeparator + out;
        compile(javac, classpath, out, List.of(Paths.get("scripts/conformance/RunTest.java")));
        for (Path f : programs) {
            final String rel = suite.relativize(f).toString().replace('\\', '/');
            final String note = notes.getOrDefault(f, "");
            final int np = npOf(rel);
            final Path copy = src.resolve(rel);
            final String errors = compile(javac, classpath + java.io.File.pathSeparator + work.resolve("src"), out,
                    List.of(copy));
            if (errors != null) {
                rows.add(new Row(rel, np, "fail", "does not compile: " + errors));
                print(rows.get(rows.size() - 1));
                continue;
            }
            final String pkg = packageOf(Files.readString(copy, StandardCharsets.ISO_8859_1));
            final String cls = (pkg.isEmpty() ? "" : pkg + ".") + f.getFileName().toString().replace(".java", "");
            final Row row = run(rel, cls, np, out, work, timeout, note);
            rows.add(row);
            print(row);
        }
        System.out.println();
        System.out.printf("%-44s %3s  %-8s %s%n", "test", "np", "result", "reason");
        for (Row r : rows) {
            System.out.printf("%-44s %3s  %-8s %s%n", r.test, r.np == 0 ? "-" : String.valueOf(r.np), r.result,
                    r.reason);
        }
        final Map<String, Long> counts = rows.stream()
                .collect(Collectors.groupingBy(Row::result, LinkedHashMap::new, Collectors.counting()));
        System.out.println();
        System.out.println("programs: " + rows.size() + "  pass: " + counts.getOrDefault("pass", 0L) + "  fail: "
                + counts.getOrDefault("fail", 0L) + "  excluded: " + counts.getOrDefault("excluded", 0L));
        if (csv != null) {
            final StringBuilder b = new StringBuilder("test,np,result,reason\n");
            for (Row r : rows) {
                b.append(r.test).append(',').append(r.np).append(',').append(r.result).append(",\"")
                        .append(r.reason.replace("\"", "'")).append("\"\n");
            }
            Files.writeString(csv, b);
        }
        System.exit(counts.getOrDefault("fail", 0L) == 0 ? 0 : 1);
    }

    private static void print(Row r) {
        System.err.printf("%-44s np=%d %s %s%n", r.test, r.np, r.result, r.reason);
    }

    private static String excludedBecause(String rel) {
        if (rel.endsWith(".jomp")) {
            return EXCLUDED.get("threads/MultiplexNoComm.jomp");
        }
        for (Map.Entry<String, String> e : EXCLUDED.entrySet()) {
            if (rel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    private static int npOf(String rel) {
        for (Map.Entry<String, Integer> e : NP.entrySet()) {
            if (rel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return 2;
    }

    private static boolean isProgram(String text, String name) {
        final String body = stripComments(text);
        final String stringArray = "String\\s*(\\[\\]\\s*\\w+|\\w+\\s*\\[\\])";
        return Pattern.compile("public\\s+" + Pattern.quote(name) + "\\s*\\(\\s*" + stringArray + "\\s*\\)")
                .matcher(body).find()
                || Pattern.compile("static\\s+(public\\s+)?void\\s+main\\s*\\(").matcher(body).find()
                && Pattern.compile("class\\s+" + Pattern.quote(name) + "\\b").matcher(body).find();
    }

    private static String stripComments(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
    }

    private static String packageOf(String text) {
        final Matcher m = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;").matcher(stripComments(text));
        return m.find() ? m.group(1) : "";
    }

    /** Compiles {@code files}; null on success, else the first error on one line. */
    private static String compile(JavaCompiler javac, String classpath, Path out, List<Path> files) {
        final java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        final List<String> args = new ArrayList<>(List.of("-nowarn", "-encoding", "ISO-8859-1", "-proc:none",
                "-implicit:class", "-cp", classpath, "-d", out.toString()));
        files.forEach(f -> args.add(f.toString()));
        final int rc = javac.run(null, err, err, args.toArray(new String[0]));
        if (rc == 0) {
            return null;
        }
        final String text = err.toString(StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
            if (line.contains("error:")) {
                final int at = line.indexOf("/src/mpi/");
                return (at >= 0 ? line.substring(at + 9) : line).trim();
            }
        }
        return text.lines().findFirst().orElse("javac failed");
    }

    private static Row run(String rel, String cls, int np, Path out, Path work, long timeout, String note)
            throws IOException, InterruptedException {
        final Path log = Files.createTempFile("conformance", ".log");
        final List<String> command = new ArrayList<>(LAUNCHER);
        command.addAll(List.of("--np", String.valueOf(np), "-cp", out.toString(), "RunTest", cls));
        // In the scratch folder: some programs write files into their working directory (perf/Latency).
        final ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        final long start = System.nanoTime();
        final Process p = pb.start();
        // env/InputTester reads a number from the standard input; every program gets one, then end of input.
        try (var in = p.getOutputStream()) {
            in.write("500\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the program exited before reading: nothing to give it
        }
        final boolean done = p.waitFor(timeout, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        final String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        final String suffix = String.format(Locale.ROOT, " (%.1f s)", seconds) + (note.isEmpty() ? "" : "; " + note);
        if (!done) {
            return new Row(rel, np, "fail", "timed out after " + timeout + " s" + suffix);
        }
        final int expected = rel.equals("env/abort.java") ? 5 : 0;
        final int status = p.exitValue();
        if (status != expected) {
            return new Row(rel, np, "fail", "exit " + status + " (expected " + expected + "): " + lastLine(output)
                    + suffix);
        }
        final Matcher wrongNp = WRONG_NP.matcher(output);
        if (wrongNp.find()) {
            return new Row(rel, np, "fail", "wrong np: " + lineAt(output, wrongNp.start()) + suffix);
        }
        // A check the program itself calls unimportant (pt2pt/ssend's clock comparison, which its comment says
        // may falsely signal an error) does not fail it.
        final String checked = output.replaceAll("(?m)^.*\\(Not important\\).*$", "");
        final Matcher bad = FAILED_CHECK.matcher(checked);
        if (expected == 0 && bad.find()) {
            return new Row(rel, np, "fail", "reported a failed check: " + lineAt(checked, bad.start()) + suffix);
        }
        return new Row(rel, np, "pass", (expected == 0 ? "" : "exit " + expected + " as expected") + suffix);
    }

    private static String lineAt(String text, int at) {
        final int from = text.lastIndexOf('\n', at) + 1;
        final int to = text.indexOf('\n', at);
        final String line = text.substring(from, to < 0 ? text.length() : to).trim();
        return line.length() > 160 ? line.substring(0, 160) + "..." : line;
    }

    private static String lastLine(String text) {
        final String[] lines = text.strip().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            final String l = lines[i].trim();
            if (!l.isEmpty() && !l.startsWith("at ") && !l.startsWith("...")) {
                return l.length() > 160 ? l.substring(0, 160) + "..." : l;
            }
        }
        return "(no output)";
    }

    private Conformance() {
    }

    static {
        // Fail loudly, not with a stack trace, when the compiler is missing (a JRE).
        if (ToolProvider.getSystemJavaCompiler() == null) {
            System.err.println("conformance: needs a JDK (javax.tools compiler)");
            System.exit(2);
        }
    }
}
