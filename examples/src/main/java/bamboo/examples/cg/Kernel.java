package bamboo.examples.cg;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.JitSettle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The numerical kernel of the conjugate-gradient example, shared by its three forms: one process's
 * block of rows of a symmetric positive definite sparse matrix (row-block partitioning), the vectors of
 * CG over those rows, and the irregular halo of the search direction {@code p}: for every neighbour, the
 * entries of {@code p} it needs from us and the slice of our ghost entries it fills. No MPI here.
 *
 * <p>Column indices are local: {@code [0, rows)} are our own entries, {@code [rows, rows + ghosts)}
 * the ghosts, grouped by owner in increasing global index. Because the matrix is symmetric, the entries
 * a neighbour needs from us are exactly the rows of ours that reference its columns, in increasing
 * order, which is the order in which it stores them: no setup messages are needed.
 *
 * <p>The right-hand side is {@code b = A x*} for a known {@code x*}, so the result can be checked
 * against the exact solution, and the true residual {@code b - A x} recomputed at the end.
 */
public final class Kernel {
    private final int n, first, rows;
    private final int[] ptr, col;
    private final double[] val;
    private final int[] neighbour;       // ranks, increasing
    private final int[][] sendIdx;       // per neighbour: our local rows it needs
    private final int[] recvOffset;      // per neighbour: where its values go in p
    private final int[] recvCount;
    private final int[] interior, boundary;
    private final double[] x, r, b, ap, xStar;
    private final double[] p;            // rows + ghosts

    /** The block of process {@code rank} of {@code np} of the generated matrix of order {@code n}. */
    public static Kernel generated(int n, int band, int extra, double shift, int np, int rank) {
        Decomp.requireSplittable("cg", "n", n, np, 1);
        int first = Decomp.start(n, np, rank);
        return new Kernel(Generated.rows(n, band, extra, shift, first, Decomp.size(n, np, rank)), np);
    }

    /** The block of process {@code rank} of {@code np} of the Matrix Market matrix {@code name}. */
    public static Kernel matrixMarket(String name, int np, int rank) {
        try {
            int n = MatrixMarket.order(name);
            Decomp.requireSplittable("cg", "matrix order", n, np, 1);
            int first = Decomp.start(n, np, rank);
            return new Kernel(MatrixMarket.read(name, first, Decomp.size(n, np, rank)), np);
        } catch (IOException e) {
            throw new UncheckedIOException("cg: " + e.getMessage(), e);
        }
    }

    private Kernel(SparseRows m, int np) {
        n = m.order();
        first = m.first;
        rows = m.rows();
        ptr = m.ptr;
        val = m.val;
        // Ghost columns in increasing global index: with block rows that is also grouped by owner.
        int[] ghosts = distinctGhosts(m.col);
        int ng = ghosts.length;
        col = new int[m.col.length];
        for (int e = 0; e < col.length; e++) {
            int c = m.col[e];
            col[e] = c >= first && c < first + rows ? c - first : rows + Arrays.binarySearch(ghosts, c);
        }
        int[] owners = new int[ng];
        int count = 0;
        for (int g = 0; g < ng; g++) {
            owners[g] = Decomp.owner(n, np, ghosts[g]);
            if (g == 0 || owners[g] != owners[g - 1]) {
                count++;
            }
        }
        neighbour = new int[count];
        recvOffset = new int[count];
        recvCount = new int[count];
        for (int g = 0, q = -1; g < ng; g++) {
            if (g == 0 || owners[g] != owners[g - 1]) {
                q++;
                neighbour[q] = owners[g];
                recvOffset[q] = rows + g;
            }
            recvCount[q]++;
        }
        // Rows that read ghosts, and per neighbour the rows whose entries it needs (by symmetry: the
        // rows of ours that reference its columns), each in increasing order.
        int[][] sends = new int[count][rows];
        int[] sendLen = new int[count];
        int[] in = new int[rows];
        int[] bd = new int[rows];
        int nIn = 0;
        int nBd = 0;
        int[] lastRowFor = new int[count];
        Arrays.fill(lastRowFor, -1);
        for (int i = 0; i < rows; i++) {
            boolean local = true;
            for (int e = ptr[i]; e < ptr[i + 1]; e++) {
                if (col[e] >= rows) {
                    local = false;
                    int q = neighbourOfGhost(col[e]);
                    if (lastRowFor[q] != i) {
                        lastRowFor[q] = i;
                        sends[q][sendLen[q]++] = i;
                    }
                }
            }
            if (local) {
                in[nIn++] = i;
            } else {
                bd[nBd++] = i;
            }
        }
        sendIdx = new int[count][];
        for (int q = 0; q < count; q++) {
            sendIdx[q] = Arrays.copyOf(sends[q], sendLen[q]);
        }
        interior = Arrays.copyOf(in, nIn);
        boundary = Arrays.copyOf(bd, nBd);
        x = new double[rows];
        r = new double[rows];
        b = new double[rows];
        ap = new double[rows];
        xStar = new double[rows + ng];
        p = new double[rows + ng];
        for (int i = 0; i < rows; i++) {
            xStar[i] = exact(first + i);
        }
        for (int g = 0; g < ng; g++) {
            xStar[rows + g] = exact(ghosts[g]);
        }
        for (int i = 0; i < rows; i++) {
            double s = 0;
            for (int e = ptr[i]; e < ptr[i + 1]; e++) {
                s += val[e] * xStar[col[e]];
            }
            b[i] = s;
        }
    }

