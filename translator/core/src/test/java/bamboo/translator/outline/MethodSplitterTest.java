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
}
