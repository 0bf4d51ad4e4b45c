import bamboo.Bamboo;
import mpi.*;

/**
 * Alltoall: a distributed matrix transpose. Each rank owns a block of rows of an N x N matrix; it packs
 * the part of its rows that belongs to each destination's columns into a padded chunk x chunk tile and
 * one Alltoall delivers them, giving each rank its rows of the transpose. A halo region then smooths the
 * transposed rows along the column direction (neighbour ranks hold neighbour rows), and a second
 * Alltoall transposes back. Integer arithmetic, checked against the sequential computation.
 */
@Bamboo
public class AlltoallTranspose {
    static final long P = 1_000_003L;
    static final int N = 20;
    static final int TAG = 200;
    static final int TAG_RESULT = 201;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int c = (N + size - 1) / size;
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        // Rows lo..lo+n-1 of M, with a ghost row above and below for the halo region.
        long[] m = new long[(n + 2) * N];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < N; j++) m[(i + 1) * N + j] = entry(lo + i, j);
        long[] sendTiles = new long[size * c * c];
        long[] recvTiles = new long[size * c * c];
        pack(m, n, size, c, sendTiles);
        MPI.COMM_WORLD.Alltoall(sendTiles, 0, c * c, MPI.LONG, recvTiles, 0, c * c, MPI.LONG);
        unpack(m, n, size, c, recvTiles);
        int up = rank > 0 ? rank - 1 : -1;
        int down = rank < size - 1 ? rank + 1 : -1;
        int neighbours = (up >= 0 ? 1 : 0) + (down >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        long[] next = new long[(n + 2) * N];
        int nr = 0;
        olap: {
            receive: {
                if (up >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(m, 0, N, MPI.LONG, up, TAG);
                if (down >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(m, (n + 1) * N, N, MPI.LONG, down, TAG);
            }
            send: {
                if (up >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(m, N, N, MPI.LONG, up, TAG);
                if (down >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(m, n * N, N, MPI.LONG, down, TAG);
            }
            compute: {
                Request.Waitall(reqs);
                for (int i = 1; i <= n; i++)
                    for (int j = 0; j < N; j++) next[i * N + j] = (m[(i - 1) * N + j] + 2 * m[i * N + j] + 3 * m[(i + 1) * N + j]) % P;
                System.arraycopy(next, N, m, N, n * N);
            }
        }
        pack(m, n, size, c, sendTiles);
        MPI.COMM_WORLD.Alltoall(sendTiles, 0, c * c, MPI.LONG, recvTiles, 0, c * c, MPI.LONG);
        unpack(m, n, size, c, recvTiles);
        long[] rows = java.util.Arrays.copyOfRange(m, N, (n + 1) * N);
        if (rank != 0) {
            MPI.COMM_WORLD.Send(rows, 0, n * N, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N * N];
            System.arraycopy(rows, 0, global, 0, n * N);
            for (int src = 1; src < size; src++) {
                int slo = lo(src, size);
                MPI.COMM_WORLD.Recv(global, slo * N, (lo(src + 1, size) - slo) * N, MPI.LONG, src, TAG_RESULT);
            }
            long[] t = new long[N * N];
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++) t[i * N + j] = entry(j, i);
            long[] s = new long[N * N];
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++) {
                    long above = i > 0 ? t[(i - 1) * N + j] : 0;
                    long below = i < N - 1 ? t[(i + 1) * N + j] : 0;
                    s[i * N + j] = (above + 2 * t[i * N + j] + 3 * below) % P;
                }
            long[] expected = new long[N * N];
            for (int i = 0; i < N; i++)
                for (int j = 0; j < N; j++) expected[i * N + j] = s[j * N + i];
            long sum = 0;
            for (int k = 0; k < N * N; k++) sum += (k % 7 + 1) * global[k];
            System.out.println("coll-alltoall n=" + N + " weighted-sum=" + sum + (java.util.Arrays.equals(global, expected) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long entry(int i, int j) {
        return (i * 31L + j * 17L + i * j) % 101;
    }

    /** Packs, for every destination d, the columns of d's block of this rank's rows into tile d. */
    static void pack(long[] m, int n, int size, int c, long[] send) {
        java.util.Arrays.fill(send, 0);
        for (int d = 0; d < size; d++) {
            int dlo = lo(d, size);
            int dn = lo(d + 1, size) - dlo;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < dn; j++) send[d * c * c + i * c + j] = m[(i + 1) * N + dlo + j];
        }
    }

    /** The tile from s holds M[slo+i][lo+j], which is entry (j, slo+i) of my rows of the transpose. */
    static void unpack(long[] m, int n, int size, int c, long[] recv) {
        for (int s = 0; s < size; s++) {
            int slo = lo(s, size);
            int sn = lo(s + 1, size) - slo;
            for (int i = 0; i < sn; i++)
                for (int j = 0; j < n; j++) m[(j + 1) * N + slo + i] = recv[s * c * c + i * c + j];
        }
    }
}
