package bamboo.shim.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import bamboo.shim.nativempi.programs.Suite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A rank started with the environment srun sets for task 1 of 2 (Slurm itself is not installed here), whose
 * library was not started by that launcher and so sees a world of one: MPI.Init fails in one line instead of
 * the program running alone.
 */
class SlurmEnvironmentTest {

    @Test
    void aLibraryThatDoesNotSeeSrunsWorldFailsInitInOneLine() throws Exception {
        final Launch.Mpi mpi = Launch.Mpi.MPICH;
        final String missing = mpi.missing();
        assumeTrue(missing == null, missing);
        final ProcessBuilder pb = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED",
                "-XX:+UseSerialGC", "-cp", Launch.classPath(), RankMain.class.getName(), Suite.class.getName()));
        final Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("OMPI_") || k.startsWith("PMI") || k.startsWith("SLURM_"));
        env.putAll(Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "2", "SLURM_LOCALID", "1", "SLURM_STEP_ID", "0",
                "SLURM_JOB_ID", "7", "SLURM_STEP_NODELIST", "localhost", "BAMBOO_MPI_LIB", "mpich"));
        final Launch.Result r = Launch.exec(pb, 120);
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("rank 1 failed: mpi.MPIException: MPI.Init: srun started this process as rank 1 of 2,"
                + " but libmpich.so.12 sees rank 0 of 1: the MPI library is not the one the launcher serves"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }
}
