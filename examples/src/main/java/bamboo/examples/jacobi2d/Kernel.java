package bamboo.examples.jacobi2d;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.Hash;
import bamboo.examples.common.JitSettle;
import bamboo.examples.common.KernelClock;
import bamboo.examples.common.Reference;

/**
 * The numerical kernel of the 2-D Jacobi example, shared by its three forms: one process's block of an
 * {@code n x n} grid for Poisson's equation {@code -Laplace(u) = f} (5-point stencil, zero Dirichlet
 * boundary) with one ghost layer, the packing of its four edges, and relaxation sweeps over all, the
 * interior or the boundary ring of the block. Each sweep also returns the squared residual of the grid
 * it read, which the forms reduce with a sum. No MPI here.
 *
 * <p>Points are updated by the same expression whatever the decomposition, so the grid is bit-identical
 * to the sequential one; only the residual's sum depends on the order of the reduction.
 */
public final class Kernel {
    /** Edges: -x, +x, -y, +y. A message carrying edge e has tag e and fills edge {@code opposite(e)}. */
    public static final int WEST = 0, EAST = 1, SOUTH = 2, NORTH = 3;
    public static final int EDGES = 4;

    private final int n;
    private final int lx, ly, ox, oy, sx;
    private final int[] neighbour = new int[EDGES];
    private final double[] rhs;       // h^2 f at every local point
    private double[] u, v;
    private KernelClock clock;    // null unless profile() was called: the untimed calls stay as they were

    /** The block of process {@code rank} of {@code np} of an {@code n^2} grid. */
    public Kernel(int n, int np, int rank) {
        int[] dims = Decomp.dims(np, 2);
        Decomp.requireSplittable("jacobi2d", "n", n, dims[0], 1);
        Decomp.requireSplittable("jacobi2d", "n", n, dims[1], 1);
        this.n = n;
        int cx = rank / dims[1], cy = rank % dims[1];
        lx = Decomp.size(n, dims[0], cx);
        ly = Decomp.size(n, dims[1], cy);
        ox = Decomp.start(n, dims[0], cx);
        oy = Decomp.start(n, dims[1], cy);
        sx = ly + 2;
        neighbour[WEST] = cx > 0 ? rank - dims[1] : -1;
        neighbour[EAST] = cx < dims[0] - 1 ? rank + dims[1] : -1;
        neighbour[SOUTH] = cy > 0 ? rank - 1 : -1;
        neighbour[NORTH] = cy < dims[1] - 1 ? rank + 1 : -1;
        u = new double[(lx + 2) * sx];
        v = new double[(lx + 2) * sx];
        rhs = new double[(lx + 2) * sx];
        double h2 = 1.0 / ((double) (n + 1) * (n + 1));
        for (int i = 1; i <= lx; i++) {
            for (int j = 1; j <= ly; j++) {
                int gi = ox + i, gj = oy + j;
                rhs[i * sx + j] = h2 * ((gi * 31 + gj * 17) % 13 - 6);
            }
        }
    }

    /** The edge a message of tag {@code edge} fills at its receiver. */
    public static int opposite(int edge) {
        return edge ^ 1;
    }

    /** Neighbour ranks per edge, -1 at the global boundary. */
    public int[] neighbours() {
        return neighbour.clone();
    }

    /** Number of edges with a neighbour. */
    public int neighbourCount() {
        int count = 0;
        for (int nb : neighbour) {
            if (nb >= 0) {
                count++;
            }
        }
        return count;
    }

    /** Points along edge {@code edge}. */
    public int edgeSize(int edge) {
        return edge < 2 ? ly : lx;
    }

    /** Times this block's kernel calls from now on (argument {@code profile=true}; see {@link KernelClock}). */
    public void profile() {
        clock = new KernelClock();
    }

