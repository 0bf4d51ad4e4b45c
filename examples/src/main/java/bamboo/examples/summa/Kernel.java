package bamboo.examples.summa;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.Hash;
import bamboo.examples.common.IntMatrices;
import bamboo.examples.common.JitSettle;
import bamboo.examples.common.Reference;
import java.util.ArrayList;
import java.util.List;

/**
 * The numerical kernel of SUMMA ({@code C = A B} on a {@code pr x pc} process grid, any number of
 * processes), shared by its three forms. Process (row, col) owns blocks {@code A(I,Kc)}, {@code B(Kr,J)}
 * and {@code C(I,J)}, where A's columns are split over the process columns and B's rows over the process
 * rows. The inner dimension is cut into panels that never straddle an owner (the union of both splits,
 * each piece cut again to at most {@code nb} wide); for every panel the owning process column sends its
 * slice of A along each process row and the owning process row its slice of B down each process
 * column, both as ring broadcasts, and every process adds the panel product to C. No MPI here.
 */
public final class Kernel {
    private final int n, pr, pc, row, col;
    private final int bi, bj, i0, j0;
    private final int aCols, aCol0, bRows, bRow0;
    private final double[] a, b, c;
    private final int[] panelStart;     // panel p covers [panelStart[p], panelStart[p+1])

    /** The blocks of process {@code rank} of {@code np} for {@code n x n} matrices and panels of at
     *  most {@code nb} columns. */
    public Kernel(int n, int nb, int np, int rank) {
        int[] dims = Decomp.dims(np, 2);
        Decomp.requireSplittable("summa", "n", n, dims[0], 1);
        Decomp.requireSplittable("summa", "n", n, dims[1], 1);
        this.n = n;
        pr = dims[0];
        pc = dims[1];
        row = rank / pc;
        col = rank % pc;
        bi = Decomp.size(n, pr, row);
        i0 = Decomp.start(n, pr, row);
        bj = Decomp.size(n, pc, col);
        j0 = Decomp.start(n, pc, col);
        aCols = Decomp.size(n, pc, col);
        aCol0 = Decomp.start(n, pc, col);
        bRows = Decomp.size(n, pr, row);
        bRow0 = Decomp.start(n, pr, row);
        a = new double[bi * aCols];
        b = new double[bRows * bj];
        c = new double[bi * bj];
        for (int i = 0; i < bi; i++) {
            for (int k = 0; k < aCols; k++) {
                a[i * aCols + k] = IntMatrices.a(i0 + i, aCol0 + k);
            }
        }
        for (int k = 0; k < bRows; k++) {
            for (int j = 0; j < bj; j++) {
                b[k * bj + j] = IntMatrices.b(bRow0 + k, j0 + j);
            }
        }
        panelStart = panels(n, nb, pr, pc);
    }

