package bamboo.examples.cannon;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.Hash;
import bamboo.examples.common.IntMatrices;
import bamboo.examples.common.JitSettle;
import bamboo.examples.common.Reference;

/**
 * The numerical kernel of Cannon's matrix multiplication {@code C = A B}, shared by its three forms:
 * one process's blocks on a {@code q x q} process grid ({@code q = floor(sqrt(np))}; processes beyond
 * {@code q^2} take no part), the ranks of the skew and shift partners, and the block product.
 *
 * <p>The matrices hold small integers, so every product and sum is exact in a {@code double} and the
 * result can be checked bit for bit. Blocks may be uneven ({@code n} need not be a multiple of
 * {@code q}): at every step a process holds {@code A(i,K)} and {@code B(K,j)} for the same {@code K}, so
 * the inner extents agree. No MPI here.
 */
public final class Kernel {
    private final int n, q, row, col;
    private final boolean active;
    private final int bi, bj, maxB;
    private int kIndex;                 // K of the blocks of A and B held now
    private double[] a, b, nextA, nextB;
    private final double[] c;

    /** The blocks of process {@code rank} of {@code np} for {@code n x n} matrices. */
    public Kernel(int n, int np, int rank) {
        int side = (int) Math.sqrt((double) np);
        while ((side + 1) * (side + 1) <= np) {
            side++;
        }
        while (side * side > np) {
            side--;
        }
        Decomp.requireSplittable("cannon", "n", n, side, 1);
        this.n = n;
        this.q = side;
        this.active = rank < q * q;
        this.row = active ? rank / q : 0;
        this.col = active ? rank % q : 0;
        bi = active ? Decomp.size(n, q, row) : 0;
        bj = active ? Decomp.size(n, q, col) : 0;
        maxB = (n / q + 1) * (n / q + 1);
        kIndex = -1;                     // before the skew A and B hold different K
        a = new double[active ? maxB : 0];
        b = new double[active ? maxB : 0];
        nextA = new double[active ? maxB : 0];
        nextB = new double[active ? maxB : 0];
        c = new double[bi * bj];
        if (active) {
            fillA(a, row, col);
            fillB(b, row, col);
        }
    }

    /** True when this process owns blocks (its rank is below {@code q^2}). */
    public boolean active() {
        return active;
    }

    /** Side of the process grid. */
    public int q() {
        return q;
    }

    /** Capacity in elements of every block buffer. */
    public int capacity() {
        return maxB;
    }

    /** The current block of A. */
    public double[] a() {
        return a;
    }

    /** The current block of B. */
    public double[] b() {
        return b;
    }

    /** The buffer the next block of A is received into. */
    public double[] nextA() {
        return nextA;
    }

    /** The buffer the next block of B is received into. */
    public double[] nextB() {
        return nextB;
    }

    /** Elements in the current block of A. */
    public int aCount() {
        return bi * Decomp.size(n, q, kIndex);
    }

    /** Elements in the current block of B. */
    public int bCount() {
        return Decomp.size(n, q, kIndex) * bj;
    }

    /** Elements of A held before the skew: {@code A(row, col)}. */
    public int skewACount() {
        return bi * Decomp.size(n, q, col);
    }

    /** Elements of B held before the skew: {@code B(row, col)}. */
    public int skewBCount() {
        return Decomp.size(n, q, row) * bj;
    }

    /** Where the initial skew sends this process's A block: {@code row} places to the left. */
    public int skewADest() {
        return rankOf(row, col - row);
    }

    /** Where the initial skew brings this process's A block from. */
    public int skewASource() {
        return rankOf(row, col + row);
    }

    /** Where the initial skew sends this process's B block: {@code col} places up. */
    public int skewBDest() {
        return rankOf(row - col, col);
    }

    /** Where the initial skew brings this process's B block from. */
    public int skewBSource() {
        return rankOf(row + col, col);
    }

    /** The left neighbour (A blocks shift left). */
    public int left() {
        return rankOf(row, col - 1);
    }

    /** The right neighbour. */
    public int right() {
        return rankOf(row, col + 1);
    }

    /** The upper neighbour (B blocks shift up). */
    public int up() {
        return rankOf(row - 1, col);
    }

    /** The lower neighbour. */
    public int down() {
        return rankOf(row + 1, col);
    }

    /** After the skew: the received blocks become current, holding {@code K = row + col}. */
    public void skewed() {
        swapBlocks();
        kIndex = (row + col) % q;
    }

    /** After a shift: the received blocks become current, holding {@code K + 1}. */
    public void shifted() {
        swapBlocks();
        kIndex = (kIndex + 1) % q;
    }

