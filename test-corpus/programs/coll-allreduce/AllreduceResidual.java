import bamboo.Bamboo;
import mpi.*;

/**
 * Allreduce the way the Jacobi example uses it: a 1-D relaxation with integer-valued doubles (exact, so
 * the order of the reduction does not matter), a SUM of a three-component long vector every iteration
 * inside the compute block, and a MAX of a double every third iteration outside the region. Every rank
 * checks every reduced value against the sequential run.
 */
@Bamboo
public class AllreduceResidual {
    static final int N = 45;
    static final int ITERS = 9;
    static final int TAG = 160;
    static final int TAG_RESULT = 161;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        double[] u = new double[n + 2];
        double[] v = new double[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 41 % 67;
        int neighbours = (left >= 0 ? 1 : 0) + (right >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] stats = new long[3];
        long[] gstats = new long[3];
        double[] err = new double[1];
        double[] gerr = new double[1];
        long[][] seqStats = new long[ITERS][];
        double[] seqErr = new double[ITERS];
        sequential(seqStats, seqErr);
        long bad = 0;
        double maxErrSeen = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.DOUBLE, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.DOUBLE, right, TAG);
                }
                send: {
                    if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.DOUBLE, left, TAG);
                    if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.DOUBLE, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    err[0] = relax(u, v, n);
                    double[] t = u;
                    u = v;
                    v = t;
                    stats(u, n, stats);
                    MPI.COMM_WORLD.Allreduce(stats, 0, gstats, 0, 3, MPI.LONG, MPI.SUM);
                    if (!java.util.Arrays.equals(gstats, seqStats[iter])) bad++;
                }
            }
            if (iter % 3 == 0) {
                MPI.COMM_WORLD.Allreduce(err, 0, gerr, 0, 1, MPI.DOUBLE, MPI.MAX);
                if (gerr[0] != seqErr[iter]) bad++;
                maxErrSeen = Math.max(maxErrSeen, gerr[0]);
            }
        }
        long[] b = {bad};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(b, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            for (int src = 1; src < size; src++) {
                long[] o = new long[1];
                MPI.COMM_WORLD.Recv(o, 0, 1, MPI.LONG, src, TAG_RESULT);
                bad += o[0];
            }
            System.out.println("coll-allreduce sum=" + gstats[0] + " max-change=" + maxErrSeen
                    + (bad == 0 ? " OK" : " FAIL mismatches=" + bad));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    /** Integer-valued update (exact in double); returns the largest change. */
    static double relax(double[] u, double[] v, int n) {
        double err = 0;
        for (int i = 1; i <= n; i++) {
            v[i] = (u[i - 1] + 2 * u[i] + u[i + 1] + 3) % 101;
            err = Math.max(err, Math.abs(v[i] - u[i]));
        }
        return err;
    }

    static void stats(double[] u, int n, long[] s) {
        s[0] = 0;
        s[1] = 0;
        s[2] = 0;
        for (int i = 1; i <= n; i++) {
            long x = (long) u[i];
            s[0] += x;
            s[1] += x * x;
            s[2] += x % 2;
        }
    }

    static void sequential(long[][] stats, double[] err) {
        double[] u = new double[N + 2];
        double[] v = new double[N + 2];
        for (int i = 1; i <= N; i++) u[i] = i * 41 % 67;
        for (int iter = 0; iter < ITERS; iter++) {
            err[iter] = relax(u, v, N);
            double[] t = u;
            u = v;
            v = t;
            stats[iter] = new long[3];
            stats(u, N, stats[iter]);
        }
    }
}
