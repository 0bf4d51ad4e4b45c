package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A skipped virtual row names the machine's JDK 21+ when there is one, else says to install one. */
class JdksTest {

    @Test
    void findsTheNewestJdkWithVirtualThreads(@TempDir Path root) throws Exception {
        jdk(root.resolve("java-17-openjdk"), "17.0.15");
        jdk(root.resolve("temurin-21"), "21.0.2");
        jdk(root.resolve("temurin-25"), "25.0.3");
        Files.createDirectories(root.resolve("not-a-jdk"));
        assertEquals(root.resolve("temurin-25"), Jdks.withVirtualThreads(root));
        assertEquals("virtual threads need JDK 21+, this is JDK 17 (a JDK 21+ is installed: JAVA_HOME="
                + root.resolve("temurin-25") + " ./bamboo bench apps ...)",
                Jdks.virtualSkipReason(17, Jdks.withVirtualThreads(root)));
    }

    @Test
    void withoutOneSaysToInstallIt(@TempDir Path root) throws Exception {
        jdk(root.resolve("java-17-openjdk"), "17.0.15");
        assertNull(Jdks.withVirtualThreads(root, root.resolve("missing")));
        assertEquals("virtual threads need JDK 21+, this is JDK 17 (install a JDK 21+ and run with JAVA_HOME"
                + " pointing at it)", Jdks.virtualSkipReason(17, null));
    }

    private static void jdk(Path home, String version) throws Exception {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
