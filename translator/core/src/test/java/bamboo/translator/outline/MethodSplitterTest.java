package bamboo.translator.outline;

import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the translator keeps generated methods small enough for HotSpot to compile, and short ones whole. */
class MethodSplitterTest {
    private static String task(String name, String source) {
        TranslationResult r = new Translator().translate(List.of(new SourceFile(name + ".java", source)));
        assertTrue(r.ok(), () -> r.diagnostics().toString());
        return r.generated().stream().filter(g -> g.relativePath().toString().endsWith("_BambooTask.java"))
                .map(GeneratedSource::text).findFirst().orElseThrow();
    }

    /** A ring exchange repeated {@code regions} times in a row, with {@code straight} statements per compute block. */
    private static String program(int regions, int straight) {
        StringBuilder b = new StringBuilder("import bamboo.Bamboo;\nimport mpi.*;\n\n@Bamboo\npublic class P {\n"
                + "    public static void main(String[] args) throws MPIException {\n        MPI.Init(args);\n"
                + "        int rank = MPI.COMM_WORLD.Rank();\n        int size = MPI.COMM_WORLD.Size();\n"
                + "        long[] v = new long[1];\n        long[] w = new long[1];\n        long s = rank;\n");
        for (int i = 0; i < regions; i++) {
            b.append("        olap").append(i).append(": {\n")
                    .append("            send: { v[0] = s; MPI.COMM_WORLD.Send(v, 0, 1, MPI.LONG, (rank + 1) % size, 3); }\n")
                    .append("            receive: { MPI.COMM_WORLD.Recv(w, 0, 1, MPI.LONG, (rank + size - 1) % size, 3); }\n")
                    .append("            compute: {\n                long t = w[0];\n");
            for (int k = 0; k < straight; k++) {
                b.append("                t = (t * 31 + ").append(k).append(") % 1000003L;\n");
            }
            b.append("                s = s ^ t;\n            }\n        }\n");
        }
        return b.append("        System.out.println(s);\n        MPI.Finalize();\n    }\n}\n").toString();
    }

    @Test
    void aShortProgramKeepsOneExecuteMethod() {
        String text = task("P", program(3, 2));
        assertTrue(text.contains("bambooLoop: while (true)"), text);
        assertFalse(text.contains("bambooExecute") || text.contains("bambooPart"), text);
    }

