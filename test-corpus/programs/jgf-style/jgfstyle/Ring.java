package corpus.jgfstyle;

import static corpus.jgfstyle.RingBench.nprocess;
import static corpus.jgfstyle.RingBench.rank;

import mpi.*;

/** The kernel: a ring shift of rows of a 2-D array; its result is a static the benchmark validates. */
public class Ring {
    public static long total = 0;

    public static void shift(long[][] rows, int iters) throws MPIException {
        int right = (rank + 1) % nprocess;
        int left = (rank + nprocess - 1) % nprocess;
        for (int it = 0; it < iters; it++) {
            olap: {
                compute: {
                    MPI.COMM_WORLD.Sendrecv(rows[1], 0, rows[1].length, MPI.LONG, right, 7,
                            rows[0], 0, rows[0].length, MPI.LONG, left, 7);
                    for (int j = 0; j < rows[1].length; j++) {
                        rows[1][j] = (rows[1][j] * 31 + rows[0][j] + it) % 1_000_003L;
                    }
                }
            }
        }
        long[] mine = {0};
        for (long x : rows[1]) {
            mine[0] += x;
        }
        long[] sum = new long[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        total = sum[0];
    }
}
