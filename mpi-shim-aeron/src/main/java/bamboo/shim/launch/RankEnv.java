package bamboo.shim.launch;

import java.util.Map;

/**
 * Rank, size and the transport mode of a rank process, from its environment: set by {@link ProcessJob}
 * ({@code BAMBOO_RANK}, {@code BAMBOO_SIZE}) or by the launcher of a cluster: Open MPI's mpirun
 * ({@code OMPI_COMM_WORLD_RANK}/{@code _SIZE}), MPICH's Hydra ({@code PMI_RANK}/{@code PMI_SIZE}) or Slurm's
 * srun ({@code SLURM_PROCID}/{@code SLURM_NTASKS}).
 *
 * @param launcher the external launcher that started this rank, or null when {@link ProcessJob} did
 * @param job      the launcher's name for this job when it gives one (Open MPI's PMIx namespace, Slurm's job
 *                 and step), else null
 */
record RankEnv(int rank, int size, String aeronDir, String bootstrap, boolean bootstrapExternal, String host,
               String launcher, String job) {
    static final String RANK = "BAMBOO_RANK";
    static final String SIZE = "BAMBOO_SIZE";
    /** The shared media driver's directory: ranks talk over aeron:ipc. */
    static final String AERON_DIR = "BAMBOO_AERON_DIR";
    /** host:port of the bootstrap server; ranks embed a driver each and talk over UDP. */
    static final String BOOTSTRAP = "BAMBOO_BOOTSTRAP";
    /** "1" when the launcher serves the bootstrap (else rank 0 does). */
    static final String BOOTSTRAP_EXTERNAL = "BAMBOO_BOOTSTRAP_EXTERNAL";
    /** The address peers reach this rank at (default: this host's interface towards the bootstrap). */
    static final String HOST = "BAMBOO_HOST";

    static RankEnv from(Map<String, String> env) {
        String rank = value(env, RANK);
        String size = value(env, SIZE);
        String launcher = null;
        String job = null;
        if (rank == null) {
            for (String[] l : LAUNCHERS) {
                if (present(env, l)) {
                    launcher = l[0];
                    rank = value(env, l[1]);
                    size = value(env, l[2]);
                    job = jobName(env);
                    break;
                }
            }
        }
        if (rank == null || size == null) {
            throw new IllegalArgumentException("no rank given: start it with"
                    + " './bamboo run --device aeron', ProcessJob, mpirun, mpiexec or srun (none of BAMBOO_RANK/"
                    + "BAMBOO_SIZE, OMPI_COMM_WORLD_RANK/_SIZE, PMI_RANK/PMI_SIZE, SLURM_PROCID/SLURM_NTASKS is set)");
        }
        final int r = number(rank, "rank");
        final int n = number(size, "size");
        if (n < 1 || r < 0 || r >= n) {
            throw new IllegalArgumentException("rank " + r + " is not in a job of " + n
                    + " ranks");
        }
        final String dir = value(env, AERON_DIR);
        final String bootstrap = value(env, BOOTSTRAP);
        if (dir == null && bootstrap == null && n > 1) {
            throw new IllegalArgumentException("set " + BOOTSTRAP + "=host:port (an"
                    + " address on rank 0's host where it can listen) so that the ranks can find each other"
                    + " (e.g. mpirun -x " + BOOTSTRAP + "=node1:47000 ...)");
        }
        return new RankEnv(r, n, dir, bootstrap, "1".equals(value(env, BOOTSTRAP_EXTERNAL)), value(env, HOST),
                launcher, job);
    }

    /** Launchers in the order they are trusted: name, rank variable, size variable. Hydra's PMI_RANK comes
     *  before Slurm's SLURM_PROCID, which numbers Hydra's proxies, not ranks, when Hydra runs under Slurm. */
    private static final String[][] LAUNCHERS = {
        {"mpirun", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
        {"mpiexec", "PMI_RANK", "PMI_SIZE"},
        {"srun", "SLURM_PROCID", "SLURM_NTASKS"},
    };

    private static boolean present(Map<String, String> env, String[] launcher) {
        // a batch script has SLURM_PROCID too; only a job step that srun started has a step id
        return value(env, launcher[1]) != null && (!launcher[0].equals("srun") || value(env, "SLURM_STEP_ID") != null);
    }

    /** The launcher's name for the job, the same in every rank on every host, or null (Hydra gives none). */
    private static String jobName(Map<String, String> env) {
        if (value(env, "PMIX_NAMESPACE") != null) {
            return "pmix-" + value(env, "PMIX_NAMESPACE");
        }
        if (value(env, "OMPI_MCA_ess_base_jobid") != null) {
            return "ompi-" + value(env, "OMPI_MCA_ess_base_jobid");
        }
        if (value(env, "SLURM_JOB_ID") != null && value(env, "SLURM_STEP_ID") != null) {
            return "slurm-" + value(env, "SLURM_JOB_ID") + "." + value(env, "SLURM_STEP_ID");
        }
        return null;
    }

    private static String value(Map<String, String> env, String name) {
        final String p = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        final String v = p != null ? p : env.get(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    private static int number(String v, String what) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the " + what + " must be a number (got '"
                    + v + "')");
        }
    }
}
