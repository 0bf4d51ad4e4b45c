package bamboo.examples.halo26;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.Hash;
import bamboo.examples.common.JitSettle;
import bamboo.examples.common.KernelClock;
import bamboo.examples.common.Reference;

/**
 * The numerical kernel of the 26-neighbour halo example (the communication pattern of LULESH), shared by
 * its three forms: one process's block of an {@code n^3} grid with a ghost layer that includes edges and
 * corners, so each step exchanges with up to 26 neighbours (faces, edges, corners, of very different
 * sizes); a stable time step that is the minimum over all cells (a min-reduction, as LULESH's
 * Courant condition); and an explicit 27-point update. No MPI here.
 *
 * <p>Each cell is updated by the same expression whatever the decomposition and the time step is an
 * exact minimum, so the grid after any number of steps is bit-identical to the sequential one.
 */
public final class Kernel {
    /** Directions: index (dx+1)*9 + (dy+1)*3 + (dz+1), skipping 13 (the block itself). */
    public static final int DIRECTIONS = 27;
    private static final double RATE = 0.5;

    private final int n;
    private final int lx, ly, lz, ox, oy, oz, sx, sy;
    private final int[] neighbour = new int[DIRECTIONS];
    private double[] u, v;
    private KernelClock clock;    // null unless profile() was called: the untimed calls stay as they were

