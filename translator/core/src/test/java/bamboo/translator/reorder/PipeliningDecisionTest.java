package bamboo.translator.reorder;

import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The legality decisions of pipelining, in the Error Prone style: the source and the expected decision
 * side by side. A line {@code // PIPELINED} or {@code // NOT PIPELINED: text} stands right before the
 * first send block of a region; the generated code's comment on that send block must say the same
 * ("pipelined", or "not pipelined: ..." containing the text).
 */
class PipeliningDecisionTest {
    private static final String YES = "// PIPELINED";
    private static final String NO = "// NOT PIPELINED: ";

    /** A program around a main body given line by line; a static helper and a kernel class are there too. */
    private static String[] program(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return program(all);
    }

    private static String[] program(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return program(all);
    }

    private static String[] program(String... body) {
        List<String> all = new ArrayList<>(List.of(
                "import bamboo.Bamboo;",
                "import mpi.*;",
                "",
                "@Bamboo",
                "public class P {",
                "    static int counter;",
                "    static final int TAG = 3;",
                "    static int twice(int x) { return 2 * x + TAG; }",
                "    public static void main(String[] args) throws MPIException {",
                "        MPI.Init(args);",
                "        int rank = MPI.COMM_WORLD.Rank();",
                "        int size = MPI.COMM_WORLD.Size();",
                "        int right = (rank + 1) % size;",
                "        int left = (rank + size - 1) % size;",
                "        double[] a = new double[4];",
                "        double[] b = new double[4];",
                "        double[] e = new double[1];",
                "        double[] g = new double[1];",
                "        Request[] reqs = new Request[4];",
                "        K k = new K();",
                "        K k2 = new K();",
                "        int x = 0;",
                "        int n = 10;"));
        all.addAll(List.of(body));
        all.addAll(List.of(
                "        MPI.Finalize();",
                "    }",
                "}",
                "final class K {",
                "    double[] data = new double[4];",
                "    void pack(double[] out) { System.arraycopy(data, 0, out, 0, 4); }",
                "    void relax() { data[0] += 1; }",
                "}"));
        return all.toArray(new String[0]);
    }

    /** A region in a loop: receive from the left, send to the right, compute; {@code extra} lines around. */
    private static void check(String... lines) {
        String source = String.join("\n", lines) + "\n";
        TranslationResult r = new Translator().translate(List.of(new SourceFile("P.java", source)));
        assertTrue(r.ok(), () -> "diagnostics: " + r.diagnostics());
        String task = r.generated().stream().filter(g -> g.relativePath().toString().endsWith("P_BambooTask.java"))
                .map(GeneratedSource::text).findFirst().orElseThrow();
        int checked = 0;
        for (int i = 0; i < lines.length; i++) {
            String mark = lines[i].strip();
            if (!mark.startsWith(YES) && !mark.startsWith(NO)) {
                continue;
            }
            int sendLine = i + 2; // the next line, 1-based
            String comment = commentFor(task, sendLine);
            if (mark.startsWith(YES)) {
                assertTrue(comment.contains("(pipelined"), () -> "line " + sendLine + " should be pipelined: " + comment);
            } else {
                String why = mark.substring(NO.length());
                assertTrue(comment.contains("(not pipelined: ") && comment.contains(why),
                        () -> "line " + sendLine + " should not be pipelined because '" + why + "': " + comment);
            }
            checked++;
        }
        assertTrue(checked > 0, "no decision marked");
    }

    /** The generated comment's own words on the send block of a line (the source's comment, appended after it, cut). */
    private static String commentFor(String task, int line) {
        String from = " from P.java:" + line;
        for (String l : task.split("\n")) {
            if (l.contains("// olap region") && l.contains("send block") && (l.endsWith(from) || l.contains(from + ":"))) {
                return l.substring(0, l.indexOf(from)).strip();
            }
        }
        fail("no send block comment for P.java:" + line + " in\n" + task);
        return null;
    }

    private static final String[] REGION = {
            "            olap: {",
            "                receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.DOUBLE, left, 1); }",
    };

    private static String[] region(String mark, String... sendAndCompute) {
        List<String> out = new ArrayList<>(List.of(REGION));
        out.add("                " + mark);
        out.addAll(List.of(sendAndCompute));
        out.add("            }");
        return out.toArray(new String[0]);
    }

    private static String[] loop(String head, String[] before, String[] region, String... tail) {
        List<String> out = new ArrayList<>();
        out.add("        " + head + " {");
        out.addAll(List.of(before));
        out.addAll(List.of(region));
        out.addAll(List.of(tail));
        out.add("        }");
        return out.toArray(new String[0]);
    }

    private static final String SEND = "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, right, 1); }";
    private static final String COMPUTE = "                compute: { a[0] = a[0] + b[0]; }";
    private static final String[] NONE = {};

    @Test
    void allreduceInTheTailIsPipelined() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(YES, SEND, COMPUTE),
                "            if (it % 3 == 0) MPI.COMM_WORLD.Allreduce(e, 0, g, 0, 1, MPI.DOUBLE, MPI.MAX);")));
    }

    @Test
    void counterResetAtTheTopOfTheBodyIsSetByThePipelinedCopy() {
        check(program(loop("for (int it = 0; it < n; it++)", new String[] {"            int s = 2;"},
                region(YES, "                send: { reqs[s++] = MPI.COMM_WORLD.Isend(a, 0, 1, MPI.DOUBLE, right, 1); }",
                        "                compute: { Request.Waitall(reqs); }"))));
    }

    @Test
    void counterAlsoUsedAfterTheSendBlockIsNotReset() {
        check(program(loop("for (int it = 0; it < n; it++)", new String[] {"            int s = 2;"},
                region(NO + "changes s, used by the statements before the region in the loop body",
                        "                send: { reqs[s++] = MPI.COMM_WORLD.Isend(a, 0, 1, MPI.DOUBLE, right, 1); }",
                        "                compute: { x += s; }"))));
    }

    @Test
    void sendDependingOnTheLoopVariableIsPipelined() {
        check(program(loop("for (int t = 1; t < size; t += 2)", NONE, region(YES,
                "                send: { MPI.COMM_WORLD.Send(a, 0, 1 + t % 3, MPI.DOUBLE, (rank + t) % size, 1); }",
                COMPUTE))));
    }

    @Test
    void pointToPointSendInTheTailForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the loop tail (the statements after "
                + "the region) sends", SEND, COMPUTE), "            MPI.COMM_WORLD.Send(e, 0, 1, MPI.DOUBLE, right, 2);",
                "            MPI.COMM_WORLD.Recv(g, 0, 1, MPI.DOUBLE, left, 2);")));
    }

    @Test
    void breakInTheTailForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the loop tail may leave the loop",
                SEND, COMPUTE), "            if (a[0] > 100) break;")));
    }

    @Test
    void returnInTheTailForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the loop tail may return",
                SEND, COMPUTE), "            if (a[0] > 100) { MPI.Finalize(); return; }")));
    }

    @Test
    void continueInTheTailIsFine() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(YES, SEND, COMPUTE),
                "            if (it % 2 == 0) continue;", "            x++;")));
    }

    @Test
    void breakInTheComputeBlockIsFine() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(YES, SEND,
                "                compute: { a[0] = a[0] + b[0]; if (a[0] > 100) break; }"))));
    }

    @Test
    void continueBeforeTheRegionForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", new String[] {"            if (it == 2) continue;"},
                region(NO + "the statements before the region may leave the iteration", SEND, COMPUTE))));
    }

    @Test
    void conditionOnAFlagTheTailSetsForbids() {
        String[] lines = program(loop("for (int it = 0; it < n && x == 0; it++)", NONE, region(NO
                + "the loop condition reads x, which the loop tail changes", SEND, COMPUTE),
                "            if (a[0] > 100) x = 1;"));
        check(lines);
    }

    @Test
    void whileLoopIsNotPipelined() {
        check(program(loop("while (x < n)", NONE, region(NO + "the region is in a while loop", SEND, COMPUTE),
                "            x++;")));
    }

    @Test
    void regionUnderAConditionalIsNotPipelined() {
        check(program(loop("for (int it = 0; it < n; it++)", new String[] {"            if (it > 0) {"},
                region(NO + "not a statement of its loop's body", SEND, COMPUTE), "            }")));
    }

    @Test
    void sendReadingWhatTheTailWritesForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the send block reads a, changed by the "
                + "loop tail (the statements after the region)", SEND, COMPUTE), "            a[1] = it;")));
    }

    @Test
    void unknownCallsOnTheObjectTheSendBlockPacksForbid() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the send block changes a (which may share objects with k)",
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            k.relax();")));
    }

    @Test
    void unknownCallsOnBothSidesForbid() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "both of unknown effect",
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            k2.relax();")));
    }

    @Test
    void unknownCallInTheSendBlockAndAStaticWrittenInTheTailForbid() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "changes the static counter",
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            counter++;")));
    }

    @Test
    void unknownCallInTheSendBlockAndKnownCallsInTheTailAreFine() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(YES,
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            double t = MPI.Wtime() + Math.abs(g[0]) + twice(it);",
                "            MPI.COMM_WORLD.Allreduce(e, 0, g, 0, 1, MPI.DOUBLE, MPI.SUM);")));
    }

    @Test
    void writeThroughAnotherNameOfTheSentArrayForbids() {
        check(program("        double[] c = a;", loop("for (int it = 0; it < n; it++)", NONE, region(NO + "the send block "
                + "reads a (which may share objects with c), changed by the loop tail", SEND, COMPUTE), "            c[1] = it;")));
    }

    @Test
    void writeThroughAnArrayTheKernelHandsOutForbids() {
        check(program("        double[] row = k.data;", loop("for (int it = 0; it < n; it++)", NONE, region(NO
                + "the send block changes a (which may share objects with k, row), used by the loop tail",
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            row[0] = it;")));
    }

    /**
     * Regression: a number a kernel computes, stored into an element of a primitive array (jacobi3d's
     * {@code err[0] = k.relaxAll()}), made that array an alias of the kernel, so the Allreduce of it in the
     * tail forbade pipelining the send block that packs the kernel's faces.
     */
    @Test
    void numberStoredFromTheKernelIsNoAliasOfIt() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(YES,
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }",
                "                compute: { k.relax(); e[0] = k.data[0]; }"),
                "            if (it % 3 == 0) MPI.COMM_WORLD.Allreduce(e, 0, g, 0, 1, MPI.DOUBLE, MPI.MAX);")));
    }

    /** Regression: {@code long[] sum = {k.checksum()}} (after the loop) made sum an alias of the kernel. */
    @Test
    void primitiveArrayInitialisedFromTheKernelIsNoAliasOfIt() {
        String[] body = loop("for (int it = 0; it < n; it++)", NONE, region(YES,
                "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }", COMPUTE),
                "            s[0] = it;");
        List<String> all = new ArrayList<>(List.of("        double[] s = {k.data[0]};"));
        all.addAll(List.of(body));
        check(program(all.toArray(new String[0])));
    }

    /** The same kernel array stored whole into another name still links them (no over-correction). */
    @Test
    void kernelArrayStoredIntoAnElementOfAnArrayOfArraysStillForbids() {
        check(program("        double[][] rows = new double[1][];", loop("for (int it = 0; it < n; it++)", NONE,
                region(NO + "the send block changes a (which may share objects with k, rows), used by the loop tail",
                        "                send: { k.pack(a); MPI.COMM_WORLD.Send(a, 0, 4, MPI.DOUBLE, right, 1); }",
                        COMPUTE),
                "            rows[0] = k.data;", "            rows[0][1] = it;")));
    }

    @Test
    void writeToAnotherArrayIsFine() {
        check(program("        double[] c = new double[2];", loop("for (int it = 0; it < n; it++)", NONE,
                region(YES, SEND, COMPUTE), "            c[1] = it + b[0];")));
    }

    @Test
    void loopVariableWrittenInTheBodyForbids() {
        check(program(loop("for (int it = 0; it < n; it++)", NONE, region(NO + "writes the loop variable it",
                SEND, COMPUTE), "            if (a[0] > 5) it++;")));
    }

    @Test
    void shortLoopVariableForbids() {
        check(program(loop("for (short it = 0; it < n; it++)", NONE, region(NO + "is not an int or long local",
                SEND, COMPUTE))));
    }

    @Test
    void updateThatIsNotAStepForbids() {
        check(program(loop("for (int it = 1; it < n; it *= 2)", NONE, region(NO + "not one step of one variable",
                SEND, COMPUTE))));
    }

    @Test
    void regionOnTheLoopIsPipelined() {
        check(program(
                "        olap: for (int it = 0; it < n; it++) {",
                "            receive: { MPI.COMM_WORLD.Recv(b, 0, 1, MPI.DOUBLE, left, 1); }",
                "            " + YES,
                "            send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, right, 1); }",
                "            compute: { a[0] = a[0] + b[0]; }",
                "        }"));
    }

    @Test
    void pipelinedCopyReadsTheNextValueOfTheLoopVariable() {
        String[] lines = program(loop("for (int t = 1; t < size; t += 2)", NONE, region(YES,
                "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, (rank + t) % size, 1); }",
                COMPUTE)));
        TranslationResult r = new Translator().translate(List.of(new SourceFile("P.java", String.join("\n", lines))));
        String task = r.generated().get(0).text();
        assertTrue(task.contains("if ((t + 2) < size) {"), task);
        assertTrue(task.contains("send((rank + (t + 2)) % size, 1, a, 0, 1);"), task);
        assertEquals(1, task.split("bambooPipedOlap\\d+ = true;", -1).length - 1, "one place sets the flag");
    }

    /** Regression: the pipelined copy and the guarded send block lost their positions (or their parent) and
     *  kept the name of a loop variable that the analysis renamed because two loops declare it. */
    @Test
    void twoLoopsWithOneVariableNameRenameThePipelinedCopies() {
        String[] lines = program(
                loop("for (int t = 0; t < n; t++)", NONE, region(YES,
                        "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, right, t); }", COMPUTE)),
                loop("for (int t = 0; t < n; t++)", NONE, region(YES,
                        "                send: { MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, left, 100 + t); }", COMPUTE)));
        check(lines);
        TranslationResult r = new Translator().translate(List.of(new SourceFile("P.java", String.join("\n", lines))));
        String task = r.generated().get(0).text();
        assertTrue(task.contains("if ((t_2 + 1) < n) {"), task);
        assertTrue(task.contains("send(left, 100 + (t_2 + 1), a, 0, 1);"), task);
        assertTrue(task.contains("send(left, 100 + t_2, a, 0, 1);"), task);
    }

    /** Regression: in a region without a compute block the pipelined copy ran before the evaluation point. */
    @Test
    void regionWithoutComputeBlockSendsTheNextIterationAfterItsReceives() {
        String[] lines = program(loop("for (int it = 0; it < n; it++)", NONE, region(YES, SEND)));
        check(lines);
        TranslationResult r = new Translator().translate(List.of(new SourceFile("P.java", String.join("\n", lines))));
        String task = r.generated().get(0).text();
        int receive = task.indexOf("// receive block from P.java");
        int next = task.indexOf("// send blocks of the next iteration");
        assertTrue(receive > 0 && next > receive, task);
    }
}
