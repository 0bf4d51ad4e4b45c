package bamboo.bench.shim;

import bamboo.cli.launch.Units;
import bamboo.cli.launch.UserError;
import bamboo.shim.coll.Alltoall;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import java.util.concurrent.Callable;
import mpi.MPIException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Times the collectives on the threads device, optionally over the simulated interconnect, and prints
 * microseconds per call as seen by rank 0 (the best of several repetitions: on a shared,
 * noisy machine the minimum is the reproducible figure). Also times Alltoall with
 * Bruck's algorithm and with pairwise exchange on both sides of the cut-over, the evidence for
 * {@link Alltoall#BRUCK_MAX_BLOCK_BYTES}.
 *
 * <pre>java -cp bench/target/bamboo-bench.jar bamboo.bench.shim.CollectivesBench [--np N] [--nodes K] [--latency T] [--bandwidth B]</pre>
 */
public final class CollectivesBench {
    private static final int REPS = 7;

    private CollectivesBench() {
    }

    /** One timed operation, run by every rank. */
    private interface Op {
        void run() throws MPIException;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Cli()).execute(args));
    }

    /** The command line: ranks, simulated nodes and the interconnect between them. */
    @Command(name = "CollectivesBench", mixinStandardHelpOptions = true,
            description = "Microseconds per call of each collective on the threads device (rank 0, best of 7).")
    static final class Cli implements Callable<Integer> {
        @Option(names = "--np", paramLabel = "N", description = "Ranks (default: ${DEFAULT-VALUE}).")
        int np = 8;
        @Option(names = "--nodes", paramLabel = "K", description = "Simulated nodes (default: ${DEFAULT-VALUE}).")
        int nodes = 1;
        @Option(names = "--latency", paramLabel = "TIME", description = "Latency between nodes, e.g. 20us (default: ${DEFAULT-VALUE}).")
        String latency = "0";
        @Option(names = "--bandwidth", paramLabel = "RATE", description = "Bandwidth between nodes, e.g. 1GB/s (default: ${DEFAULT-VALUE}).")
        String bandwidth = "inf";

        @Override
        public Integer call() {
            try {
                return run(np, nodes, Units.parseDurationNanos(latency), Units.parseBandwidth(bandwidth));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
        }
    }

    static int run(int np, int nodes, long latencyNs, double bandwidth) {
        final JobConfig config = JobConfig.of(np).withNodes(nodes).withLatencyNanos(latencyNs).withBandwidth(bandwidth);
        System.out.printf(Locale.ROOT, "collectives: np=%d nodes=%d latency=%.1fus bandwidth=%s, us per call (rank 0,"
                + " best of %d)%n", np, nodes, latencyNs / 1000.0,
                Double.isInfinite(bandwidth) ? "unlimited" : bandwidth / 1e9 + "GB/s", REPS);
        final boolean simulated = nodes > 1 && latencyNs > 0;
        final int iters = simulated ? 20 : 200;
        final JobResult r = ThreadsJob.run(config, (rank, size) -> {
            final double[] one = new double[1];
            final double[] oneOut = new double[1];
            final double[] big = new double[8192];
            final double[] bigOut = new double[8192];
            time(rank, "Barrier", iters, () -> MPI.COMM_WORLD.Barrier());
            time(rank, "Bcast 8 B", iters, () -> MPI.COMM_WORLD.Bcast(one, 0, 1, MPI.DOUBLE, 0));
            time(rank, "Bcast 64 KiB", iters, () -> MPI.COMM_WORLD.Bcast(big, 0, big.length, MPI.DOUBLE, 0));
            time(rank, "Allreduce 8 B", iters,
                    () -> MPI.COMM_WORLD.Allreduce(one, 0, oneOut, 0, 1, MPI.DOUBLE, MPI.SUM));
            time(rank, "Allreduce 64 KiB", iters,
                    () -> MPI.COMM_WORLD.Allreduce(big, 0, bigOut, 0, big.length, MPI.DOUBLE, MPI.SUM));
            final double[] gathered = new double[size];
            time(rank, "Allgather 8 B/rank", iters,
                    () -> MPI.COMM_WORLD.Allgather(one, 0, 1, MPI.DOUBLE, gathered, 0, 1, MPI.DOUBLE));
            for (int blockBytes : new int[] {64, 1024, 4096, 16384, 65536}) {
                final byte[] send = new byte[blockBytes * size];
                final byte[] recv = new byte[blockBytes * size];
                final Op alltoall = () -> MPI.COMM_WORLD.Alltoall(send, 0, blockBytes, MPI.BYTE, recv, 0, blockBytes,
                        MPI.BYTE);
                final double bruck = forced(rank, Integer.MAX_VALUE, iters, alltoall);
                final double pairwise = forced(rank, -1, iters, alltoall);
                if (rank == 0) {
                    System.out.printf(Locale.ROOT, "  %-28s bruck %9.1f   pairwise %9.1f   (used: %s)%n",
                            "Alltoall " + blockBytes + " B/block", bruck, pairwise,
                            blockBytes <= Alltoall.BRUCK_MAX_BLOCK_BYTES && size > 2 ? "bruck" : "pairwise");
                }
            }
        });
        if (!r.succeeded()) {
            throw new UserError(r.message(), r.exitCode());
        }
        return 0;
    }

    private static double forced(int rank, int cutOver, int iters, Op op) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) {
            Alltoall.bruckMaxBlockBytes(cutOver);   // one JVM: rank 0 sets it for everyone, between barriers
        }
        MPI.COMM_WORLD.Barrier();
        final double us = measure(iters, op);
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) {
            Alltoall.bruckMaxBlockBytes(Alltoall.BRUCK_MAX_BLOCK_BYTES);
        }
        MPI.COMM_WORLD.Barrier();
        return us;
    }

    private static void time(int rank, String name, int iters, Op op) throws MPIException {
        final double us = measure(iters, op);
        if (rank == 0) {
            System.out.printf(Locale.ROOT, "  %-28s %9.1f%n", name, us);
        }
    }

    /** Best over REPS of the mean time per call, each repetition between barriers. */
    private static double measure(int iters, Op op) throws MPIException {
        for (int i = 0; i < Math.max(1, iters / 4); i++) {
            op.run();   // warm-up
        }
        final double[] reps = new double[REPS];
        for (int k = 0; k < REPS; k++) {
            MPI.COMM_WORLD.Barrier();
            final long t0 = System.nanoTime();
            for (int i = 0; i < iters; i++) {
                op.run();
            }
            reps[k] = (System.nanoTime() - t0) / 1e3 / iters;
        }
        Arrays.sort(reps);
        return reps[0];
    }
}
