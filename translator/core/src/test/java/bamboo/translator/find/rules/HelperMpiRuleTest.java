package bamboo.translator.find.rules;

import bamboo.translator.DiagnosticHelper;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.SourceFile;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HelperMpiRuleTest {
    @Test
    void helperAskingOnlyForRankIsAccepted() {
        DiagnosticHelper.create().addSourceLines("P.java",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        System.out.println(who());",
            "        MPI.Finalize();",
            "    }",
            "    static String who() throws MPIException { return \"rank \" + MPI.COMM_WORLD.Rank(); }",
            "}").doTest();
    }

    /** The inline stage takes every helper that needs the task into main; one it left is refused at its call. */
    @Test
    void helperLeftWithABarrierIsRefusedAtTheBarrier() {
        String text = String.join("\n",
            "class P {",
            "    public static void main(String[] args) { sync(); }",
            "    static void sync() { helper(); }",
            "    static void helper() { MPI.COMM_WORLD.Barrier(); }",
            "}");
        CompilationUnit unit = StaticJavaParser.parse(text);
        ClassOrInterfaceDeclaration type = unit.getClassByName("P").orElseThrow();
        for (MethodCallExpr c : unit.findAll(MethodCallExpr.class)) {
            if (c.getNameAsString().equals("Barrier")) {
                c.setData(MpiCall.KEY, new MpiCall(MpiOp.COLLECTIVE, "Barrier"));
            }
        }
        Program program = new Program(new ParsedUnit(new SourceFile("P.java", text), unit, List.of(type), List.of(),
                List.of(), List.of()), type, type.getMethodsByName("main").get(0), List.of());
        Diagnostics d = new Diagnostics();
        new HelperMpiRule().check(program, d);
        assertEquals(List.of(new Diagnostic("P.java", 4, 28, "method helper is called from main and calls MPI "
                + "(Barrier); MPI calls in helper methods are not translated yet: move the call into main")), d.list());
    }
}
