import bamboo.Bamboo;
import mpi.*;

/**
 * One MPI-calling method reached from several places: rotate() holds an olap region (blocks travel round
 * the ring) and is called from a plain loop (shift right), from the compute block of an outer region
 * (shift left, nested inside a token exchange) and once more after both loops. Each call is inlined with
 * its own names and labels, so the nested copy's labels do not clash with the enclosing region's.
 */
@Bamboo
public class CallSites {
    static final long P = 1_000_003L;
    static final int N = 6;
    static final int ITERS = 4;
    static final int TAG_RIGHT = 410;
    static final int TAG_LEFT = 411;
    static final int TAG_TOKEN = 412;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        long[] a = new long[N];
        for (int i = 0; i < N; i++) a[i] = initial(rank, i);
        for (int it = 0; it < ITERS; it++) {
            rotate(a, right, left, TAG_RIGHT);
            mix(a, it);
        }
        long[] token = {rank + 1};
        long[] incoming = new long[1];
        Request[] reqs = new Request[2];
        for (int it = 0; it < ITERS; it++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(incoming, 0, 1, MPI.LONG, left, TAG_TOKEN);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(token, 0, 1, MPI.LONG, right, TAG_TOKEN);
                }
                compute: {
                    Request.Waitall(reqs);
                    token[0] = (token[0] * 5 + incoming[0]) % P;
                    rotate(a, left, right, TAG_LEFT);
                    mix(a, it + ITERS);
                }
            }
        }
        rotate(a, right, left, TAG_RIGHT);
        long[] all = new long[N * size];
        MPI.COMM_WORLD.Gather(a, 0, N, MPI.LONG, all, 0, N, MPI.LONG, 0);
        long[] tokens = new long[size];
        MPI.COMM_WORLD.Gather(token, 0, 1, MPI.LONG, tokens, 0, 1, MPI.LONG, 0);
        if (rank == 0) {
            long[][] blocks = sequentialBlocks(size);
            long[] seqTokens = sequentialTokens(size);
            boolean ok = true;
            long sum = 0;
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < N; i++) {
                    ok &= all[r * N + i] == blocks[r][i];
                    sum += all[r * N + i] % 1000;
                }
                ok &= tokens[r] == seqTokens[r];
            }
            System.out.println("call-sites rotations=" + (2 * ITERS + 1) + (ok ? " OK" : " FAIL sum=" + sum));
        }
        MPI.Finalize();
    }

    /** Sends the block to dst and receives src's block in its place. */
    static void rotate(long[] a, int dst, int src, int tag) throws MPIException {
        long[] out = a.clone();
        Request[] reqs = new Request[2];
        olap: {
            receive: {
                reqs[0] = MPI.COMM_WORLD.Irecv(a, 0, N, MPI.LONG, src, tag);
            }
            send: {
                reqs[1] = MPI.COMM_WORLD.Isend(out, 0, N, MPI.LONG, dst, tag);
            }
            compute: {
                Request.Waitall(reqs);
            }
        }
    }

    static void mix(long[] a, int it) {
        for (int i = 0; i < N; i++) a[i] = (a[i] * 3 + it + i) % P;
    }

    static long initial(int rank, int i) {
        return (rank * 37L + i * 11L) % 97;
    }

    static long[][] sequentialBlocks(int size) {
        long[][] b = new long[size][N];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < N; i++) b[r][i] = initial(r, i);
        }
        for (int it = 0; it < ITERS; it++) {
            b = shifted(b, 1);
            for (long[] x : b) mix(x, it);
        }
        for (int it = 0; it < ITERS; it++) {
            b = shifted(b, -1);
            for (long[] x : b) mix(x, it + ITERS);
        }
        return shifted(b, 1);
    }

    /** by = 1: every rank gets its left neighbour's block; -1: its right neighbour's. */
    static long[][] shifted(long[][] b, int by) {
        int size = b.length;
        long[][] n = new long[size][];
        for (int r = 0; r < size; r++) n[r] = b[((r - by) % size + size) % size].clone();
        return n;
    }

    static long[] sequentialTokens(int size) {
        long[] t = new long[size];
        for (int r = 0; r < size; r++) t[r] = r + 1;
        for (int it = 0; it < ITERS; it++) {
            long[] n = new long[size];
            for (int r = 0; r < size; r++) n[r] = (t[r] * 5 + t[(r + size - 1) % size]) % P;
            t = n;
        }
        return t;
    }
}
