import bamboo.Bamboo;
import mpi.*;

/**
 * Communicators from Split: the ranks form a px x py grid; each grid row gets a row communicator and each
 * column a column communicator. Every row of the global grid is relaxed along y only, so the halo
 * region talks to the west and east neighbours through the row communicator (ranks cy-1 and cy+1 there).
 * Row sums are then combined with Allreduce on the row communicator and the column's results with
 * Gatherv on the column communicator; rank 0 prints the row totals' checksum.
 */
@Bamboo
public class SplitHalo {
    static final long P = 1_000_003L;
    static final int NX = 10;
    static final int NY = 26;
    static final int ITERS = 7;
    static final int TAG = 350;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int px = 1;
        for (int d = 1; d * d <= size; d++) if (size % d == 0) px = d;
        int py = size / px;
        int cx = rank / py;
        int cy = rank % py;
        Intracomm row = MPI.COMM_WORLD.Split(cx, cy);
        Intracomm col = MPI.COMM_WORLD.Split(cy, cx);
        int x0 = lo(cx, px, NX);
        int nx = lo(cx + 1, px, NX) - x0;
        int y0 = lo(cy, py, NY);
        int ny = lo(cy + 1, py, NY) - y0;
        int w = ny + 2;
        int west = cy > 0 ? cy - 1 : -1;
        int east = cy < py - 1 ? cy + 1 : -1;
        long[] u = new long[nx * w];
        long[] v = new long[nx * w];
        for (int i = 0; i < nx; i++)
            for (int j = 1; j <= ny; j++) u[i * w + j] = initial(x0 + i, y0 + j - 1);
        long[] sendW = new long[nx];
        long[] sendE = new long[nx];
        long[] recvW = new long[nx];
        long[] recvE = new long[nx];
        Request[] reqs = new Request[4];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    if (west >= 0) reqs[nr++] = row.Irecv(recvW, 0, nx, MPI.LONG, west, TAG);
                    if (east >= 0) reqs[nr++] = row.Irecv(recvE, 0, nx, MPI.LONG, east, TAG);
                }
                send: {
                    for (int i = 0; i < nx; i++) {
                        sendW[i] = u[i * w + 1];
                        sendE[i] = u[i * w + ny];
                    }
                    if (west >= 0) reqs[nr++] = row.Isend(sendW, 0, nx, MPI.LONG, west, TAG);
                    if (east >= 0) reqs[nr++] = row.Isend(sendE, 0, nx, MPI.LONG, east, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int i = 0; i < nx; i++) {
                        u[i * w] = west >= 0 ? recvW[i] : 0;
                        u[i * w + ny + 1] = east >= 0 ? recvE[i] : 0;
                    }
                    relax(u, v, nx, ny, x0, y0);
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        long[] partial = new long[nx];
        for (int i = 0; i < nx; i++)
            for (int j = 1; j <= ny; j++) partial[i] += u[i * w + j];
        long[] rowTotals = new long[nx];
        row.Allreduce(partial, 0, rowTotals, 0, nx, MPI.LONG, MPI.SUM);
        int[] counts = new int[px];
        int[] displs = new int[px];
        for (int c = 0; c < px; c++) {
            displs[c] = lo(c, px, NX);
            counts[c] = lo(c + 1, px, NX) - displs[c];
        }
        long[] all = new long[NX];
        col.Gatherv(rowTotals, 0, nx, MPI.LONG, all, 0, counts, displs, MPI.LONG, 0);
        if (rank == 0) {
            long[] expected = sequential();
            long check = 0;
            for (int i = 0; i < NX; i++) check += (i + 1) * all[i];
            System.out.println("split-halo grid=" + NX + "x" + NY + " row-checksum=" + check
                    + (java.util.Arrays.equals(all, expected) ? " OK" : " FAIL"));
        }
        row.Free();
        col.Free();
        MPI.Finalize();
    }

    static int lo(int c, int parts, int n) {
        return (int) ((long) c * n / parts);
    }

    static long initial(int gi, int gj) {
        return (gi * 31L + gj * 17L + gi * gj) % 89;
    }

    static void relax(long[] u, long[] v, int nx, int ny, int x0, int y0) {
        int w = ny + 2;
        for (int i = 0; i < nx; i++)
            for (int j = 1; j <= ny; j++)
                v[i * w + j] = (u[i * w + j - 1] * 2 + u[i * w + j] + u[i * w + j + 1] * 3 + x0 + i + y0 + j) % P;
    }

    /** Row totals of the whole grid relaxed on one process. */
    static long[] sequential() {
        int w = NY + 2;
        long[] u = new long[NX * w];
        long[] v = new long[NX * w];
        for (int i = 0; i < NX; i++)
            for (int j = 1; j <= NY; j++) u[i * w + j] = initial(i, j - 1);
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, NX, NY, 0, 0);
            long[] t = u;
            u = v;
            v = t;
        }
        long[] totals = new long[NX];
        for (int i = 0; i < NX; i++)
            for (int j = 1; j <= NY; j++) totals[i] += u[i * w + j];
        return totals;
    }
}
