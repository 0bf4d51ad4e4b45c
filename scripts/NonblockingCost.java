import java.util.Arrays;
import mpi.MPI;
import mpi.Request;

/**
 * What a nonblocking collective costs and buys on the threads device: the median time of Barrier against
 * Ibarrier().Wait() and of Allreduce against Iallreduce().Wait() (the helper thread's hand-off), and a
 * step of Iallreduce overlapped with computation against the blocking Allreduce followed by the same
 * computation, with the ranks out of step (odd ranks compute twice as long before the reduction).
 * Run: {@code ./bamboo run --np 4 scripts/NonblockingCost.java [rounds]}.
 */
public class NonblockingCost {
    static volatile double sink;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        final int rounds = args.length > 0 ? Integer.parseInt(args[args.length - 1]) : 400;
        final int rank = MPI.COMM_WORLD.Rank();
        final double[] x = new double[1024];
        final double[] y = new double[1024];
        final long[] barrier = new long[rounds];
        final long[] ibarrier = new long[rounds];
        final long[] allreduce = new long[rounds];
        final long[] iallreduce = new long[rounds];
        for (int warm = 0; warm < 2; warm++) {
            for (int i = 0; i < rounds; i++) {
                long t = System.nanoTime();
                MPI.COMM_WORLD.Barrier();
                barrier[i] = System.nanoTime() - t;
                t = System.nanoTime();
                MPI.COMM_WORLD.Ibarrier().Wait();
                ibarrier[i] = System.nanoTime() - t;
                t = System.nanoTime();
                MPI.COMM_WORLD.Allreduce(x, 0, y, 0, x.length, MPI.DOUBLE, MPI.SUM);
                allreduce[i] = System.nanoTime() - t;
                t = System.nanoTime();
                MPI.COMM_WORLD.Iallreduce(x, 0, y, 0, x.length, MPI.DOUBLE, MPI.SUM).Wait();
                iallreduce[i] = System.nanoTime() - t;
            }
        }
        // Overlap: each step reduces the previous step's data while computing the next.
        final int steps = Math.max(20, rounds / 10);
        final long work = 200_000; // ns of computation per step (odd ranks twice as much: out of step)
        final long mine = rank % 2 == 1 ? 2 * work : work;
        long t = System.nanoTime();
        for (int s = 0; s < steps; s++) {
            compute(mine);
            MPI.COMM_WORLD.Allreduce(x, 0, y, 0, x.length, MPI.DOUBLE, MPI.SUM);
            compute(work);
        }
        final long blocking = System.nanoTime() - t;
        MPI.COMM_WORLD.Barrier();
        t = System.nanoTime();
        for (int s = 0; s < steps; s++) {
            compute(mine);
            final Request r = MPI.COMM_WORLD.Iallreduce(x, 0, y, 0, x.length, MPI.DOUBLE, MPI.SUM);
            compute(work);
            r.Wait();
        }
        final long overlapped = System.nanoTime() - t;
        if (rank == 0) {
            System.out.printf("median us: Barrier %.1f, Ibarrier+Wait %.1f; Allreduce(8 KiB) %.1f, "
                            + "Iallreduce+Wait %.1f%n", median(barrier), median(ibarrier), median(allreduce),
                    median(iallreduce));
            System.out.printf("%d steps out of step: blocking %.2f ms, overlapped %.2f ms (%.2fx)%n", steps,
                    blocking / 1e6, overlapped / 1e6, (double) blocking / overlapped);
        }
        MPI.Finalize();
    }

    private static double median(long[] a) {
        final long[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e3;
    }

    /** Busy computation for about {@code nanos}. */
    private static void compute(long nanos) {
        final long end = System.nanoTime() + nanos;
        double acc = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100; i++) {
                acc += Math.sqrt(i + acc);
            }
        }
        sink = acc;
    }
}