    /** The sums of {@link #profile()}'s clock so far, to be reduced over the ranks. */
    public long[] profileSums() {
        if (clock == null) {
            throw new IllegalStateException("jacobi2d: Kernel.profileSums() without Kernel.profile()");
        }
        return clock.sums();
    }

    /** Copies {@link #profileSums()} into {@code into} from index {@code at} (for the checksum's reduction). */
    public void profileSums(long[] into, int at) {
        long[] sums = profileSums();
        System.arraycopy(sums, 0, into, at, sums.length);
    }

    /** Copies the owned row or column next to {@code edge} into {@code buf}. */
    public void pack(int edge, double[] buf) {
        if (clock == null) {
            copyEdge(edge, false, buf, true);
        } else {
            clock.startHalo();
            copyEdge(edge, false, buf, true);
            clock.stopHalo();
        }
    }

    /** Copies {@code buf} into the ghost row or column of {@code edge}. */
    public void unpack(int edge, double[] buf) {
        if (clock == null) {
            copyEdge(edge, true, buf, false);
        } else {
            clock.startHalo();
            copyEdge(edge, true, buf, false);
            clock.stopHalo();
        }
    }

    /** Relaxes every owned point into the new grid; returns the squared residual of the current grid. */
    public double relaxAll() {
        if (clock == null) {
            return relax(1, lx, 1, ly);
        }
        clock.startCompute();
        double r = relax(1, lx, 1, ly);
        clock.stopCompute((long) lx * ly);
        return r;
    }

    /** Relaxes the owned points that read no ghost value; returns their squared residual. */
    public double relaxInterior() {
        if (clock == null) {
            return relax(2, lx - 1, 2, ly - 1);
        }
        clock.startCompute();
        double r = relax(2, lx - 1, 2, ly - 1);
        clock.stopCompute(interiorPoints());
        return r;
    }

    /** Relaxes the owned points {@link #relaxInterior()} leaves out; returns their squared residual. */
    public double relaxBoundary() {
        if (clock == null) {
            return boundary();
        }
        clock.startCompute();
        double r = boundary();
        clock.stopCompute((long) lx * ly - interiorPoints());
        return r;
    }

    private long interiorPoints() {
        return (long) Math.max(0, lx - 2) * Math.max(0, ly - 2);
    }

    private double boundary() {
        double r = relaxShell(1, 1, 1, ly);
        if (lx > 1) {
            r += relaxShell(lx, lx, 1, ly);
        }
        r += relaxShell(2, lx - 1, 1, 1);
        if (ly > 1) {
            r += relaxShell(2, lx - 1, ly, ly);
        }
        return r;
    }

    /** Makes the new grid the current one. */
    public void swap() {
        double[] t = u;
        u = v;
        v = t;
    }

    /** {@link Hash} of the owned points of the current grid, by global index. */
    public long checksum() {
        long sum = 0;
        for (int i = 1; i <= lx; i++) {
            long row = (long) (ox + i - 1) * n + oy - 1;
            for (int j = 1; j <= ly; j++) {
                sum += Hash.term(row + j, u[i * sx + j]);
            }
        }
        return sum;
    }

    /** The residual norm from a global sum of squared residuals. */
    public static double norm(double sumOfSquares) {
        return Math.sqrt(sumOfSquares);
    }

    /** What a run of {@code iters} sweeps reducing the residual every {@code resEvery} must report. */
    public static Reference sequential(int n, int iters, int resEvery) {
        Kernel k = new Kernel(n, 1, 0);
        double res = 0;
        for (int iter = 0; iter < iters; iter++) {
            double r = k.relaxAll();
            k.swap();
            if (iter % resEvery == 0) {
                res = r;
            }
        }
        return new Reference(k.checksum(), norm(res));
    }

