import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * The "killer" flood: every rank (rank 0 included) Isends N one-int messages to rank 0 with tags 0..N-1,
 * and rank 0 receives them in reverse tag order, source by source, so every receive looks for the
 * newest message of its sender. Prints the wall time of the flood, the JVM's CPU time over it, and the
 * peak heap in use (every pool's peak, so an upper bound). Run untranslated:
 * {@code ./bamboo run --np 3 scripts/Flood.java 100000}.
 */
public class Flood {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        final int n = args.length > 0 ? Integer.parseInt(args[args.length - 1]) : 20_000;
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int[] out = new int[n];
        for (int t = 0; t < n; t++) {
            out[t] = rank * 1_000_003 + t;
        }
        MPI.COMM_WORLD.Barrier();
        final long start = System.nanoTime();
        final long cpuStart = processCpuNanos();
        final Request[] sent = new Request[n];
        if (rank != 0) {
            for (int t = 0; t < n; t++) {
                sent[t] = MPI.COMM_WORLD.Isend(out, t, 1, MPI.INT, 0, t);
            }
            Request.Waitall(sent);
        } else {
            for (int t = 0; t < n; t++) {
                sent[t] = MPI.COMM_WORLD.Isend(out, t, 1, MPI.INT, 0, t); // rank 0 floods itself too
            }
            final int[] got = new int[1];
            long bad = 0;
            for (int t = n - 1; t >= 0; t--) {
                for (int s = 0; s < size; s++) {
                    final Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, s, t);
                    if (got[0] != s * 1_000_003 + t || st.tag != t || st.source != s) {
                        bad++;
                    }
                }
            }
            Request.Waitall(sent);
            final double seconds = (System.nanoTime() - start) / 1e9;
            final double cpu = (processCpuNanos() - cpuStart) / 1e9;
            System.out.printf("flood: %d ranks x %d messages to rank 0, received in reverse tag order: %.3f s "
                    + "(JVM CPU %.3f s, peak heap %d MiB), %d wrong%n", size, n, seconds, cpu, peakHeapBytes() >> 20,
                    bad);
            if (bad != 0) {
                throw new IllegalStateException(bad + " messages arrived wrong");
            }
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    /** The sum of every heap pool's peak use so far: the young pools peak at different moments than the
     *  old one, so this bounds the heap the flood needed from above. */
    private static long peakHeapBytes() {
        long sum = 0;
        for (java.lang.management.MemoryPoolMXBean p : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == java.lang.management.MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** CPU time of the whole JVM (all ranks, the collector, the JIT): less noisy than wall time on a
     *  shared machine. */
    private static long processCpuNanos() {
        final java.lang.management.OperatingSystemMXBean os =
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean b ? b.getProcessCpuTime() : 0;
    }
}
