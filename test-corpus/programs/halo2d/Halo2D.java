import bamboo.Bamboo;
import mpi.*;

/**
 * 2-D five-point stencil on a px x py process grid (px the largest divisor of the size not above its
 * square root, so 7 ranks make a 1 x 7 grid). North and south ghost rows are received straight into
 * slices of the flat local array; west and east columns are packed into buffers in the send block and
 * unpacked after the wait. Ranks on the edge of the grid have no neighbour on that side.
 */
@Bamboo
public class Halo2D {
    static final long P = 1_000_003L;
    static final int NX = 24;
    static final int NY = 20;
    static final int ITERS = 8;
    static final int TAG_NS = 10;
    static final int TAG_WE = 11;
    static final int TAG_RESULT = 12;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int px = rows(size);
        int py = size / px;
        int cx = rank / py;
        int cy = rank % py;
        int x0 = lo(cx, px, NX);
        int y0 = lo(cy, py, NY);
        int nx = lo(cx + 1, px, NX) - x0;
        int ny = lo(cy + 1, py, NY) - y0;
        int w = ny + 2;
        int north = cx > 0 ? rank - py : -1;
        int south = cx < px - 1 ? rank + py : -1;
        int west = cy > 0 ? rank - 1 : -1;
        int east = cy < py - 1 ? rank + 1 : -1;
        long[] u = new long[(nx + 2) * w];
        long[] v = new long[(nx + 2) * w];
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                u[i * w + j] = initial(x0 + i - 1, y0 + j - 1);
            }
        }
        long[] sendW = new long[nx];
        long[] sendE = new long[nx];
        long[] recvW = new long[nx];
        long[] recvE = new long[nx];
        int neighbours = (north >= 0 ? 1 : 0) + (south >= 0 ? 1 : 0) + (west >= 0 ? 1 : 0) + (east >= 0 ? 1 : 0);
        Request[] reqs = new Request[2 * neighbours];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    if (north >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 1, ny, MPI.LONG, north, TAG_NS);
                    if (south >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, (nx + 1) * w + 1, ny, MPI.LONG, south, TAG_NS);
                    if (west >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(recvW, 0, nx, MPI.LONG, west, TAG_WE);
                    if (east >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(recvE, 0, nx, MPI.LONG, east, TAG_WE);
                }
                send: {
                    if (north >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, w + 1, ny, MPI.LONG, north, TAG_NS);
                    if (south >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, nx * w + 1, ny, MPI.LONG, south, TAG_NS);
                    if (west >= 0) {
                        for (int i = 1; i <= nx; i++) sendW[i - 1] = u[i * w + 1];
                        reqs[nr++] = MPI.COMM_WORLD.Isend(sendW, 0, nx, MPI.LONG, west, TAG_WE);
                    }
                    if (east >= 0) {
                        for (int i = 1; i <= nx; i++) sendE[i - 1] = u[i * w + ny];
                        reqs[nr++] = MPI.COMM_WORLD.Isend(sendE, 0, nx, MPI.LONG, east, TAG_WE);
                    }
                }
                compute: {
                    Request.Waitall(reqs);
                    if (west >= 0) for (int i = 1; i <= nx; i++) u[i * w] = recvW[i - 1];
                    if (east >= 0) for (int i = 1; i <= nx; i++) u[i * w + ny + 1] = recvE[i - 1];
                    relax(u, v, nx, ny, x0, y0);
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        long[] block = new long[nx * ny];
        for (int i = 1; i <= nx; i++) {
            System.arraycopy(u, i * w + 1, block, (i - 1) * ny, ny);
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(block, 0, nx * ny, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[NX * NY];
            place(global, block, 0, px, py);
            for (int src = 1; src < size; src++) {
                int sx = src / py;
                int sy = src % py;
                int count = (lo(sx + 1, px, NX) - lo(sx, px, NX)) * (lo(sy + 1, py, NY) - lo(sy, py, NY));
                long[] b = new long[count];
                MPI.COMM_WORLD.Recv(b, 0, count, MPI.LONG, src, TAG_RESULT);
                place(global, b, src, px, py);
            }
            long[] expected = sequential();
            boolean ok = java.util.Arrays.equals(global, expected);
            System.out.println("halo2d grid=" + NX + "x" + NY + " iterations=" + ITERS + " checksum=" + sum(global)
                    + (ok ? " OK" : " FAIL expected checksum=" + sum(expected)));
        }
        MPI.Finalize();
    }

    /** Largest divisor of size whose square does not exceed size. */
    static int rows(int size) {
        int best = 1;
        for (int d = 1; d * d <= size; d++) {
            if (size % d == 0) best = d;
        }
        return best;
    }

    static int lo(int c, int parts, int n) {
        return (int) ((long) c * n / parts);
    }

    static long initial(int gi, int gj) {
        return (gi * 7919L + gj * 104729L + 11) % 1000;
    }

    static void relax(long[] u, long[] v, int nx, int ny, int x0, int y0) {
        int w = ny + 2;
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                int k = i * w + j;
                v[k] = (u[k - w] + u[k + w] + 2 * u[k - 1] + 3 * u[k + 1] + 5 * u[k] + (x0 + i - 1) * 31L + y0 + j - 1) % P;
            }
        }
    }

    static void place(long[] global, long[] block, int src, int px, int py) {
        int sx = src / py;
        int sy = src % py;
        int x0 = lo(sx, px, NX);
        int y0 = lo(sy, py, NY);
        int nx = lo(sx + 1, px, NX) - x0;
        int ny = lo(sy + 1, py, NY) - y0;
        for (int i = 0; i < nx; i++) {
            System.arraycopy(block, i * ny, global, (x0 + i) * NY + y0, ny);
        }
    }

    static long sum(long[] a) {
        long s = 0;
        for (long x : a) s += x;
        return s;
    }

    static long[] sequential() {
        int w = NY + 2;
        long[] u = new long[(NX + 2) * w];
        long[] v = new long[(NX + 2) * w];
        for (int i = 1; i <= NX; i++) {
            for (int j = 1; j <= NY; j++) u[i * w + j] = initial(i - 1, j - 1);
        }
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, NX, NY, 0, 0);
            long[] t = u;
            u = v;
            v = t;
        }
        long[] g = new long[NX * NY];
        for (int i = 1; i <= NX; i++) System.arraycopy(u, i * w + 1, g, (i - 1) * NY, NY);
        return g;
    }
}
