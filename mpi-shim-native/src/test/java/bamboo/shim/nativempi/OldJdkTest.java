package bamboo.shim.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** On a JDK older than 22 the device's entry point says in one line what it needs. */
class OldJdkTest {
    private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");

    @Test
    void jdk17GetsOneLineNamingTheJdkTheDeviceNeeds() throws Exception {
        assumeTrue(Files.isExecutable(JDK17), "no JDK 17 at " + JDK17);
        final Launch.Result r = Launch.exec(List.of(JDK17.toString(), "-cp", Launch.classPath(),
                RankMain.class.getName(), "demo.Main"), null, 60);
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertEquals("bamboo: the native MPI device needs JDK 22 or later (the foreign function API); this is JDK 17 at "
                + "/usr/lib/jvm/java-17-openjdk-amd64: run it with a newer java\n", r.err());
    }
}
