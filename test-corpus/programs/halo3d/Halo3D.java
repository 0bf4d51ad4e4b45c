import bamboo.Bamboo;
import mpi.*;

/**
 * 3-D seven-point stencil on a px x py x pz process grid (a near-cubic factorisation of the size; 7
 * ranks give 1 x 1 x 7). Every face is packed into its own buffer in the send block, received into its
 * own buffer, and unpacked into the ghost layer after the wait. Faces on the edge of the grid are fixed
 * zero boundaries: no neighbour, no message. Integer arithmetic modulo a prime.
 */
@Bamboo
public class Halo3D {
    static final long P = 1_000_003L;
    static final int N = 12;
    static final int ITERS = 6;
    static final int TAG = 20;
    static final int TAG_RESULT = 21;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] dims = dims(size);
        int[] c = coords(rank, dims);
        int[] lo = new int[3];
        int[] n = new int[3];
        for (int d = 0; d < 3; d++) {
            lo[d] = lo(c[d], dims[d]);
            n[d] = lo(c[d] + 1, dims[d]) - lo[d];
        }
        // neighbour[2d] is the lower neighbour along dimension d, neighbour[2d+1] the upper one.
        int[] neighbour = new int[6];
        for (int d = 0; d < 3; d++) {
            int[] down = c.clone();
            int[] up = c.clone();
            down[d]--;
            up[d]++;
            neighbour[2 * d] = c[d] > 0 ? rankOf(down, dims) : -1;
            neighbour[2 * d + 1] = c[d] < dims[d] - 1 ? rankOf(up, dims) : -1;
        }
        long[] u = new long[(n[0] + 2) * (n[1] + 2) * (n[2] + 2)];
        long[] v = new long[u.length];
        for (int i = 1; i <= n[0]; i++)
            for (int j = 1; j <= n[1]; j++)
                for (int k = 1; k <= n[2]; k++)
                    u[idx(i, j, k, n)] = initial(lo[0] + i - 1, lo[1] + j - 1, lo[2] + k - 1);
        long[][] out = new long[6][];
        long[][] in = new long[6][];
        int count = 0;
        for (int f = 0; f < 6; f++) {
            int d = f / 2;
            out[f] = new long[n[(d + 1) % 3] * n[(d + 2) % 3]];
            in[f] = new long[out[f].length];
            if (neighbour[f] >= 0) count++;
        }
        Request[] reqs = new Request[2 * count];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    for (int f = 0; f < 6; f++) {
                        if (neighbour[f] >= 0) {
                            // The face I receive on side f was sent on the opposite side (f ^ 1).
                            reqs[nr++] = MPI.COMM_WORLD.Irecv(in[f], 0, in[f].length, MPI.LONG, neighbour[f], TAG + (f ^ 1));
                        }
                    }
                }
                send: {
                    for (int f = 0; f < 6; f++) {
                        if (neighbour[f] >= 0) {
                            face(u, out[f], n, f / 2, f % 2 == 0 ? 1 : n[f / 2], false);
                            reqs[nr++] = MPI.COMM_WORLD.Isend(out[f], 0, out[f].length, MPI.LONG, neighbour[f], TAG + f);
                        }
                    }
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int f = 0; f < 6; f++) {
                        if (neighbour[f] >= 0) face(u, in[f], n, f / 2, f % 2 == 0 ? 0 : n[f / 2] + 1, true);
                    }
                    relax(u, v, n, lo);
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        long[] block = new long[n[0] * n[1] * n[2]];
        int b = 0;
        for (int i = 1; i <= n[0]; i++)
            for (int j = 1; j <= n[1]; j++)
                for (int k = 1; k <= n[2]; k++)
                    block[b++] = u[idx(i, j, k, n)];
        if (rank != 0) {
            MPI.COMM_WORLD.Send(block, 0, block.length, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N * N * N];
            place(global, block, 0, dims);
            for (int src = 1; src < size; src++) {
                int[] sc = coords(src, dims);
                int len = 1;
                for (int d = 0; d < 3; d++) len *= lo(sc[d] + 1, dims[d]) - lo(sc[d], dims[d]);
                long[] sb = new long[len];
                MPI.COMM_WORLD.Recv(sb, 0, len, MPI.LONG, src, TAG_RESULT);
                place(global, sb, src, dims);
            }
            long[] expected = sequential();
            boolean ok = java.util.Arrays.equals(global, expected);
            System.out.println("halo3d grid=" + N + "^3 iterations=" + ITERS + " checksum=" + sum(global)
                    + (ok ? " OK" : " FAIL expected checksum=" + sum(expected)));
        }
        MPI.Finalize();
    }

    /** A near-cubic factorisation px * py * pz = size with px <= py <= pz. */
    static int[] dims(int size) {
        int px = 1;
        for (int d = 1; d * d * d <= size; d++) if (size % d == 0) px = d;
        int q = size / px;
        int py = 1;
        for (int d = 1; d * d <= q; d++) if (q % d == 0) py = d;
        return new int[] {px, py, q / py};
    }

    static int[] coords(int rank, int[] dims) {
        return new int[] {rank / (dims[1] * dims[2]), (rank / dims[2]) % dims[1], rank % dims[2]};
    }

    static int rankOf(int[] c, int[] dims) {
        return (c[0] * dims[1] + c[1]) * dims[2] + c[2];
    }

    static int lo(int c, int parts) {
        return (int) ((long) c * N / parts);
    }

    static int idx(int i, int j, int k, int[] n) {
        return (i * (n[1] + 2) + j) * (n[2] + 2) + k;
    }

    static long initial(int gi, int gj, int gk) {
        return (gi * 7919L + gj * 104729L + gk * 1299709L + 3) % 1000;
    }

    /** Copies the plane at index {@code at} of dimension {@code d} into buf, or buf into it when unpack. */
    static void face(long[] u, long[] buf, int[] n, int d, int at, boolean unpack) {
        int a = (d + 1) % 3;
        int bb = (d + 2) % 3;
        int m = 0;
        int[] ijk = new int[3];
        for (int x = 1; x <= n[a]; x++) {
            for (int y = 1; y <= n[bb]; y++) {
                ijk[d] = at;
                ijk[a] = x;
                ijk[bb] = y;
                int k = idx(ijk[0], ijk[1], ijk[2], n);
                if (unpack) u[k] = buf[m++];
                else buf[m++] = u[k];
            }
        }
    }

    static void relax(long[] u, long[] v, int[] n, int[] lo) {
        int sj = n[2] + 2;
        int si = (n[1] + 2) * sj;
        for (int i = 1; i <= n[0]; i++)
            for (int j = 1; j <= n[1]; j++)
                for (int k = 1; k <= n[2]; k++) {
                    int q = idx(i, j, k, n);
                    v[q] = (u[q - si] + 2 * u[q + si] + 3 * u[q - sj] + 4 * u[q + sj] + 5 * u[q - 1] + 6 * u[q + 1]
                            + 7 * u[q] + lo[0] + i + lo[1] + j + lo[2] + k) % P;
                }
    }

    static void place(long[] global, long[] block, int src, int[] dims) {
        int[] c = coords(src, dims);
        int[] lo = new int[3];
        int[] n = new int[3];
        for (int d = 0; d < 3; d++) {
            lo[d] = lo(c[d], dims[d]);
            n[d] = lo(c[d] + 1, dims[d]) - lo[d];
        }
        int b = 0;
        for (int i = 0; i < n[0]; i++)
            for (int j = 0; j < n[1]; j++)
                for (int k = 0; k < n[2]; k++)
                    global[((lo[0] + i) * N + lo[1] + j) * N + lo[2] + k] = block[b++];
    }

    static long sum(long[] a) {
        long s = 0;
        for (long x : a) s += x;
        return s;
    }

    static long[] sequential() {
        int[] n = {N, N, N};
        int[] lo = {0, 0, 0};
        long[] u = new long[(N + 2) * (N + 2) * (N + 2)];
        long[] v = new long[u.length];
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++)
                for (int k = 1; k <= N; k++)
                    u[idx(i, j, k, n)] = initial(i - 1, j - 1, k - 1);
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, n, lo);
            long[] t = u;
            u = v;
            v = t;
        }
        long[] g = new long[N * N * N];
        int b = 0;
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++)
                for (int k = 1; k <= N; k++)
                    g[b++] = u[idx(i, j, k, n)];
        return g;
    }
}