    private static int[] panels(int n, int nb, int pr, int pc) {
        List<Integer> cuts = new ArrayList<>();
        int k = 0;
        while (k < n) {
            int next = Math.min(n, k + nb);
            next = Math.min(next, nextCut(n, pc, k));
            next = Math.min(next, nextCut(n, pr, k));
            cuts.add(k);
            k = next;
        }
        cuts.add(n);
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The first block boundary of an n-split into parts that lies beyond k. */
    private static int nextCut(int n, int parts, int k) {
        for (int p = 1; p <= parts; p++) {
            int s = Decomp.start(n, parts, p);
            if (s > k) {
                return s;
            }
        }
        return n;
    }

    /** Number of panels. */
    public int panels() {
        return panelStart.length - 1;
    }

    /** Process grid rows and columns. */
    public int rows() {
        return pr;
    }

    public int cols() {
        return pc;
    }

    public int row() {
        return row;
    }

    public int col() {
        return col;
    }

    /** Elements of the A slice of panel p (rows of my block x panel width). */
    public int aCount(int p) {
        return bi * width(p);
    }

    /** Elements of the B slice of panel p (panel width x columns of my block). */
    public int bCount(int p) {
        return width(p) * bj;
    }

    /** Capacity every A panel buffer needs. */
    public int aCapacity() {
        return Math.max(1, bi * maxWidth());
    }

    /** Capacity every B panel buffer needs. */
    public int bCapacity() {
        return Math.max(1, maxWidth() * bj);
    }

    /** Distance along my process row from the column that owns panel p's slice of A (0: I own it). */
    public int aDistance(int p) {
        return Math.floorMod(col - owner(n, pc, panelStart[p]), pc);
    }

    /** Distance down my process column from the row that owns panel p's slice of B (0: I own it). */
    public int bDistance(int p) {
        return Math.floorMod(row - owner(n, pr, panelStart[p]), pr);
    }

    /** Ring neighbours: A travels left to right, B top to bottom. */
    public int left() {
        return row * pc + Math.floorMod(col - 1, pc);
    }

    public int right() {
        return row * pc + Math.floorMod(col + 1, pc);
    }

    public int up() {
        return Math.floorMod(row - 1, pr) * pc + col;
    }

    public int down() {
        return Math.floorMod(row + 1, pr) * pc + col;
    }

    /** Copies my slice of A for panel p (which I own) into buf, row-major {@code bi x width}. */
    public void packA(int p, double[] buf) {
        int w = width(p);
        int k0 = panelStart[p] - aCol0;
        for (int i = 0; i < bi; i++) {
            System.arraycopy(a, i * aCols + k0, buf, i * w, w);
        }
    }

    /** Copies my slice of B for panel p (which I own) into buf, row-major {@code width x bj}. */
    public void packB(int p, double[] buf) {
        System.arraycopy(b, (panelStart[p] - bRow0) * bj, buf, 0, width(p) * bj);
    }

    /** {@code C += aPanel bPanel} for panel p. */
    public void multiply(int p, double[] aPanel, double[] bPanel) {
        int w = width(p);
        for (int i = 0; i < bi; i++) {
            int ci = i * bj;
            for (int k = 0; k < w; k++) {
                double x = aPanel[i * w + k];
                int bk = k * bj;
                for (int j = 0; j < bj; j++) {
                    c[ci + j] += x * bPanel[bk + j];
                }
            }
        }
    }

    /** {@link Hash} of my block of C, by global index. */
    public long checksum() {
        long sum = 0;
        for (int i = 0; i < bi; i++) {
            for (int j = 0; j < bj; j++) {
                sum += Hash.term((long) (i0 + i) * n + j0 + j, (long) c[i * bj + j]);
            }
        }
        return sum;
    }

    /** The exact sum of my entries of C. */
    public long total() {
        long sum = 0;
        for (double x : c) {
            sum += (long) x;
        }
        return sum;
    }

    /** The expected result. */
    public static Reference sequential(int n) {
        return IntMatrices.product(n);
    }

    private int width(int p) {
        return panelStart[p + 1] - panelStart[p];
    }

    private int maxWidth() {
        int m = 0;
        for (int p = 0; p < panels(); p++) {
            m = Math.max(m, width(p));
        }
        return m;
    }

    /** The part of an n-split into parts that holds index k. */
    private static int owner(int n, int parts, int k) {
        int p = (int) ((long) k * parts / n);
        while (Decomp.start(n, parts, p + 1) <= k) {
            p++;
        }
        while (Decomp.start(n, parts, p) > k) {
            p--;
        }
        return p;
    }

    /** Rounds of {@link #warmUp()}: enough calls, with their loop back-edges, for C2 to compile every
     *  method the timed loop calls (HotSpot's tier-4 thresholds), on a problem small enough that the whole
     *  warm-up takes milliseconds. */
    private static final int WARM_UP_ROUNDS = 3000;

    /**
     * Runs the methods the timed loop calls (panel packing of A and B, panel multiply)
     * on a small private problem until the JIT has compiled
     * them, so that the timed loop measures compiled code, not the compiler (every run loads a fresh copy
     * of the program, hence compiles its kernel again). Touches no state of any other instance: results
     * stay bit-identical with or without it. No MPI.
     */
    public static void warmUp() {
        Kernel k = new Kernel(32, 8, 1, 0); // one process owns every panel, so it packs them all
        double[] aPanel = new double[k.aCapacity()];
        double[] bPanel = new double[k.bCapacity()];
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int q = 0; q < k.panels(); q++) {
                k.packA(q, aPanel);
                k.packB(q, bPanel);
                k.multiply(q, aPanel, bPanel);
            }
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
