package corpus.jgfstyle;

import mpi.*;

/** The benchmark around the kernel, as the JGF benchmarks write it: statics set from the constructor. */
public class RingBench extends Ring {
    public static int nprocess;
    public static int rank;
    private int size;
    private int[] datasizes = {8, 24, 40};
    private static final int ITERS = 12;

    public RingBench(int nprocess, int rank) {
        RingBench.nprocess = nprocess;
        RingBench.rank = rank;
    }

    public void run(int size) throws MPIException {
        if (rank == 0) {
            Timers.add("ring");
        }
        this.size = size;
        kernel();
        validate();
        if (rank == 0) {
            Timers.stop("ring");
        }
    }

    private void kernel() throws MPIException {
        long[][] rows = new long[2][datasizes[size]];
        for (int j = 0; j < rows[1].length; j++) {
            rows[1][j] = (long) RingBench.rank * 1000 + j;
        }
        shift(rows, ITERS);
    }

    private void validate() {
        if (rank == 0) {
            long expected = reference(datasizes[size], nprocess);
            System.out.println("jgf-style n=" + datasizes[size]
                    + (total == expected ? " OK" : " FAIL total " + total + " expected " + expected));
        }
    }

    /** The same ring, computed by one rank for all. */
    private static long reference(int n, int p) {
        long[][] row = new long[p][n];
        for (int r = 0; r < p; r++) {
            for (int j = 0; j < n; j++) {
                row[r][j] = (long) r * 1000 + j;
            }
        }
        for (int it = 0; it < ITERS; it++) {
            long[][] next = new long[p][n];
            for (int r = 0; r < p; r++) {
                long[] got = row[(r + p - 1) % p];
                for (int j = 0; j < n; j++) {
                    next[r][j] = (row[r][j] * 31 + got[j] + it) % 1_000_003L;
                }
            }
            row = next;
        }
        long t = 0;
        for (long[] r : row) {
            for (long x : r) {
                t += x;
            }
        }
        return t;
    }
}
