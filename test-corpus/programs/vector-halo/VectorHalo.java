import bamboo.Bamboo;
import mpi.*;

/**
 * 2-D five-point stencil on a Cartesian grid of ranks (Dims_create, no wrap-around) over a row-major
 * double[] with a ghost frame: north and south rows go as contiguous runs, west and east columns as one
 * item of a Vector datatype (one element per row, a row's width apart) sent from and received straight
 * into the grid, with the neighbours from Cartcomm.Shift (PROC_NULL at the edges). Values stay integers
 * below 2^53, so the arithmetic is exact.
 */
@Bamboo
public class VectorHalo {
    static final double P = 1_000_003;
    static final int NX = 18;
    static final int NY = 22;
    static final int ITERS = 6;
    static final int TAG_NS = 3;
    static final int TAG_WE = 4;
    static final int TAG_RESULT = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] dims = new int[2];
        Cartcomm.Dims_create(size, dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, false}, false);
        int rank = grid.Rank();
        int[] c = grid.Coords(rank);
        int x0 = lo(c[0], dims[0], NX);
        int y0 = lo(c[1], dims[1], NY);
        int nx = lo(c[0] + 1, dims[0], NX) - x0;
        int ny = lo(c[1] + 1, dims[1], NY) - y0;
        int w = ny + 2;
        ShiftParms ns = grid.Shift(0, 1);
        ShiftParms we = grid.Shift(1, 1);
        int north = ns.rank_source;
        int south = ns.rank_dest;
        int west = we.rank_source;
        int east = we.rank_dest;
        Datatype column = Datatype.Vector(nx, 1, w, MPI.DOUBLE);
        column.Commit();
        double[] u = new double[(nx + 2) * w];
        double[] v = new double[(nx + 2) * w];
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                u[i * w + j] = initial(x0 + i - 1, y0 + j - 1);
            }
        }
        Request[] reqs = new Request[8];
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = grid.Irecv(u, 1, ny, MPI.DOUBLE, north, TAG_NS);
                    reqs[1] = grid.Irecv(u, (nx + 1) * w + 1, ny, MPI.DOUBLE, south, TAG_NS);
                    reqs[2] = grid.Irecv(u, w, 1, column, west, TAG_WE);
                    reqs[3] = grid.Irecv(u, w + ny + 1, 1, column, east, TAG_WE);
                }
                send: {
                    reqs[4] = grid.Isend(u, w + 1, ny, MPI.DOUBLE, north, TAG_NS);
                    reqs[5] = grid.Isend(u, nx * w + 1, ny, MPI.DOUBLE, south, TAG_NS);
                    reqs[6] = grid.Isend(u, w + 1, 1, column, west, TAG_WE);
                    reqs[7] = grid.Isend(u, w + ny, 1, column, east, TAG_WE);
                }
                compute: {
                    Request.Waitall(reqs);
                    relax(u, v, nx, ny, x0, y0);
                    double[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        // The interior, row by row, as one item of a Vector that skips the ghost frame.
        Datatype interior = Datatype.Vector(nx, ny, w, MPI.DOUBLE);
        interior.Commit();
        if (rank != 0) {
            grid.Send(u, w + 1, 1, interior, 0, TAG_RESULT);
        } else {
            double[] global = new double[NX * NY];
            place(global, u, w + 1, w, x0, y0, nx, ny);
            for (int src = 1; src < size; src++) {
                int[] sc = grid.Coords(src);
                int sx0 = lo(sc[0], dims[0], NX);
                int sy0 = lo(sc[1], dims[1], NY);
                int snx = lo(sc[0] + 1, dims[0], NX) - sx0;
                int sny = lo(sc[1] + 1, dims[1], NY) - sy0;
                double[] b = new double[snx * sny];
                Status s = grid.Recv(b, 0, snx * sny, MPI.DOUBLE, src, TAG_RESULT);
                if (s.Get_count(MPI.DOUBLE) != snx * sny) {
                    System.out.println("vector-halo FAIL rank " + src + " sent " + s.Get_count(MPI.DOUBLE));
                }
                place(global, b, 0, sny, sx0, sy0, snx, sny);
            }
            double[] expected = sequential();
            boolean ok = java.util.Arrays.equals(global, expected);
            System.out.println("vector-halo grid=" + NX + "x" + NY + " iterations=" + ITERS + " checksum="
                    + (long) sum(global) + (ok ? " OK" : " FAIL expected checksum=" + (long) sum(expected)));
        }
        MPI.Finalize();
    }

    static int lo(int c, int parts, int n) {
        return (int) ((long) c * n / parts);
    }

    static double initial(int gi, int gj) {
        return (gi * 7919L + gj * 104729L + 11) % 1000;
    }

    static void relax(double[] u, double[] v, int nx, int ny, int x0, int y0) {
        int w = ny + 2;
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                int k = i * w + j;
                v[k] = (u[k - w] + 2 * u[k + w] + 3 * u[k - 1] + 5 * u[k + 1] + 7 * u[k]
                        + (x0 + i - 1) * 31 + y0 + j - 1) % P;
            }
        }
    }

    /** Copies an nx x ny block stored with row stride {@code stride} from {@code at} into the global grid. */
    static void place(double[] global, double[] block, int at, int stride, int x0, int y0, int nx, int ny) {
        for (int i = 0; i < nx; i++) {
            System.arraycopy(block, at + i * stride, global, (x0 + i) * NY + y0, ny);
        }
    }

    static double sum(double[] a) {
        double s = 0;
        for (double x : a) s += x;
        return s;
    }

    static double[] sequential() {
        int w = NY + 2;
        double[] u = new double[(NX + 2) * w];
        double[] v = new double[(NX + 2) * w];
        for (int i = 1; i <= NX; i++) {
            for (int j = 1; j <= NY; j++) u[i * w + j] = initial(i - 1, j - 1);
        }
        for (int iter = 0; iter < ITERS; iter++) {
            relax(u, v, NX, NY, 0, 0);
            double[] t = u;
            u = v;
            v = t;
        }
        double[] g = new double[NX * NY];
        place(g, u, w + 1, w, 0, 0, NX, NY);
        return g;
    }
}
