package bamboo.shim.launch;

import java.util.Map;

/**
 * Rank, size and the transport mode of a rank process, from its environment: set by {@link ProcessJob}
 * ({@code BAMBOO_RANK}, {@code BAMBOO_SIZE}) or by Open MPI's mpirun ({@code OMPI_COMM_WORLD_RANK},
 * {@code OMPI_COMM_WORLD_SIZE}).
 */
record RankEnv(int rank, int size, String aeronDir, String bootstrap, boolean bootstrapExternal, String host,
               boolean mpirun) {
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
        boolean mpirun = false;
        if (rank == null && value(env, "OMPI_COMM_WORLD_RANK") != null) {
            rank = value(env, "OMPI_COMM_WORLD_RANK");
            size = value(env, "OMPI_COMM_WORLD_SIZE");
            mpirun = true;
        }
        if (rank == null || size == null) {
            throw new IllegalArgumentException("bamboo.shim.launch.RankMain: no rank given: start it with"
                    + " './bamboo run --device aeron', ProcessJob, or Open MPI's mpirun (BAMBOO_RANK/BAMBOO_SIZE"
                    + " or OMPI_COMM_WORLD_RANK/OMPI_COMM_WORLD_SIZE are not set)");
        }
        final int r = number(rank, "rank");
        final int n = number(size, "size");
        if (n < 1 || r < 0 || r >= n) {
            throw new IllegalArgumentException("bamboo.shim.launch.RankMain: rank " + r + " is not in a job of " + n
                    + " ranks");
        }
        final String dir = value(env, AERON_DIR);
        final String bootstrap = value(env, BOOTSTRAP);
        if (dir == null && bootstrap == null && n > 1) {
            throw new IllegalArgumentException("bamboo.shim.launch.RankMain: set " + BOOTSTRAP + "=host:port (an"
                    + " address on rank 0's host where it can listen) so that the ranks can find each other"
                    + " (e.g. mpirun -x " + BOOTSTRAP + "=node1:47000 ...)");
        }
        return new RankEnv(r, n, dir, bootstrap, "1".equals(value(env, BOOTSTRAP_EXTERNAL)), value(env, HOST), mpirun);
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
            throw new IllegalArgumentException("bamboo.shim.launch.RankMain: the " + what + " must be a number (got '"
                    + v + "')");
        }
    }
}