    /** The distinct columns outside our rows, increasing. */
    private int[] distinctGhosts(int[] cols) {
        int[] g = new int[cols.length];
        int k = 0;
        for (int c : cols) {
            if (c < first || c >= first + rows) {
                g[k++] = c;
            }
        }
        Arrays.sort(g, 0, k);
        int u = 0;
        for (int i = 0; i < k; i++) {
            if (u == 0 || g[i] != g[u - 1]) {
                g[u++] = g[i];
            }
        }
        return Arrays.copyOf(g, u);
    }

    /** The known solution. */
    private static double exact(int globalRow) {
        return 1.0 + (globalRow % 10) / 10.0;
    }

    private int neighbourOfGhost(int local) {
        int q = Arrays.binarySearch(recvOffset, local);
        return q >= 0 ? q : -q - 2;
    }

    /** Order of the matrix. */
    public int order() {
        return n;
    }

    /** Ranks whose entries of p we need (and who need ours), increasing. */
    public int[] neighbours() {
        return neighbour.clone();
    }

    /** Entries of p we send to neighbour q. */
    public int sendCount(int q) {
        return sendIdx[q].length;
    }

    /** Where neighbour q's entries go in {@link #p()}. */
    public int recvOffset(int q) {
        return recvOffset[q];
    }

    /** How many entries neighbour q sends. */
    public int recvCount(int q) {
        return recvCount[q];
    }

    /** The search direction, own entries then ghosts: the halo exchange receives into its ghost slices. */
    public double[] p() {
        return p;
    }

    /** Copies the entries of p that neighbour q needs into buf. */
    public void packP(int q, double[] buf) {
        int[] idx = sendIdx[q];
        for (int t = 0; t < idx.length; t++) {
            buf[t] = p[idx[t]];
        }
    }

    /** Starts CG from x = 0: r = p = b; returns r.r over our rows. */
    public double start() {
        Arrays.fill(x, 0);
        System.arraycopy(b, 0, r, 0, rows);
        System.arraycopy(b, 0, p, 0, rows);
        return dot(r, r);
    }

    /** ap = A p over all our rows (the ghosts of p must be current). */
    public void multiplyAll() {
        multiply(interior);
        multiply(boundary);
    }

    /** ap = A p over the rows that read no ghost. */
    public void multiplyInterior() {
        multiply(interior);
    }

    /** ap = A p over the rows that read ghosts. */
    public void multiplyBoundary() {
        multiply(boundary);
    }

    /** p.Ap over our rows. */
    public double pAp() {
        return dot(p, ap);
    }

    /** x += alpha p, r -= alpha Ap; returns the new r.r over our rows. */
    public double update(double alpha) {
        for (int i = 0; i < rows; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        return dot(r, r);
    }

    /** p = r + beta p over our rows. */
    public void direction(double beta) {
        for (int i = 0; i < rows; i++) {
            p[i] = r[i] + beta * p[i];
        }
    }

    /** b.b over our rows. */
    public double bb() {
        return dot(b, b);
    }

    /** Puts x into p, so that a halo exchange and {@link #multiplyAll()} compute A x. */
    public void loadSolutionIntoP() {
        System.arraycopy(x, 0, p, 0, rows);
    }

    /** After A x is in ap: the squared norm of b - A x over our rows. */
    public double trueResidualSquared() {
        double s = 0;
        for (int i = 0; i < rows; i++) {
            double d = b[i] - ap[i];
            s += d * d;
        }
        return s;
    }

    /** The largest |x - x*| over our rows. */
    public double maxError() {
        double m = 0;
        for (int i = 0; i < rows; i++) {
            m = Math.max(m, Math.abs(x[i] - xStar[i]));
        }
        return m;
    }

    private void multiply(int[] which) {
        for (int i : which) {
            double s = 0;
            for (int e = ptr[i]; e < ptr[i + 1]; e++) {
                s += val[e] * p[col[e]];
            }
            ap[i] = s;
        }
    }

    private double dot(double[] u, double[] v) {
        double s = 0;
        for (int i = 0; i < rows; i++) {
            s += u[i] * v[i];
        }
        return s;
    }

    /** Rounds of {@link #warmUp()}: enough calls, with their loop back-edges, for C2 to compile every
     *  method the timed loop calls (HotSpot's tier-4 thresholds), on a problem small enough that the whole
     *  warm-up takes milliseconds. */
    private static final int WARM_UP_ROUNDS = 3000;

    /**
     * Runs the methods the timed loop calls (packing of p, the three SpMVs, dot products, updates)
     * on a small private problem until the JIT has compiled
     * them, so that the timed loop measures compiled code, not the compiler (every run loads a fresh copy
     * of the program, hence compiles its kernel again). Touches no state of any other instance: results
     * stay bit-identical with or without it. No MPI.
     */
    public static void warmUp() {
        // The middle block of three: it has neighbours on both sides, so it packs and reads ghosts.
        Kernel k = generated(1500, 4, 2, 0.05, 3, 1);
        int[] nb = k.neighbours();
        double[][] buf = new double[nb.length][];
        for (int q = 0; q < nb.length; q++) {
            buf[q] = new double[k.sendCount(q)];
        }
        double rr = 0;
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            if (round % 50 == 0) {
                rr = k.start();             // restart before the iterates underflow
            }
            for (int q = 0; q < nb.length; q++) {
                k.packP(q, buf[q]);
            }
            k.multiplyAll();
            k.multiplyInterior();
            k.multiplyBoundary();
            double alpha = rr / k.pAp();
            double rrNew = k.update(alpha);
            k.direction(rrNew / rr);
            rr = rrNew;
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