    @Test
    void aLongStateMachineIsCutIntoPartsThatExecuteCallsByTheRangeOfPc() {
        CompilationUnit cu = StaticJavaParser.parse(task("P", program(400, 2)));
        List<MethodDeclaration> parts = cu.findAll(MethodDeclaration.class,
                m -> m.getNameAsString().startsWith("bambooExecute"));
        assertTrue(parts.size() > 1, "parts: " + parts.size());
        MethodDeclaration execute = cu.findFirst(MethodDeclaration.class, m -> m.getNameAsString().equals("execute"))
                .orElseThrow();
        assertEquals(parts.size(), execute.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class,
                c -> c.getNameAsString().startsWith("bambooExecute")).size());
        for (MethodDeclaration m : cu.findAll(MethodDeclaration.class)) {
            assertTrue(Bytecode.estimate(m) <= MethodSplitter.BUDGET, m.getNameAsString() + ": "
                    + Bytecode.estimate(m));
        }
    }

    /**
     * A compute block too long for one method: its locals become task fields, so its runs (which assign
     * them) become methods of their own.
     */
    @Test
    void aLongComputeBlockIsCutIntoRunsThroughTaskFieldsForItsLocals() {
        String text = task("P", program(1, 1500));
        CompilationUnit cu = StaticJavaParser.parse(text);
        assertTrue(text.contains("private long bambooLocal1_t;"), text);
        assertTrue(cu.findAll(MethodDeclaration.class, m -> m.getNameAsString().startsWith("bambooPart")).size() > 2);
        for (MethodDeclaration m : cu.findAll(MethodDeclaration.class)) {
            assertTrue(Bytecode.estimate(m) <= MethodSplitter.BUDGET, m.getNameAsString() + ": "
                    + Bytecode.estimate(m));
        }
    }

    /** A ring exchange, then {@code after} in main. */
    private static String ringThen(String after) {
        return "import bamboo.Bamboo;\nimport mpi.*;\n\n@Bamboo\npublic class L {\n"
                + "    public static void main(String[] args) throws MPIException {\n        MPI.Init(args);\n"
                + "        int rank = MPI.COMM_WORLD.Rank();\n        int size = MPI.COMM_WORLD.Size();\n"
                + "        double[] a = new double[1000];\n        double sum = 0;\n        long[] w = new long[1];\n"
                + "        olapRing: {\n"
                + "            send: { MPI.COMM_WORLD.Send(w, 0, 1, MPI.LONG, (rank + 1) % size, 3); }\n"
                + "            receive: { MPI.COMM_WORLD.Recv(w, 0, 1, MPI.LONG, (rank + size - 1) % size, 3); }\n"
                + "        }\n" + after + "        System.out.println(sum);\n        MPI.Finalize();\n    }\n}\n";
    }

    private static MethodDeclaration method(CompilationUnit cu, String name) {
        return cu.findFirst(MethodDeclaration.class, m -> m.getNameAsString().equals(name)).orElseThrow(
                () -> new AssertionError("no method " + name + " in\n" + cu));
    }

    /**
     * A kernel loop after an evaluation point is a method of its own, not a loop inside the state
     * machine; main's locals it reads and the accumulator it assigns are locals there, the accumulator
     * written back to its task field when the loop ends.
     */
    @Test
    void aLoopWithoutEvaluationPointsIsAMethodWithMainsLocalsInLocals() {
        String text = task("L", ringThen("        for (int i = 0; i < a.length; i++) {\n"
                + "            sum += a[i] * rank;\n        }\n"));
        CompilationUnit cu = StaticJavaParser.parse(text);
        MethodDeclaration execute = method(cu, "execute");
        assertTrue(execute.findAll(com.github.javaparser.ast.stmt.ForStmt.class).isEmpty(), execute.toString());
        assertEquals(1, execute.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class,
                c -> c.getNameAsString().equals("bambooLoop1")).size(), execute.toString());
        String loop = method(cu, "bambooLoop1").toString();
        assertTrue(loop.contains("double sum = this.sum;") && loop.contains("double[] a = this.a;")
                && loop.contains("int rank = this.rank;"), loop);
        assertTrue(loop.contains("finally {") && loop.contains("this.sum = sum;"), loop);
        assertFalse(loop.contains("this.a = a;") || loop.contains("this.rank = rank;"), loop);
    }

    /** A loop that leaves main (a return in it) stays in the state machine, which alone can end the task. */
    @Test
    void aLoopThatReturnsFromMainStaysInPlace() {
        String text = task("L", ringThen("        for (int i = 0; i < a.length; i++) {\n"
                + "            if (a[i] > 1) {\n                return;\n            }\n            sum += a[i];\n        }\n"));
        CompilationUnit cu = StaticJavaParser.parse(text);
        assertEquals(1, method(cu, "execute").findAll(com.github.javaparser.ast.stmt.ForStmt.class).size(), text);
        assertTrue(cu.findAll(MethodDeclaration.class, m -> m.getNameAsString().startsWith("bambooLoop")).isEmpty(), text);
    }

    /** A main local a lambda in the loop reads stays a task field there, which the lambda reads through the task. */
    @Test
    void aMainLocalThatALambdaInTheLoopReadsIsNotCopied() {
        String text = task("L", ringThen("        for (int i = 0; i < a.length; i++) {\n"
                + "            java.util.function.IntSupplier s = () -> size;\n"
                + "            sum += a[i] * s.getAsInt();\n        }\n"));
        String loop = method(StaticJavaParser.parse(text), "bambooLoop1").toString();
        assertFalse(loop.contains("int size = this.size;"), loop);
        assertTrue(loop.contains("double sum = this.sum;"), loop);
    }
}
