package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class WtimeFixTest {

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Defines the mended class alone in a loader of its own. */
    private static Class<?> define(String name, byte[] b) {
        return new ClassLoader(null) {
            Class<?> make() {
                return defineClass(name, b, 0, b.length);
            }
        }.make();
    }

    @Test
    void mendedClockHasMillisecondsAndTheRestOfTheClassStillWorks() throws Exception {
        double whole = WholeSecondClock.wtime();
        assertEquals(Math.rint(whole), whole, 0, "the fixture really has the whole-second bug");
        Class<?> mended = define(WholeSecondClock.class.getName(), WtimeFix.apply(bytesOf(WholeSecondClock.class)));
        Method wtime = mended.getMethod("wtime");
        boolean fraction = false;
        for (int i = 0; i < 50 && !fraction; i++) {
            double before = System.currentTimeMillis() / 1000.0;
            double t = (double) wtime.invoke(null);
            double after = System.currentTimeMillis() / 1000.0;
            assertTrue(before <= t && t <= after, before + " <= " + t + " <= " + after);
            fraction = t != Math.rint(t);
            Thread.sleep(3);
        }
        assertTrue(fraction, "milliseconds show");
        assertEquals(42L, mended.getMethod("twice", long.class).invoke(null, 21L));
    }

    @Test
    void aClassWithoutTheWholeSecondBodyIsRefused() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WtimeFix.apply(bytesOf(WtimeFixTest.class)));
        assertEquals("no whole-second Wtime body (currentTimeMillis / 1000 in long)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WtimeFix.apply(new byte[] {1, 2, 3, 4, 0, 0, 0, 0, 0, 1}));
    }

    @Test
    void mpjExpressClassIsMendedInItsWtimeOnly() throws Exception {
        Path jar = Path.of("/usr/share/mpj/lib/mpi.jar");
        Assumptions.assumeTrue(Files.isRegularFile(jar), "MPJ Express not installed (apt-get install libmpj-java)");
        byte[] original;
        try (ZipFile z = new ZipFile(jar.toFile()); InputStream in = z.getInputStream(z.getEntry("mpi/MPI.class"))) {
            original = in.readAllBytes();
        }
        byte[] mended = WtimeFix.apply(original);
        assertEquals(original.length + 9, mended.length, "one double constant more, the code the same length");
    }
}
