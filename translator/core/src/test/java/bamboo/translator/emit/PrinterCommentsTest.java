package bamboo.translator.emit;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.comments.LineComment;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Printer} prints line comments exactly as {@code toString()} does, whatever their text. */
class PrinterCommentsTest {
    private static final String[] TEXTS = {"", " plain", " where execute() resumes", "trailing space ", "tab\t",
        " both \t ", "cr\r", "lf\ninside", "crlf\r\nend", "vt\u000Bff\u000C", "nel\u0085", "ls\u2028ps\u2029",
        "\u2028", " ends in nel\u0085", " a\\R b \\s", "\t"};

    @Test
    void lineCommentsOnMembersStatementsAndOrphans() {
        CompilationUnit cu = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17))
                .parse("class A {\n    int f;\n    void m() {\n        int x = 1;\n        x++;\n    }\n}\n")
                .getResult().orElseThrow();
        ClassOrInterfaceDeclaration a = cu.getClassByName("A").orElseThrow();
        MethodDeclaration m = a.getMethodsByName("m").get(0);
        int i = 0;
        for (String text : TEXTS) {
            a.addField("int", "f" + i++).setComment(new LineComment(text));
            m.getBody().orElseThrow().addStatement("x = " + i + ";");
            m.getBody().orElseThrow().getStatements().getLast().orElseThrow().setComment(new LineComment(text));
            m.getBody().orElseThrow().addOrphanComment(new LineComment(text));
        }
        String expected = cu.toString();
        assertTrue(expected.contains("// where execute() resumes"), expected);
        assertEquals(expected, Printer.print(cu));
    }
}
