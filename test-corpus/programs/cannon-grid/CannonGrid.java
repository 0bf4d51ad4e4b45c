import bamboo.Bamboo;
import mpi.*;

/**
 * Cannon's matrix multiply on the largest q x q grid that fits in the ranks; the ranks beyond q*q take
 * no part (their whole computation sits under a rank condition). Blocks are uneven (N is not a multiple
 * of q), so the length of every shifted A and B block depends on which block is arriving. Integer
 * matrices, exact; rank 0 collects C and checks it.
 */
@Bamboo
public class CannonGrid {
    static final int N = 14;
    static final int TAG_A = 340;
    static final int TAG_B = 341;
    static final int TAG_RESULT = 342;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int q = (int) Math.sqrt(size);
        while ((q + 1) * (q + 1) <= size) q++;
        while (q * q > size) q--;
        if (rank < q * q) {
            int i = rank / q;
            int j = rank % q;
            int left = i * q + (j - 1 + q) % q;
            int right = i * q + (j + 1) % q;
            int up = ((i - 1 + q) % q) * q + j;
            int down = ((i + 1) % q) * q + j;
            int maxBlock = (N / q + 1) * (N / q + 1);
            int k = (i + j) % q;
            long[] a = block(i, k, q, true);
            long[] b = block(k, j, q, false);
            long[] aNext = new long[maxBlock];
            long[] bNext = new long[maxBlock];
            long[] c = new long[len(i, q) * len(j, q)];
            multiplyAdd(c, a, b, i, j, k, q);
            Request[] reqs = new Request[4];
            for (int s = 1; s < q; s++) {
                olap: {
                    receive: {
                        int kNext = (i + j + s) % q;
                        reqs[0] = MPI.COMM_WORLD.Irecv(aNext, 0, len(i, q) * len(kNext, q), MPI.LONG, right, TAG_A);
                        reqs[1] = MPI.COMM_WORLD.Irecv(bNext, 0, len(kNext, q) * len(j, q), MPI.LONG, down, TAG_B);
                    }
                    send: {
                        reqs[2] = MPI.COMM_WORLD.Isend(a, 0, len(i, q) * len(k, q), MPI.LONG, left, TAG_A);
                        reqs[3] = MPI.COMM_WORLD.Isend(b, 0, len(k, q) * len(j, q), MPI.LONG, up, TAG_B);
                    }
                    compute: {
                        Request.Waitall(reqs);
                        k = (i + j + s) % q;
                        long[] t = a;
                        a = aNext;
                        aNext = t;
                        t = b;
                        b = bNext;
                        bNext = t;
                        multiplyAdd(c, a, b, i, j, k, q);
                    }
                }
            }
            if (rank != 0) {
                MPI.COMM_WORLD.Send(c, 0, c.length, MPI.LONG, 0, TAG_RESULT);
            } else {
                long[] global = new long[N * N];
                place(global, c, 0, 0, q);
                for (int src = 1; src < q * q; src++) {
                    int si = src / q;
                    int sj = src % q;
                    long[] sc = new long[len(si, q) * len(sj, q)];
                    MPI.COMM_WORLD.Recv(sc, 0, sc.length, MPI.LONG, src, TAG_RESULT);
                    place(global, sc, si, sj, q);
                }
                long[] expected = new long[N * N];
                for (int r = 0; r < N; r++)
                    for (int col = 0; col < N; col++)
                        for (int m = 0; m < N; m++) expected[r * N + col] += aEntry(r, m) * bEntry(m, col);
                long check = 0;
                for (int x = 0; x < N * N; x++) check += (x % 5 + 1) * global[x];
                System.out.println("cannon-grid n=" + N + " weighted-sum=" + check
                        + (java.util.Arrays.equals(global, expected) ? " OK" : " FAIL"));
            }
        }
        MPI.Finalize();
    }

    static int lo(int b, int q) {
        return b * N / q;
    }

    static int len(int b, int q) {
        return lo(b + 1, q) - lo(b, q);
    }

    static long aEntry(int r, int c) {
        return (r * 3L + c * 5L) % 7 - 3;
    }

    static long bEntry(int r, int c) {
        return (r * 2L + c * 7L + r * c) % 5 - 2;
    }

    /** Block (bi, bj) of A (or B), row-major. */
    static long[] block(int bi, int bj, int q, boolean isA) {
        long[] m = new long[len(bi, q) * len(bj, q)];
        for (int r = 0; r < len(bi, q); r++)
            for (int c = 0; c < len(bj, q); c++)
                m[r * len(bj, q) + c] = isA ? aEntry(lo(bi, q) + r, lo(bj, q) + c) : bEntry(lo(bi, q) + r, lo(bj, q) + c);
        return m;
    }

    /** c(i,j) += A(i,k) * B(k,j). */
    static void multiplyAdd(long[] c, long[] a, long[] b, int i, int j, int k, int q) {
        int ni = len(i, q);
        int nj = len(j, q);
        int nk = len(k, q);
        for (int r = 0; r < ni; r++)
            for (int m = 0; m < nk; m++)
                for (int col = 0; col < nj; col++) c[r * nj + col] += a[r * nk + m] * b[m * nj + col];
    }

    static void place(long[] global, long[] c, int bi, int bj, int q) {
        int nj = len(bj, q);
        for (int r = 0; r < len(bi, q); r++) System.arraycopy(c, r * nj, global, (lo(bi, q) + r) * N + lo(bj, q), nj);
    }
}
