package bamboo.shim.nativempi;

import java.util.Map;

/**
 * Who started this process, read from the environment the launchers set: Open MPI's mpirun
 * ({@code OMPI_COMM_WORLD_*}), MPICH's Hydra ({@code PMI_RANK}, {@code PMI_SIZE}, {@code MPI_LOCALRANKID}) or
 * Slurm's srun ({@code SLURM_PROCID}, {@code SLURM_NTASKS}, {@code SLURM_LOCALID}, {@code SLURM_STEP_NODELIST}).
 * It picks the MPI library to bind to and lets the device check, after MPI_Init, that the library sees the
 * world the launcher started (a library that does not match its launcher makes N worlds of one rank).
 *
 * @param launcher  "mpirun (Open MPI)", "mpiexec (MPICH)", "srun", or null when no launcher is seen
 * @param rank      rank in the job, -1 when unknown
 * @param size      ranks in the job, -1 when unknown
 * @param localRank rank among the job's processes on this host, -1 when unknown
 * @param nodes     Slurm's node list of the job step, else null
 * @param prefer    the implementation the launcher belongs to: "openmpi", "mpich", or null
 */
public record LaunchEnv(String launcher, int rank, int size, int localRank, String nodes, String prefer) {

    /** This process's launch environment. */
    public static LaunchEnv current() {
        return of(System.getenv());
    }

    /** The launch environment described by {@code env}. */
    public static LaunchEnv of(Map<String, String> env) {
        if (env.containsKey("OMPI_COMM_WORLD_RANK")) {
            return new LaunchEnv("mpirun (Open MPI)", num(env, "OMPI_COMM_WORLD_RANK"), num(env, "OMPI_COMM_WORLD_SIZE"),
                    num(env, "OMPI_COMM_WORLD_LOCAL_RANK"), null, "openmpi");
        }
        if (env.containsKey("SLURM_PROCID") && env.containsKey("SLURM_STEP_ID")) {
            // srun: the MPI library is whichever PMI Slurm serves (--mpi=pmix for Open MPI, pmi2 for MPICH).
            final String prefer = env.containsKey("PMIX_RANK") ? "openmpi"
                    : env.containsKey("PMI_FD") || env.containsKey("PMI_RANK") ? "mpich" : null;
            return new LaunchEnv("srun", num(env, "SLURM_PROCID"), num(env, "SLURM_NTASKS"), num(env, "SLURM_LOCALID"),
                    env.get("SLURM_STEP_NODELIST"), prefer);
        }
        if (env.containsKey("PMI_RANK")) {
            return new LaunchEnv("mpiexec (MPICH)", num(env, "PMI_RANK"), num(env, "PMI_SIZE"),
                    num(env, "MPI_LOCALRANKID"), null, "mpich");
        }
        if (env.containsKey("PMIX_RANK")) {
            return new LaunchEnv("a PMIx launcher", num(env, "PMIX_RANK"), -1, -1, null, "openmpi");
        }
        return new LaunchEnv(null, -1, -1, -1, null, null);
    }

    private static int num(Map<String, String> env, String key) {
        final String v = env.get(key);
        if (v == null) {
            return -1;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Null when the library's world agrees with the launcher's, else a one-line explanation: a launcher that
     * started N processes whose library sees worlds of one means the library is not the launcher's.
     */
    public String mismatch(String library, int mpiRank, int mpiSize) {
        if (launcher == null || size < 0 || (size == mpiSize && rank == mpiRank)) {
            return null;
        }
        return launcher + " started this process as rank " + rank + " of " + size + ", but " + library
                + " sees rank " + mpiRank + " of " + mpiSize + ": the MPI library is not the one the launcher"
                + " serves (set BAMBOO_MPI_LIB=openmpi|mpich|/path/to/libmpi.so, or for srun pass"
                + " --mpi=pmix for Open MPI, --mpi=pmi2 for MPICH)";
    }
}
