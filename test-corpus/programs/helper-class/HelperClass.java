import bamboo.Bamboo;
import mpi.*;

/**
 * MPI reached through other classes of the same source file: main drives a Solver, whose step() calls
 * an Exchanger's instance method holding the halo region (two calls deep), and a static utility of a
 * third class (Collect) gathers the result with point-to-point messages. The Solver also calls a method
 * without MPI, which stays an ordinary call.
 */
@Bamboo
public class HelperClass {
    static final long P = 1_000_003L;
    static final int N = 37;
    static final int ITERS = 8;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Solver solver = new Solver(rank, size);
        for (int iter = 0; iter < ITERS; iter++) {
            solver.step(iter);
        }
        long[] global = Collect.toRank0(solver.interior(), rank, size);
        if (rank == 0) {
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = java.util.Arrays.equals(global, Solver.sequential());
            System.out.println("helper-class n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}

/** One rank's block and its time step. */
final class Solver {
    private final Exchanger exchanger;
    private long[] u;
    private long[] v;
    private final int n;

    Solver(int rank, int size) {
        int lo = HelperClass.lo(rank, size);
        this.n = HelperClass.lo(rank + 1, size) - lo;
        this.u = new long[n + 2];
        this.v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 29L % 71;
        this.exchanger = new Exchanger(rank > 0 ? rank - 1 : -1, rank < size - 1 ? rank + 1 : -1, n);
    }

    void step(int iter) throws MPIException {
        exchanger.exchange(u);
        relax(u, v, n, iter);
        long[] t = u;
        u = v;
        v = t;
    }

    long[] interior() {
        return java.util.Arrays.copyOfRange(u, 1, n + 1);
    }

    static void relax(long[] u, long[] v, int n, int iter) {
        for (int i = 1; i <= n; i++) v[i] = (u[i - 1] * 5 + u[i] * 3 + u[i + 1] + iter) % HelperClass.P;
    }

    static long[] sequential() {
        int n = HelperClass.N;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = i * 29L % 71;
        for (int iter = 0; iter < HelperClass.ITERS; iter++) {
            relax(u, v, n, iter);
            long[] t = u;
            u = v;
            v = t;
        }
        return java.util.Arrays.copyOfRange(u, 1, n + 1);
    }
}

/** The halo exchange, as an object that knows the neighbours. */
final class Exchanger {
    static final int TAG = 390;
    private final int left;
    private final int right;
    private final int n;
    private final Request[] reqs = new Request[4];

    Exchanger(int left, int right, int n) {
        this.left = left;
        this.right = right;
        this.n = n;
    }

    void exchange(long[] u) throws MPIException {
        int nr = 0;
        java.util.Arrays.fill(reqs, null);
        olap: {
            receive: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, TAG);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, TAG);
            }
            send: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG);
            }
            compute: {
                Request.Waitall(reqs);
            }
        }
    }
}

/** Collects blocks on rank 0 with blocking point-to-point calls. */
final class Collect {
    static final int TAG = 391;

    private Collect() {
    }

    static long[] toRank0(long[] mine, int rank, int size) throws MPIException {
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, mine.length, MPI.LONG, 0, TAG);
            return null;
        }
        long[] global = new long[HelperClass.N];
        System.arraycopy(mine, 0, global, 0, mine.length);
        for (int src = 1; src < size; src++) {
            int lo = HelperClass.lo(src, size);
            MPI.COMM_WORLD.Recv(global, lo, HelperClass.lo(src + 1, size) - lo, MPI.LONG, src, TAG);
        }
        return global;
    }
}
