package bamboo.examples.sor.kernel;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.JitSettle;

/**
 * Red-black successive over-relaxation on an {@code n x n} grid split into blocks of whole rows, written
 * the way the Java Grande MPJ benchmarks are: the process's rank, the number of processes, its share of
 * the rows and the rows themselves are public statics, set by the constructor and read, qualified or
 * through {@code import static}, by the program and its helpers. No MPI here.
 *
 * <p>{@link #G} holds the owned rows at {@code 1..pRow} and a ghost row on either side ({@code G[0]},
 * {@code G[G.length - 1]}) for the neighbours' edge rows. The border of the global grid is fixed. A
 * half-sweep of colour c updates the points with {@code (i + j) % 2 == c}, reading only points of the
 * other colour: the grid after any number of half-sweeps is bit-identical whatever the decomposition.
 */
public class SorBench {
    public static int nprocess;
    public static int rank;
    /** Grid points per axis. */
    public static int n;
    /** Rows this process owns, and the global index of the first of them. */
    public static int pRow;
    public static int firstRow;
    public static double omega;
    public static double[][] G;

    /** Makes process {@code rank}'s block of a fresh {@code n x n} grid the current one. */
    public SorBench(int nprocess, int rank, int n, double omega) {
        Decomp.requireSplittable("sor", "n", n, nprocess, 1);
        SorBench.nprocess = nprocess;
        SorBench.rank = rank;
        SorBench.n = n;
        SorBench.omega = omega;
        pRow = Decomp.size(n, nprocess, rank);
        firstRow = Decomp.start(n, nprocess, rank);
        G = new double[pRow + 2][n];
        // the ghost rows too: the first half-sweep reads them before any exchange
        for (int i = 0; i <= pRow + 1; i++) {
            int gi = firstRow + i - 1;
            if (gi >= 0 && gi < n) {
                SorGrid.initialRow(gi, G[i]);
            }
        }
    }

    /** One half-sweep of colour {@code colour} over every owned row. */
    public static void relax(int colour) {
        relaxRows(colour, 1, pRow);
    }

    /** One half-sweep of colour {@code colour} over owned rows {@code from..to} (local indices). */
    public static void relaxRows(int colour, int from, int to) {
        for (int i = from; i <= to; i++) {
            int gi = firstRow + i - 1;
            if (gi > 0 && gi < n - 1) {
                SorGrid.relaxRow(G[i - 1], G[i], G[i + 1], gi, colour, omega);
            }
        }
    }

    /** Rounds of {@link #warmUp()}: enough for C2 to compile the sweep (HotSpot's tier-4 thresholds). */
    private static final int WARM_UP_ROUNDS = 3000;

    /**
     * Compiles the sweep before the timer starts, on a small grid of its own. It overwrites the statics:
     * call it before the constructor that sets up the real problem.
     */
    public static void warmUp() {
        new SorBench(1, 0, 64, 1.25);
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            relax(round & 1);
        }
        JitSettle.await();
    }
}
