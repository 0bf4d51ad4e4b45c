package bamboo.translator.smap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class-file edit behind the source maps: what javac wrote stays valid, the attribute reads back. */
class ClassFilesTest {
    @TempDir
    Path dir;

    private byte[] compile() throws IOException {
        Path src = dir.resolve("p/Small_BambooTask.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, String.join("\n",
                "package p;",
                "public class Small_BambooTask {",
                "    static final long BIG = 1L << 40;",       // a long constant: two pool slots
                "    static final double D = 2.5;",
                "    public static String run() {",
                "        Runnable r = () -> { };",              // invokedynamic, bootstrap methods
                "        r.run();",
                "        return \"ok \" + BIG + D;",
                "    }",
                "}", ""));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-g", "-d", dir.resolve("classes").toString(), src.toString()));
        return Files.readAllBytes(dir.resolve("classes/p/Small_BambooTask.class"));
    }

    @Test
    void anExtensionWrittenReadsBackAndTheClassStillLoadsAndRuns() throws Exception {
        byte[] original = compile();
        assertEquals("Small_BambooTask.java", ClassFiles.sourceFile(original));
        assertNull(ClassFiles.sourceDebugExtension(original));
        String smap = "SMAP\nSmall_BambooTask.java\nBamboo\n*S Bamboo\n*F\n+ 1 Small.java\np/Small.java\n*L\n3#1:5\n*E\n";
        byte[] stamped = ClassFiles.withSourceDebugExtension(original, smap);
        assertEquals(smap, ClassFiles.sourceDebugExtension(stamped));
        assertEquals("Small_BambooTask.java", ClassFiles.sourceFile(stamped));
        // the JVM verifies and runs it
        Class<?> c = new ClassLoader(null) {
            Class<?> define() {
                return defineClass("p.Small_BambooTask", stamped, 0, stamped.length);
            }
        }.define();
        assertEquals("ok 10995116277762.5", c.getMethod("run").invoke(null));
    }

    @Test
    void javapShowsTheExtension() throws Exception {
        byte[] stamped = ClassFiles.withSourceDebugExtension(compile(), "SMAP\nX.java\nBamboo\n*E\n");
        Path file = dir.resolve("Stamped.class");
        Files.write(file, stamped);
        Path javap = Path.of(System.getProperty("java.home"), "bin", "javap");
        Process p = new ProcessBuilder(javap.toString(), "-v", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("SourceDebugExtension:"), out);
        assertTrue(out.contains("SMAP"), out);
    }

    @Test
    void aSecondExtensionReplacesTheFirstAndTheNameIsNotAddedTwice() throws IOException {
        byte[] once = ClassFiles.withSourceDebugExtension(compile(), "SMAP\nfirst\n");
        byte[] twice = ClassFiles.withSourceDebugExtension(once, "SMAP\nsecond\n");
        assertEquals("SMAP\nsecond\n", ClassFiles.sourceDebugExtension(twice));
        assertEquals(once.length - "first".length() + "second".length(), twice.length);
    }

    @Test
    void nonAsciiTextIsStoredAsModifiedUtf8() throws IOException {
        String text = "SMAP\nÜber_Bamboo.java\n\u0000\uD83D\uDE00\n";
        assertEquals(text, ClassFiles.sourceDebugExtension(ClassFiles.withSourceDebugExtension(compile(), text)));
        // NUL in two bytes, each surrogate in three: never a 0 byte, never a four-byte sequence
        assertArrayEquals(new byte[] {(byte) 0xc0, (byte) 0x80}, ClassFiles.modifiedUtf8("\u0000"));
        assertEquals(6, ClassFiles.modifiedUtf8("\uD83D\uDE00").length);
    }

    @Test
    void bytesThatAreNoClassFileAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClassFiles.withSourceDebugExtension(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, "x"));
        assertTrue(e.getMessage().contains("not a class file"), e.getMessage());
        byte[] truncated = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0};
        assertThrows(IllegalArgumentException.class, () -> ClassFiles.sourceFile(truncated));
    }
}