    /** The block of process {@code rank} of {@code np}. */
    public Kernel(int n, int np, int rank) {
        int[] dims = Decomp.dims(np, 3);
        for (int d = 0; d < 3; d++) {
            Decomp.requireSplittable("halo26", "n", n, dims[d], 2);
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
        for (int d = 0; d < DIRECTIONS; d++) {
            int x = cx + dx(d), y = cy + dy(d), z = cz + dz(d);
            boolean inside = d != 13 && x >= 0 && x < dims[0] && y >= 0 && y < dims[1] && z >= 0 && z < dims[2];
            neighbour[d] = inside ? (x * dims[1] + y) * dims[2] + z : -1;
        }
        u = new double[(lx + 2) * sx];
        v = new double[(lx + 2) * sx];
        for (int i = 1; i <= lx; i++) {
            for (int j = 1; j <= ly; j++) {
                for (int k = 1; k <= lz; k++) {
                    int gx = ox + i - 1, gy = oy + j - 1, gz = oz + k - 1;
                    u[i * sx + j * sy + k] = ((gx * 7 + gy * 13 + gz * 17) % 11) / 11.0;
                }
            }
        }
    }

    static int dx(int d) {
        return d / 9 - 1;
    }

    static int dy(int d) {
        return d / 3 % 3 - 1;
    }

    static int dz(int d) {
        return d % 3 - 1;
    }

    /** The direction opposite to {@code d}: a message sent towards d carries tag d and fills the
     *  receiver's ghost region of direction {@code opposite(d)}. */
    public static int opposite(int d) {
        return 26 - d;
    }

    /** Neighbour ranks per direction, -1 where there is none. */
    public int[] neighbours() {
        return neighbour.clone();
    }

    /** Number of directions with a neighbour (up to 26). */
    public int neighbourCount() {
        int c = 0;
        for (int nb : neighbour) {
            if (nb >= 0) {
                c++;
            }
        }
        return c;
    }

    /** Cells in the region of direction {@code d}: a face, an edge or a corner. */
    public int regionSize(int d) {
        return extent(dx(d), lx) * extent(dy(d), ly) * extent(dz(d), lz);
    }

    private static int extent(int delta, int l) {
        return delta == 0 ? l : 1;
    }

    /**
     * Times this block's kernel calls from now on (argument {@code profile=true}; see {@link KernelClock}):
     * the time step and the updates as compute, counting the cells updated as points.
     */
    public void profile() {
        clock = new KernelClock();
    }

    /** The sums of {@link #profile()}'s clock so far, to be reduced over the ranks. */
    public long[] profileSums() {
        if (clock == null) {
            throw new IllegalStateException("halo26: Kernel.profileSums() without Kernel.profile()");
        }
        return clock.sums();
    }

    /** Copies {@link #profileSums()} into {@code into} from index {@code at} (for the checksum's reduction). */
    public void profileSums(long[] into, int at) {
        long[] sums = profileSums();
        System.arraycopy(sums, 0, into, at, sums.length);
    }

    /** Copies the owned cells next to direction {@code d} into {@code buf}. */
    public void pack(int d, double[] buf) {
        if (clock == null) {
            copy(d, false, buf);
        } else {
            clock.startHalo();
            copy(d, false, buf);
            clock.stopHalo();
        }
    }

    /** Copies {@code buf} into the ghost cells of direction {@code d}. */
    public void unpack(int d, double[] buf) {
        if (clock == null) {
            copy(d, true, buf);
        } else {
            clock.startHalo();
            copy(d, true, buf);
            clock.stopHalo();
        }
    }

    /** The largest stable step the owned cells allow (its minimum over all processes is the step). */
    public double localTimeStep() {
        if (clock == null) {
            return minTimeStep();
        }
        clock.startCompute();
        double m = minTimeStep();
        clock.stopCompute(0);
        return m;
    }

    private double minTimeStep() {
        double m = Double.MAX_VALUE;
        // exclusive bounds: see LOOPS
        for (int i = 1, iEnd = lx + 1; i < iEnd; i++) {
            for (int j = 1, jEnd = ly + 1; j < jEnd; j++) {
                int base = i * sx + j * sy;
                for (int c = base + 1, cEnd = base + lz + 1; c < cEnd; c++) {
                    m = Math.min(m, 0.8 / (1.0 + u[c] * u[c]));
                }
            }
        }
        return m;
    }

    /** Advances every owned cell by {@code dt} (ghosts must be current). */
    public void updateAll(double dt) {
        if (clock == null) {
            update(dt, 1, lx, 1, ly, 1, lz);
            return;
        }
        clock.startCompute();
        update(dt, 1, lx, 1, ly, 1, lz);
        clock.stopCompute((long) lx * ly * lz);
    }

    /** Advances the owned cells that read no ghost. */
    public void updateInterior(double dt) {
        if (clock == null) {
            update(dt, 2, lx - 1, 2, ly - 1, 2, lz - 1);
            return;
        }
        clock.startCompute();
        update(dt, 2, lx - 1, 2, ly - 1, 2, lz - 1);
        clock.stopCompute(interiorCells());
    }

    /** Advances the owned cells {@link #updateInterior} leaves out. */
    public void updateBoundary(double dt) {
        if (clock == null) {
            boundary(dt);
            return;
        }
        clock.startCompute();
        boundary(dt);
        clock.stopCompute((long) lx * ly * lz - interiorCells());
    }

    private long interiorCells() {
        return (long) Math.max(0, lx - 2) * Math.max(0, ly - 2) * Math.max(0, lz - 2);
    }

    private void boundary(double dt) {
        updateShell(dt, 1, 1, 1, ly, 1, lz);
        if (lx > 1) {
            updateShell(dt, lx, lx, 1, ly, 1, lz);
        }
        updateShell(dt, 2, lx - 1, 1, 1, 1, lz);
        if (ly > 1) {
            updateShell(dt, 2, lx - 1, ly, ly, 1, lz);
        }
        updateShell(dt, 2, lx - 1, 2, ly - 1, 1, 1);
        if (lz > 1) {
            updateShell(dt, 2, lx - 1, 2, ly - 1, lz, lz);
        }
    }

    /** Makes the new grid the current one. */
    public void swap() {
        double[] t = u;
        u = v;
        v = t;
    }

    /** {@link Hash} of the owned cells, by global index. */
    public long checksum() {
        long sum = 0;
        for (int i = 1; i <= lx; i++) {
            for (int j = 1; j <= ly; j++) {
                long row = ((long) (ox + i - 1) * n + (oy + j - 1)) * n + oz - 1;
                for (int k = 1; k <= lz; k++) {
                    sum += Hash.term(row + k, u[i * sx + j * sy + k]);
                }
            }
        }
        return sum;
    }

    /** What {@code steps} steps must give: the checksum and the simulated time reached. */
    public static Reference sequential(int n, int steps) {
        Kernel k = new Kernel(n, 1, 0);
        double time = 0;
        for (int s = 0; s < steps; s++) {
            double dt = k.localTimeStep();
            k.updateAll(dt);
            k.swap();
            time += dt;
        }
        return new Reference(k.checksum(), time);
    }

    /*
     * LOOPS: the loops the timed steps run (updates, time step, halo copies) have exclusive upper bounds
     * (i < end), not inclusive ones (i <= last), though both visit the same cells in the same order. With
     * an inclusive bound HotSpot's C2 makes the loop a counted loop (range checks hoisted, strip-mined)
     * only behind a "loop limit check" predicate, which an OSR compilation during the warm-up sometimes
     * fails (uncommon trap loop_limit_check); the method's later compilations may then keep that loop
     * uncounted for the rest of the run, and whether the trap happens depends on timing. An exclusive bound with stride 1 needs no such
     * predicate.
     */
    private void update(double dt, int i0, int i1, int j0, int j1, int k0, int k1) {
        final double[] a = u, b = v;
        final int sxx = sx, syy = sy;
        // exclusive bounds: see LOOPS (di and dj step by a variable stride: never counted loops)
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            for (int j = j0, jEnd = j1 + 1; j < jEnd; j++) {
                int base = i * sxx + j * syy;
                for (int c = base + k0, cEnd = base + k1 + 1; c < cEnd; c++) {
                    double s = 0;
                    for (int di = -sxx; di <= sxx; di += sxx) {
                        for (int dj = -syy; dj <= syy; dj += syy) {
                            int r = c + di + dj;
                            s += a[r - 1] + a[r] + a[r + 1];
                        }
                    }
                    s -= a[c];
                    b[c] = a[c] + dt * RATE * (s / 26.0 - a[c]);
                }
            }
        }
    }

