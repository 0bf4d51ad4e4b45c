package bamboo.translator.parse;

import bamboo.translator.TestInputs;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.type.Type;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code Printed.plainType} is {@code toString()} wherever it answers, on every type of the inputs. */
class PlainTypeTest {
    @Test
    void agreesWithToStringOnEveryTypeOfTheInputsAndCommentedOrAnnotatedVariants() throws IOException {
        List<Path> inputs = TestInputs.programs();
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        int answered = 0;
        int declined = 0;
        for (Path p : inputs) {
            String text = Files.readString(p);
            String[] variants = {text,
                    text.replace("double[]", "double /* a */ []").replace("int ", "/* b */ int ")
                            .replace("String ", "String // c\n "),
                    text.replace("double[] ", "double @Deprecated [] ").replace("int[]", "@Deprecated int[]")
                            .replace("String[]", "java.lang. /* d */ String[]")};
            for (int v = 0; v < variants.length; v++) {
                var parsed = parser.parse(variants[v]);
                if (!parsed.isSuccessful()) {
                    assertTrue(v > 0, () -> p + " does not parse");
                    continue;
                }
                for (Node n : parsed.getResult().orElseThrow().findAll(Node.class)) {
                    String plain = Printed.plainType(n);
                    if (plain != null) {
                        assertEquals(n.toString(), plain, () -> p + ": " + n);
                        answered++;
                    } else if (n instanceof Type) {
                        declined++;
                    }
                }
            }
        }
        assertTrue(answered > 10_000, "answered " + answered);
        assertTrue(declined > 100, "declined " + declined);
    }

    @Test
    void answersNothingButTypes() {
        CompilationUnit cu = new JavaParser().parse("class A { int x = 1; }").getResult().orElseThrow();
        assertNull(Printed.plainType(cu));
        assertNull(Printed.plainType(cu.getType(0).getFields().get(0).getVariable(0)));
        assertEquals("int", Printed.plainType(cu.getType(0).getFields().get(0).getVariable(0).getType()));
    }

    /** Printing a task class puts a printer on its unit for the time of printing, and puts the old one back. */
    @Test
    void printingLeavesTheUnitsPrinterAsItWas() {
        CompilationUnit cu = new JavaParser().parse("class A { int[] x = {1}, y[] = {}; String s; }")
                .getResult().orElseThrow();
        String stock = cu.toString();
        assertTrue(!cu.containsData(Node.PRINTER_KEY) || cu.getData(Node.PRINTER_KEY) != null);
        boolean had = cu.containsData(Node.PRINTER_KEY);
        Object before = had ? cu.getData(Node.PRINTER_KEY) : null;
        assertEquals(stock, bamboo.translator.emit.Printer.print(cu));
        assertEquals(had, cu.containsData(Node.PRINTER_KEY));
        if (had) {
            assertTrue(before == cu.getData(Node.PRINTER_KEY));
        }
    }
}