    /**
     * {@code C += A(row, K) B(K, col)} with the current blocks. The loop is here, not in a helper this
     * method calls: a wrapper is a second method for C2 to compile with the loop inlined, and one called
     * only a few times per run crossed C2's threshold in a later run, inside its timed loop (see
     * {@link #warmUp()}).
     */
    public void multiply() {
        final double[] ablk = a, bblk = b;
        final int bk = Decomp.size(n, q, kIndex);
        for (int i = 0; i < bi; i++) {
            int ci = i * bj;
            for (int k = 0; k < bk; k++) {
                double x = ablk[i * bk + k];
                int bkRow = k * bj;
                for (int j = 0; j < bj; j++) {
                    c[ci + j] += x * bblk[bkRow + j];
                }
            }
        }
    }

    /** {@link Hash} of the owned block of C, by global index. */
    public long checksum() {
        long sum = 0;
        int r0 = active ? Decomp.start(n, q, row) : 0, c0 = active ? Decomp.start(n, q, col) : 0;
        for (int i = 0; i < bi; i++) {
            for (int j = 0; j < bj; j++) {
                sum += Hash.term((long) (r0 + i) * n + c0 + j, (long) c[i * bj + j]);
            }
        }
        return sum;
    }

    /** The exact sum of the owned entries of C. */
    public long total() {
        long sum = 0;
        for (double x : c) {
            sum += (long) x;
        }
        return sum;
    }

    /** The checksum and the exact total of {@code C = A B} computed directly, in integers. */
    public static Reference sequential(int n) {
        return IntMatrices.product(n);
    }

    private void swapBlocks() {
        double[] t = a;
        a = nextA;
        nextA = t;
        t = b;
        b = nextB;
        nextB = t;
    }

    private int rankOf(int r, int cc) {
        return Math.floorMod(r, q) * q + Math.floorMod(cc, q);
    }

    private void fillA(double[] buf, int r, int k) {
        int i0 = Decomp.start(n, q, r), k0 = Decomp.start(n, q, k), bk = Decomp.size(n, q, k);
        for (int i = 0; i < bi; i++) {
            for (int kk = 0; kk < bk; kk++) {
                buf[i * bk + kk] = IntMatrices.a(i0 + i, k0 + kk);
            }
        }
    }

    private void fillB(double[] buf, int k, int cc) {
        int k0 = Decomp.start(n, q, k), j0 = Decomp.start(n, q, cc), bk = Decomp.size(n, q, k);
        for (int kk = 0; kk < bk; kk++) {
            for (int j = 0; j < bj; j++) {
                buf[kk * bj + j] = IntMatrices.b(k0 + kk, j0 + j);
            }
        }
    }

    /** Rounds of {@link #warmUp()}'s block multiply: enough calls, with their loop back-edges, for C2 to
     *  compile it (HotSpot's tier-4 thresholds), on a problem small enough that they take milliseconds. */
    private static final int WARM_UP_ROUNDS = 3000;
    /** Calls of the set-up and result methods ({@code fillA}, {@code fillB}, {@code checksum}, {@code total}):
     *  more than C2's minimum of invocations for a method with loops (600), with their back-edges well over
     *  its compile threshold (15,000). */
    private static final int WARM_UP_SETUP_ROUNDS = 1000;
    /**
     * Runs the methods of a run that have loops (the block multiply and shift, the constructor's fills, the
     * checksum) on a small private problem until C2 has compiled them, so that the timed loop measures
     * compiled code, not the compiler. Each form calls it before its timer, every run; a benchmark that
     * keeps the program's classes loaded from run to run (steady state) must find nothing big left to
     * compile after its first runs: a method with loops called only once or twice per run (the fills and
     * the checksum, on big blocks) otherwise went through on-stack replacement in one run and was
     * compiled again in the next, and its compilation took one of the cores beside the ranks' timed loop
     * (in the timed runs of {@code basic} and {@code nocomm}, 4 ranks on 2 cores, one copy of the class per
     * rank; {@code ColdKernelAfterWarmUpTest}). The small accessors a run calls once per step
     * are left out on purpose: called that rarely they stay with the quick compiler and are never
     * recompiled, while calling them here thousands of times would make C2 compile each of them in some
     * later run. Touches no state of any other instance: results stay bit-identical with or without it.
     * No MPI.
     */
    public static void warmUp() {
        Kernel k = new Kernel(32, 4, 0);    // a 16 x 16 block of a 2 x 2 grid
        k.skewed();
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            k.multiply();
            k.shifted();
        }
        long sink = 0;
        for (int round = 0; round < WARM_UP_SETUP_ROUNDS; round++) {
            k.fillA(k.nextA, k.row, k.col);
            k.fillB(k.nextB, k.row, k.col);
            sink += k.checksum() + k.total();
        }
        if (sink == Long.MIN_VALUE) {        // never: keeps the calls' results alive
            throw new AssertionError(sink);
        }
        JitSettle.await();   // what the warm-up queued compiles now, not in the timed loop
    }
}