    /** The same update as {@link #update}, for the thin boundary pieces: a separate method so that the
     *  JIT profiles (and optimises) the bulk loop without the one-cell-wide ones. */
    private void updateShell(double dt, int i0, int i1, int j0, int j1, int k0, int k1) {
        final double[] a = u, b = v;
        final int sxx = sx, syy = sy;
        // exclusive bounds: see LOOPS (di and dj step by a variable stride: never counted loops)
        for (int i = i0, iEnd = i1 + 1; i < iEnd; i++) {
            for (int j = j0, jEnd = j1 + 1; j < jEnd; j++) {
                int base = i * sxx + j * syy;
                for (int c = base + k0, cEnd = base + k1 + 1; c < cEnd; c++) {
                    double s = 0;
                    for (int di = -sxx; di <= sxx; di += sxx) {
                        for (int dj = -syy; dj <= syy; dj += syy) {
                            int r = c + di + dj;
                            s += a[r - 1] + a[r] + a[r + 1];
                        }
                    }
                    s -= a[c];
                    b[c] = a[c] + dt * RATE * (s / 26.0 - a[c]);
                }
            }
        }
    }

    private void copy(int d, boolean ghost, double[] buf) {
        int[] r = new int[6];
        range(dx(d), lx, ghost, r, 0);
        range(dy(d), ly, ghost, r, 2);
        range(dz(d), lz, ghost, r, 4);
        int p = 0;
        // exclusive bounds: see LOOPS
        for (int i = r[0], iEnd = r[1] + 1; i < iEnd; i++) {
            for (int j = r[2], jEnd = r[3] + 1; j < jEnd; j++) {
                int base = i * sx + j * sy;
                for (int k = r[4], kEnd = r[5] + 1; k < kEnd; k++) {
                    if (ghost) {
                        u[base + k] = buf[p++];
                    } else {
                        buf[p++] = u[base + k];
                    }
                }
            }
        }
    }

    private static void range(int delta, int l, boolean ghost, int[] r, int at) {
        if (delta == 0) {
            r[at] = 1;
            r[at + 1] = l;
        } else if (delta < 0) {
            r[at] = r[at + 1] = ghost ? 0 : 1;
        } else {
            r[at] = r[at + 1] = ghost ? l + 1 : l;
        }
    }

    /** Rounds of {@link #warmUp()}: enough calls, with their loop back-edges, for C2 to compile every
     *  method the timed loop calls (HotSpot's tier-4 thresholds), on a problem small enough that the whole
     *  warm-up takes milliseconds. */
    private static final int WARM_UP_ROUNDS = 3000;

    /**
     * Runs the methods the timed loop calls (region packing, time step, all three updates, swap)
     * on a small private problem until the JIT has compiled
     * them, so that the timed loop measures compiled code, not the compiler (every run loads a fresh copy
     * of the program, hence compiles its kernel again). Touches no state of any other instance: results
     * stay bit-identical with or without it. No MPI.
     */
    public static void warmUp() {
        Kernel k = new Kernel(24, 27, 13);  // the centre block of 3x3x3: all 26 directions have a neighbour
        int[] nb = k.neighbours();
        double[][] buf = new double[DIRECTIONS][];
        for (int d = 0; d < DIRECTIONS; d++) {
            buf[d] = new double[k.regionSize(d)];
        }
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int d = 0; d < DIRECTIONS; d++) {
                if (nb[d] >= 0) {
                    k.pack(d, buf[d]);
                    k.unpack(d, buf[d]);
                }
            }
            double dt = k.localTimeStep();
            k.updateAll(dt);
            k.updateInterior(dt);
            k.updateBoundary(dt);
            k.swap();
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