    /*
     * LOOPS: the loops the timed sweeps run have exclusive upper bounds (i < end), not inclusive ones
     * (i <= last), though both visit the same points in the same order. With an inclusive bound HotSpot's
     * C2 can only make the loop a counted loop (range checks hoisted, strip-mined) behind a "loop limit
     * check" predicate; an OSR compilation during the warm-up sometimes fails that check (uncommon trap
     * loop_limit_check), after which every later compilation of the method keeps the loop uncounted: a
     * range check and a safepoint poll per point, for the rest of the run. Whether the trap happens
     * depends on timing, so two copies of the same class (two ranks' loaders, or a rank's and a translated
     * task's) came out 5-25% apart per point. An
     * exclusive bound with stride 1 needs no such predicate.
     */
    private double relax(int i0, int i1, int j0, int j1) {
        final double[] a = u, b = v, f = rhs;
        double sum = 0;
        // exclusive bounds: see LOOPS
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            int base = i * sx;
            for (int c = base + j0, cEnd = base + j1 + 1; c < cEnd; c++) {
                double x = 0.25 * (a[c - sx] + a[c + sx] + a[c - 1] + a[c + 1] + f[c]);
                b[c] = x;
                double r = 4.0 * (x - a[c]);
                sum += r * r;
            }
        }
        return sum;
    }

    /** The same update as {@link #relax}, for the thin boundary pieces: a separate method so that the
     *  JIT profiles (and optimises) the bulk loop without the one-point-wide ones. */
    private double relaxShell(int i0, int i1, int j0, int j1) {
        final double[] a = u, b = v, f = rhs;
        double sum = 0;
        // exclusive bounds: see LOOPS
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            int base = i * sx;
            for (int c = base + j0, cEnd = base + j1 + 1; c < cEnd; c++) {
                double x = 0.25 * (a[c - sx] + a[c + sx] + a[c - 1] + a[c + 1] + f[c]);
                b[c] = x;
                double r = 4.0 * (x - a[c]);
                sum += r * r;
            }
        }
        return sum;
    }

    private void copyEdge(int edge, boolean ghost, double[] buf, boolean toBuf) {
        int extent = edge < 2 ? lx : ly;
        int at = (edge & 1) == 0 ? (ghost ? 0 : 1) : (ghost ? extent + 1 : extent);
        if (edge < 2) {
            int base = at * sx + 1;
            if (toBuf) {
                System.arraycopy(u, base, buf, 0, ly);
            } else {
                System.arraycopy(buf, 0, u, base, ly);
            }
            return;
        }
        for (int i = 1, iEnd = lx + 1; i < iEnd; i++) {   // exclusive bound: see LOOPS
            if (toBuf) {
                buf[i - 1] = u[i * sx + at];
            } else {
                u[i * sx + at] = buf[i - 1];
            }
        }
    }

    /** Rounds of {@link #warmUp()}: enough calls, with their loop back-edges, for C2 to compile every
     *  method the timed loop calls (HotSpot's tier-4 thresholds), on a problem small enough that the whole
     *  warm-up takes milliseconds. */
    private static final int WARM_UP_ROUNDS = 4000;

    /**
     * Runs the methods the timed loop calls (edge packing, all three relaxations, swap)
     * on a small private problem until the JIT has compiled
     * them, so that the timed loop measures compiled code, not the compiler (every run loads a fresh copy
     * of the program, hence compiles its kernel again). Touches no state of any other instance: results
     * stay bit-identical with or without it. No MPI.
     */
    public static void warmUp() {
        Kernel k = new Kernel(96, 9, 4);   // the centre block of 3x3: all four edges have a neighbour
        double[][] buf = new double[EDGES][];
        for (int e = 0; e < EDGES; e++) {
            buf[e] = new double[k.edgeSize(e)];
        }
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int e = 0; e < EDGES; e++) {
                k.pack(e, buf[e]);
                k.unpack(e, buf[e]);
            }
            double res = k.relaxAll() + k.relaxInterior() + k.relaxBoundary();
            k.swap();
            if (res < 0) {
                throw new AssertionError("negative residual");   // keeps the results alive
            }
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
