import bamboo.examples.cannon.Kernel;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Where a run of Cannon's {@code Basic} form spends its time, rank by rank (scripts/cannon-phases.sh builds
 * and runs it): Basic's calls with the bench's settings (n=864, 4 ranks on 4 simulated nodes; latency and
 * bandwidth as given, 0 and inf being the {@code nocomm} row), in one JVM, stamped after the skew, after
 * the shift's Waitall and after each multiply, with each multiply's thread CPU time. A run whose wall time
 * is above the others' shows whether it waited (skew, shift) or computed slower (multiply CPU up for every
 * rank: the machine; wall far above 2 x CPU: the rank was off its core). 3 untimed runs first.
 *
 * <p>Arguments: runs, latency in ns, bandwidth in bytes/s (or inf).
 */
public final class CannonPhases {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** Per rank: skew done, shift done, first multiply done, second done (ns after t0); the two multiplies' CPU. */
    private static final long[][] STAMPS = new long[4][6];

    public static void main(String[] args) {
        int runs = Integer.parseInt(args[0]);
        long latency = Long.parseLong(args[1]);
        double bandwidth = args[2].equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(args[2]);
        System.out.println("ms after the Barrier, per rank: skew | shift wait | multiply 1 (cpu) | multiply 2 (cpu)");
        for (int run = -3; run < runs; run++) {
            JobConfig config = JobConfig.of(4).withNodes(4).withLatencyNanos(latency).withBandwidth(bandwidth);
            JobResult result = ThreadsJob.run(config, (rank, size) -> rank(rank, size));
            if (!result.succeeded()) {
                throw new IllegalStateException(result.message());
            }
            if (run >= 0) {
                print(run);
            }
        }
    }

    private static void print(int run) {
        long end = 0;
        for (long[] s : STAMPS) {
            end = Math.max(end, s[3]);
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "run %2d %6.1f ms |", run, end / 1e6));
        for (int r = 0; r < 4; r++) {
            long[] s = STAMPS[r];
            line.append(String.format(Locale.ROOT, " r%d %4.1f %4.1f %5.1f (%4.1f) %5.1f (%4.1f) |", r, s[0] / 1e6,
                    (s[1] - s[0]) / 1e6, (s[2] - s[1]) / 1e6, s[4] / 1e6, (s[3] - s[2]) / 1e6, s[5] / 1e6));
        }
        System.out.println(line);
    }

    /** Basic's timed part for n=864 (q=2: the skew, one shift, two multiplies), stamped. */
    private static void rank(int rank, int size) throws MPIException {
        Kernel k = new Kernel(864, size, rank);
        int cap = k.capacity();
        Request[] reqs = new Request[4];
        Kernel.warmUp();
        MPI.COMM_WORLD.Barrier();
        long t0 = System.nanoTime();
        long[] s = STAMPS[rank];
        MPI.COMM_WORLD.Sendrecv(k.a(), 0, k.skewACount(), MPI.DOUBLE, k.skewADest(), 1,
                k.nextA(), 0, cap, MPI.DOUBLE, k.skewASource(), 1);
        MPI.COMM_WORLD.Sendrecv(k.b(), 0, k.skewBCount(), MPI.DOUBLE, k.skewBDest(), 2,
                k.nextB(), 0, cap, MPI.DOUBLE, k.skewBSource(), 2);
        k.skewed();
        s[0] = System.nanoTime() - t0;
        reqs[0] = MPI.COMM_WORLD.Irecv(k.nextA(), 0, cap, MPI.DOUBLE, k.right(), 3);
        reqs[1] = MPI.COMM_WORLD.Irecv(k.nextB(), 0, cap, MPI.DOUBLE, k.down(), 4);
        reqs[2] = MPI.COMM_WORLD.Isend(k.a(), 0, k.aCount(), MPI.DOUBLE, k.left(), 3);
        reqs[3] = MPI.COMM_WORLD.Isend(k.b(), 0, k.bCount(), MPI.DOUBLE, k.up(), 4);
        Request.Waitall(reqs);
        s[1] = System.nanoTime() - t0;
        long c = CPU.getCurrentThreadCpuTime();
        k.multiply();
        s[4] = CPU.getCurrentThreadCpuTime() - c;
        s[2] = System.nanoTime() - t0;
        k.shifted();
        c = CPU.getCurrentThreadCpuTime();
        k.multiply();
        s[5] = CPU.getCurrentThreadCpuTime() - c;
        s[3] = System.nanoTime() - t0;
    }
}
