package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.cli.launch.SourceCompiler;
import bamboo.cli.launch.TranslatedLauncher;
import bamboo.translator.smap.ClassFiles;
import bamboo.translator.smap.SourceMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program translated and compiled for {@code run --translated} carries a JSR-45 source map in its
 * companion classes: debuggers land on the line of the program the user wrote.
 */
class TranslatedSourceMapTest {
    @TempDir
    Path dir;

    @Test
    void theCompanionsSourceDebugExtensionMapsAGeneratedLineToTheProgramsLine() throws IOException {
        Path file = dir.resolve("Divide.java");
        Files.writeString(file, String.join("\n",
                "import mpi.*;",                                                     // 1
                "@bamboo.Bamboo",                                                     // 2
                "public class Divide {",                                              // 3
                "  public static void main(String[] args) throws Exception {",        // 4
                "    MPI.Init(args);",                                                // 5
                "    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();", // 6
                "    int[] out = {rank}, in = new int[1];",                           // 7
                "    for (int i = 0; i < 3; i++) {",                                  // 8
                "      olap: {",                                                      // 9
                "        receive: { MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 0); }", // 10
                "        send: { MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 0); }",         // 11
                "        compute: {",                                                 // 12
                "          int zero = in[0] - in[0];",                                // 13
                "          out[0] = 10 / zero;",                                      // 14
                "        }",
                "      }",
                "    }",
                "    MPI.Finalize();",
                "  }",
                "}", ""));
        // the generated source, as translate writes it: the run compiles the same text
        Path out = dir.resolve("out");
        CliRun t = CliRun.of("translate", file.toString(), "-d", out.toString());
        assertEquals(0, t.exitCode, t.toString());
        List<String> generated = Files.readAllLines(out.resolve("Divide_BambooTask.java"));
        int line = 0;
        for (int i = 0; i < generated.size(); i++) {
            if (generated.get(i).strip().equals("out[0] = 10 / zero;")) {
                line = i + 1;
            }
        }
        assertTrue(line > 0, "the statement is in the companion: " + generated);

        SourceCompiler.Output compiled = TranslatedLauncher.translateAndCompile(file, List.of());
        byte[] task = Files.readAllBytes(compiled.classesDir().resolve("Divide_BambooTask.class"));
        String smap = ClassFiles.sourceDebugExtension(task);
        assertNotNull(smap, "the companion has a source map");
        assertTrue(smap.startsWith("SMAP\nDivide_BambooTask.java\nBamboo\n"), smap);
        assertTrue(smap.contains("*F\n+ 1 Divide.java\nDivide.java\n"), smap);
        assertEquals(14, SourceMap.inputLine(smap, line), smap);
        // the program's own class is as javac wrote it
        assertNull(ClassFiles.sourceDebugExtension(Files.readAllBytes(compiled.classesDir().resolve("Divide.class"))));
    }
}
