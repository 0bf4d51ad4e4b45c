import bamboo.Bamboo;
import mpi.*;

/**
 * Program state in mutable statics and MPI in helper methods: the block, the neighbours and a call
 * counter are static fields (each rank has its own: with shared statics the counter would be size times
 * too large); the halo region lives in the static method exchange(), reached from main through step();
 * a helper in another class (Reduction) sums a value over all ranks with point-to-point messages.
 */
@Bamboo
public class StaticHelpers {
    static final long P = 1_000_003L;
    static final int N = 42;
    static final int ITERS = 8;
    static final int TAG = 290;

    static int rank;
    static int size;
    static int n;
    static int lo;
    static int left;
    static int right;
    static long[] u;
    static long[] v;
    static int exchanges;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        setup();
        long trace = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            step(iter);
            trace = (trace * 3 + Reduction.sumToAll(blockSum())) % P;
        }
        long[] bad = {exchanges == ITERS ? 0 : 1};
        long badTotal = Reduction.sumToAll(bad[0]);
        if (rank == 0) {
            long seqTrace = sequentialTrace();
            boolean ok = badTotal == 0 && trace == seqTrace;
            System.out.println("static-helpers iterations=" + ITERS + " trace=" + trace + (ok ? " OK" : " FAIL static-mismatches=" + badTotal));
        }
        MPI.Finalize();
    }

    static void setup() throws MPIException {
        rank = MPI.COMM_WORLD.Rank();
        size = MPI.COMM_WORLD.Size();
        lo = lo(rank);
        n = lo(rank + 1) - lo;
        left = rank > 0 ? rank - 1 : -1;
        right = rank < size - 1 ? rank + 1 : -1;
        u = new long[n + 2];
        v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 61L % 83;
    }

    static void step(int iter) throws MPIException {
        exchange();
        relax(u, v, n, iter);
        long[] t = u;
        u = v;
        v = t;
    }

    static void exchange() throws MPIException {
        Request[] reqs = new Request[4];
        int nr = 0;
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
                exchanges++;
            }
        }
    }

    static long blockSum() {
        long s = 0;
        for (int i = 1; i <= n; i++) s += u[i];
        return s;
    }

    static int lo(int r) {
        return (int) ((long) r * N / size);
    }

    static void relax(long[] a, long[] b, int len, int iter) {
        for (int i = 1; i <= len; i++) b[i] = (a[i - 1] * 3 + a[i] + a[i + 1] * 8 + iter) % P;
    }

    static long sequentialTrace() {
        long[] a = new long[N + 2];
        long[] b = new long[N + 2];
        for (int i = 1; i <= N; i++) a[i] = i * 61L % 83;
        long trace = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            relax(a, b, N, iter);
            long[] t = a;
            a = b;
            b = t;
            long s = 0;
            for (int i = 1; i <= N; i++) s += a[i];
            trace = (trace * 3 + s) % P;
        }
        return trace;
    }

    /** Sums over all ranks: linear gather to rank 0, then rank 0 sends the total back. */
    static final class Reduction {
        static final int TAG_UP = 291;
        static final int TAG_DOWN = 292;

        static long sumToAll(long mine) throws MPIException {
            long[] buf = {mine};
            if (rank == 0) {
                long total = mine;
                for (int src = 1; src < size; src++) {
                    MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.LONG, src, TAG_UP);
                    total += buf[0];
                }
                buf[0] = total;
                for (int dst = 1; dst < size; dst++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.LONG, dst, TAG_DOWN);
            } else {
                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.LONG, 0, TAG_UP);
                MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.LONG, 0, TAG_DOWN);
            }
            return buf[0];
        }
    }
}
