package bamboo.examples.jacobi3d;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.Hash;
import bamboo.examples.common.JitSettle;
import bamboo.examples.common.Reference;

/**
 * The numerical kernel of the 3-D Jacobi example, shared by its three forms: one process's block of an
 * {@code n x n x n} grid (Laplace's equation, 7-point stencil, Dirichlet boundary) with one ghost layer,
 * the packing of its six faces, and relaxation sweeps over all, the interior, or the boundary shell of
 * the block. No MPI here: the forms differ only in how they move the faces.
 *
 * <p>Every point is updated by the same expression whatever the decomposition, so the grid after any
 * number of sweeps is bit-identical to the sequential one and the maximum change is exact too.
 */
public final class Kernel {
    /** Faces: -x, +x, -y, +y, -z, +z. A message carrying face f has tag f; its receiver stores it as
     *  its ghost face {@code opposite(f)}. */
    public static final int WEST = 0, EAST = 1, SOUTH = 2, NORTH = 3, DOWN = 4, UP = 5;
    public static final int FACES = 6;

    private final int n;
    private final int lx, ly, lz;      // owned points per axis
    private final int ox, oy, oz;      // global index of the first owned point per axis
    private final int sx, sy;          // strides of x and y in the local array (z is contiguous)
    private final int[] neighbour = new int[FACES];
    private double[] u, v;

    /** The block of process {@code rank} of {@code np} of an {@code n^3} grid. */
    public Kernel(int n, int np, int rank) {
        int[] dims = Decomp.dims(np, 3);
        for (int d = 0; d < 3; d++) {
            Decomp.requireSplittable("jacobi3d", "n", n, dims[d], 1);
        }
        this.n = n;
        int cx = rank / (dims[1] * dims[2]), cy = rank / dims[2] % dims[1], cz = rank % dims[2];
        lx = Decomp.size(n, dims[0], cx);
        ly = Decomp.size(n, dims[1], cy);
        lz = Decomp.size(n, dims[2], cz);
        ox = Decomp.start(n, dims[0], cx);
        oy = Decomp.start(n, dims[1], cy);
        oz = Decomp.start(n, dims[2], cz);
        sy = lz + 2;
        sx = (ly + 2) * sy;
        neighbour[WEST] = cx > 0 ? rank - dims[1] * dims[2] : -1;
        neighbour[EAST] = cx < dims[0] - 1 ? rank + dims[1] * dims[2] : -1;
        neighbour[SOUTH] = cy > 0 ? rank - dims[2] : -1;
        neighbour[NORTH] = cy < dims[1] - 1 ? rank + dims[2] : -1;
        neighbour[DOWN] = cz > 0 ? rank - 1 : -1;
        neighbour[UP] = cz < dims[2] - 1 ? rank + 1 : -1;
        u = new double[(lx + 2) * sx];
        v = new double[(lx + 2) * sx];
        setBoundary(u);
        setBoundary(v);
    }

    /** The face a message of tag {@code face} fills at its receiver. */
    public static int opposite(int face) {
        return face ^ 1;
    }

    /** Neighbour ranks per face, -1 at the global boundary. */
    public int[] neighbours() {
        return neighbour.clone();
    }

    /** Number of faces with a neighbour. */
    public int neighbourCount() {
        int count = 0;
        for (int nb : neighbour) {
            if (nb >= 0) {
                count++;
            }
        }
        return count;
    }

    /** Points in face {@code face}. */
    public int faceSize(int face) {
        return face < 2 ? ly * lz : face < 4 ? lx * lz : lx * ly;
    }

    /** Copies the owned layer next to {@code face} into {@code buf}. */
    public void pack(int face, double[] buf) {
        copyFace(face, layer(face, false), buf, true);
    }

    /** Copies {@code buf} into the ghost layer of {@code face}. */
    public void unpack(int face, double[] buf) {
        copyFace(face, layer(face, true), buf, false);
    }

    /** Relaxes every owned point into the new grid; returns the largest change. */
    public double relaxAll() {
        return relax(1, lx, 1, ly, 1, lz);
    }

    /** Relaxes the owned points that read no ghost value; returns the largest change. */
    public double relaxInterior() {
        return relax(2, lx - 1, 2, ly - 1, 2, lz - 1);
    }

