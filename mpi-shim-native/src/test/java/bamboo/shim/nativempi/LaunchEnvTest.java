package bamboo.shim.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the device reads from the environments that Open MPI's mpirun, MPICH's Hydra and Slurm's srun set. */
class LaunchEnvTest {

    @Test
    void openMpisMpirunGivesRankSizeLocalRankAndPicksOpenMpi() {
        final LaunchEnv e = LaunchEnv.of(Map.of("OMPI_COMM_WORLD_RANK", "3", "OMPI_COMM_WORLD_SIZE", "8",
                "OMPI_COMM_WORLD_LOCAL_RANK", "1", "PMIX_RANK", "3"));
        assertEquals(new LaunchEnv("mpirun (Open MPI)", 3, 8, 1, null, "openmpi"), e);
    }

    @Test
    void hydrasMpiexecGivesRankAndSizeAndPicksMpich() {
        final LaunchEnv e = LaunchEnv.of(Map.of("PMI_RANK", "2", "PMI_SIZE", "4", "MPI_LOCALRANKID", "0",
                "PMI_FD", "7"));
        assertEquals(new LaunchEnv("mpiexec (MPICH)", 2, 4, 0, null, "mpich"), e);
    }

    /** The variables srun sets for task 5 of 6 (with --mpi=pmix it adds PMIX_RANK; with pmi2, PMI_FD). */
    @Test
    void slurmsSrunGivesTaskNodeListAndTheLibraryOfItsPmiPlugin() {
        final Map<String, String> srun = Map.of("SLURM_PROCID", "5", "SLURM_NTASKS", "6", "SLURM_LOCALID", "2",
                "SLURM_STEP_NODELIST", "node[01-02]", "SLURM_STEP_ID", "0", "SLURM_JOB_ID", "42");
        assertEquals(new LaunchEnv("srun", 5, 6, 2, "node[01-02]", null), LaunchEnv.of(srun));
        final java.util.HashMap<String, String> pmix = new java.util.HashMap<>(srun);
        pmix.put("PMIX_RANK", "5");
        assertEquals("openmpi", LaunchEnv.of(pmix).prefer());
        final java.util.HashMap<String, String> pmi2 = new java.util.HashMap<>(srun);
        pmi2.put("PMI_FD", "9");
        pmi2.put("PMI_RANK", "5");
        assertEquals("srun", LaunchEnv.of(pmi2).launcher());
        assertEquals("mpich", LaunchEnv.of(pmi2).prefer());
    }

    @Test
    void aSlurmAllocationWithoutAStepIsNoLauncher() {
        // salloc and sbatch set SLURM_PROCID for the batch script itself; only srun starts a job step's tasks.
        assertNull(LaunchEnv.of(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "4", "SLURM_JOB_ID", "42")).launcher());
    }

    @Test
    void aLibraryThatSeesAWorldOfOneUnderALauncherOfFourIsReported() {
        final LaunchEnv e = LaunchEnv.of(Map.of("SLURM_PROCID", "3", "SLURM_NTASKS", "4", "SLURM_STEP_ID", "0"));
        final String m = e.mismatch("libmpich.so.12", 0, 1);
        assertTrue(m.startsWith("srun started this process as rank 3 of 4, but libmpich.so.12 sees rank 0 of 1"), m);
        assertNull(e.mismatch("libmpich.so.12", 3, 4));
        assertNull(LaunchEnv.of(Map.of()).mismatch("libmpi.so.40", 0, 1));
    }
}
