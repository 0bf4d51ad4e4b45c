package bamboo.processor;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.translator.smap.ClassFiles;
import bamboo.translator.smap.SourceMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The companions javac compiles through the processor carry the source map back to the program's lines. */
class ProcessorSourceMapTest {
    @TempDir
    Path tmp;

    @Test
    void theTaskClassMapsItsCodeToTheProgramAndTheProgramIsUntouched() throws Exception {
        InProcessCompiler.Outcome o = InProcessCompiler.compile(List.of(InProcessCompiler.program("demo/Ring.java")),
                tmp.resolve("classes"), tmp.resolve("generated"), List.of(new BambooProcessor()));
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        List<String> generated = Files.readAllLines(tmp.resolve("generated/demo/Ring_BambooTask.java"));
        byte[] bytes = Files.readAllBytes(tmp.resolve("classes/demo/Ring_BambooTask.class"));
        String smap = ClassFiles.sourceDebugExtension(bytes);
        assertNotNull(smap, "the task class has a source map");
        assertTrue(smap.startsWith("SMAP\nRing_BambooTask.java\nBamboo\n*S Bamboo\n*F\n+ 1 Ring.java\n"
                + "demo/Ring.java\n*L\n"), smap);
        // the entry point holds no line of the program (its graph() is all Bamboo's): no map
        assertNull(ClassFiles.sourceDebugExtension(Files.readAllBytes(tmp.resolve("classes/demo/Ring_Bamboo.class"))));
        // a line of the task under a '// from Ring.java:N' comment maps to N
        int comment = -1;
        for (int i = 0; i < generated.size() && comment < 0; i++) {
            if (generated.get(i).strip().matches("// from Ring\\.java:\\d+")) {
                comment = i;
            }
        }
        assertTrue(comment >= 0, "a '// from' comment in " + generated);
        int from = Integer.parseInt(generated.get(comment).replaceAll(".*:", ""));
        String statement = generated.get(comment + 1).strip();
        List<String> program = Files.readAllLines(InProcessCompiler.program("demo/Ring.java"));
        int mapped = SourceMap.inputLine(smap, comment + 2);
        // the comment's line, or the line below it where the program has the very statement
        assertTrue(mapped == from || mapped > from && program.get(mapped - 1).strip().equals(statement),
                "line " + (comment + 2) + " (" + statement + ") maps to " + mapped + " of Ring.java, from " + from
                        + ":\n" + smap);
        assertNull(ClassFiles.sourceDebugExtension(Files.readAllBytes(tmp.resolve("classes/demo/Ring.class"))));
    }
}
