package bamboo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/** {@code run --device mpi}: what it refuses, and what it needs on an old JDK, each in one line. */
class NativeDeviceOptionTest {

    @Test
    void translatedAndThreadsDeviceOptionsAreRefusedWithTheMpiDevice() {
        CliRun r = CliRun.of("run", "--device", "mpi", "--translated", "--np", "2", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--device mpi runs programs untranslated"), r.toString());
        r = CliRun.of("run", "--device", "mpi", "--np", "2", "--nodes", "2", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("with --device mpi every rank is a process of the MPI library"), r.toString());
        r = CliRun.of("run", "--device", "mpi", "--np", "2", "--hostfile", "hosts", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("run mpirun yourself"), r.toString());
    }

    @Test
    void anOldJdkIsToldWhichJdkTheMpiDeviceNeeds() {
        assumeTrue(Runtime.version().feature() < 22, "this JDK has the foreign function API");
        CliRun r = CliRun.of("run", "--device", "mpi", "--np", "2", "X.java");
        assertEquals(2, r.exitCode, r.toString());
        assertTrue(r.err.contains("--device mpi needs JDK 22 or later (the foreign function API); this is JDK "
                + Runtime.version().feature() + ": add --java-home DIR of a newer JDK"), r.toString());
        assertEquals(1, r.err.strip().lines().count(), r.toString());
    }
}