    /** Relaxes the owned points {@link #relaxInterior()} leaves out; returns the largest change. */
    public double relaxBoundary() {
        double m = relaxShell(1, 1, 1, ly, 1, lz);
        if (lx > 1) {
            m = Math.max(m, relaxShell(lx, lx, 1, ly, 1, lz));
        }
        m = Math.max(m, relaxShell(2, lx - 1, 1, 1, 1, lz));
        if (ly > 1) {
            m = Math.max(m, relaxShell(2, lx - 1, ly, ly, 1, lz));
        }
        m = Math.max(m, relaxShell(2, lx - 1, 2, ly - 1, 1, 1));
        if (lz > 1) {
            m = Math.max(m, relaxShell(2, lx - 1, 2, ly - 1, lz, lz));
        }
        return m;
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
            for (int j = 1; j <= ly; j++) {
                long row = ((long) (ox + i - 1) * n + (oy + j - 1)) * n + oz - 1;
                int base = i * sx + j * sy;
                for (int k = 1; k <= lz; k++) {
                    sum += Hash.term(row + k, u[base + k]);
                }
            }
        }
        return sum;
    }

    /** What a run of {@code iters} sweeps reducing the change every {@code errEvery} must report. */
    public static Reference sequential(int n, int iters, int errEvery) {
        Kernel k = new Kernel(n, 1, 0);
        double err = 0;
        for (int iter = 0; iter < iters; iter++) {
            double e = k.relaxAll();
            k.swap();
            if (iter % errEvery == 0) {
                err = e;
            }
        }
        return new Reference(k.checksum(), err);
    }

    /*
     * LOOPS: the loops the timed sweeps run (relaxation and face copies) have exclusive upper bounds
     * (i < end), not inclusive ones (i <= last), though both visit the same points in the same order. With
     * an inclusive bound HotSpot's C2 makes the loop a counted loop (range checks hoisted, strip-mined)
     * only behind a "loop limit check" predicate, which an OSR compilation during the warm-up sometimes
     * fails (uncommon trap loop_limit_check); the method's later compilations may then keep that loop
     * uncounted, with a range check and a safepoint poll per point, for the rest of the run. Whether the
     * trap happens depends on timing, so two copies of the same class (two ranks' loaders, or a rank's and
     * a translated task's) could compute at different speeds. An exclusive bound with stride 1 needs no such predicate.
     */
    private double relax(int i0, int i1, int j0, int j1, int k0, int k1) {
        final double[] a = u, b = v;
        double m = 0;
        // exclusive bounds: see LOOPS
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            for (int j = j0, jEnd = j1 + 1; j < jEnd; j++) {
                int base = i * sx + j * sy;
                for (int c = base + k0, cEnd = base + k1 + 1; c < cEnd; c++) {
                    double x = (a[c - sx] + a[c + sx] + a[c - sy] + a[c + sy] + a[c - 1] + a[c + 1]) / 6.0;
                    b[c] = x;
                    m = Math.max(m, Math.abs(x - a[c]));
                }
            }
        }
        return m;
    }

    /** The same update as {@link #relax}, for the thin boundary pieces: a separate method so that the
     *  JIT profiles (and optimises) the bulk loop without the one-point-wide ones. */
    private double relaxShell(int i0, int i1, int j0, int j1, int k0, int k1) {
        final double[] a = u, b = v;
        double m = 0;
        // exclusive bounds: see LOOPS
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            for (int j = j0, jEnd = j1 + 1; j < jEnd; j++) {
                int base = i * sx + j * sy;
                for (int c = base + k0, cEnd = base + k1 + 1; c < cEnd; c++) {
                    double x = (a[c - sx] + a[c + sx] + a[c - sy] + a[c + sy] + a[c - 1] + a[c + 1]) / 6.0;
                    b[c] = x;
                    m = Math.max(m, Math.abs(x - a[c]));
                }
            }
        }
        return m;
    }

    /** Index along the face's normal of the owned layer (ghost=false) or the ghost layer next to it. */
    private int layer(int face, boolean ghost) {
        int extent = face < 2 ? lx : face < 4 ? ly : lz;
        boolean low = (face & 1) == 0;
        return low ? (ghost ? 0 : 1) : (ghost ? extent + 1 : extent);
    }

    private void copyFace(int face, int at, double[] buf, boolean toBuf) {
        int p = 0;
        int iLo = 1, iHi = lx, jLo = 1, jHi = ly, kLo = 1, kHi = lz;
        if (face < 2) {
            iLo = iHi = at;
        } else if (face < 4) {
            jLo = jHi = at;
        } else {
            kLo = kHi = at;
        }
        // exclusive bounds: see LOOPS
        for (int i = iLo, iEnd = iHi + 1; i < iEnd; i++) {
            for (int j = jLo, jEnd = jHi + 1; j < jEnd; j++) {
                int base = i * sx + j * sy;
                for (int k = kLo, kEnd = kHi + 1; k < kEnd; k++) {
                    if (toBuf) {
                        buf[p++] = u[base + k];
                    } else {
                        u[base + k] = buf[p++];
                    }
                }
            }
        }
    }

    /** Dirichlet values on the global boundary: a linear (hence harmonic) function of position. */
    private void setBoundary(double[] a) {
        double scale = 1.0 / (6.0 * (n + 1));
        for (int i = 0; i <= lx + 1; i++) {
            int gi = ox + i;
            for (int j = 0; j <= ly + 1; j++) {
                int gj = oy + j;
                for (int k = 0; k <= lz + 1; k++) {
                    int gk = oz + k;
                    boolean boundary = gi == 0 || gi == n + 1 || gj == 0 || gj == n + 1 || gk == 0 || gk == n + 1;
                    if (boundary) {
                        a[i * sx + j * sy + k] = (gi + 2.0 * gj + 3.0 * gk) * scale;
                    }
                }
            }
        }
    }

    /** Rounds of {@link #warmUp()}: enough calls, with their loop back-edges, for C2 to compile every
     *  method the timed loop calls (HotSpot's tier-4 thresholds), on a problem small enough that the whole
     *  warm-up takes milliseconds. */
    private static final int WARM_UP_ROUNDS = 4000;

    /**
     * Runs the methods the timed loop calls (face packing, all three relaxations, swap)
     * on a small private problem until the JIT has compiled
     * them, so that the timed loop measures compiled code, not the compiler (every run loads a fresh copy
     * of the program, hence compiles its kernel again). Touches no state of any other instance: results
     * stay bit-identical with or without it. No MPI.
     */
    public static void warmUp() {
        Kernel k = new Kernel(24, 27, 13);  // the centre block of 3x3x3: all six faces have a neighbour
        double[][] buf = new double[FACES][];
        for (int f = 0; f < FACES; f++) {
            buf[f] = new double[k.faceSize(f)];
        }
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int f = 0; f < FACES; f++) {
                k.pack(f, buf[f]);
                k.unpack(f, buf[f]);
            }
            double m = k.relaxAll();
            m = Math.max(m, Math.max(k.relaxInterior(), k.relaxBoundary()));
            k.swap();
            if (m < 0) {
                throw new AssertionError("negative change");   // keeps the results alive
            }
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
