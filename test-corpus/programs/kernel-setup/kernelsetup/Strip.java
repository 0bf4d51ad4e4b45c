package corpus.kernelsetup;

/**
 * One rank's strip of columns, in statics that the constructor computes: the decomposition, then every
 * cell from its global column. No MPI here.
 */
public class Strip {
    public static int nprocess;
    public static int rank;
    public static int width;
    public static int first;
    public static long[] cells;

    public Strip(int nprocess, int rank, int n) {
        Strip.nprocess = nprocess;
        Strip.rank = rank;
        width = Split.size(n, nprocess, rank);
        first = Split.start(n, nprocess, rank);
        cells = new long[width];
        for (int i = 0; i < width; i++) {
            cells[i] = value(first + i);
        }
    }

    public static long value(int column) {
        return (long) column * column % 97 + 1;
    }

    /** The rank that owns column 0 of every cycle of {@code nprocess} columns: reads state, changes none. */
    public static int owner(int column) {
        return column % nprocess;
    }

    public static void add(long v) {
        for (int i = 0; i < width; i++) {
            cells[i] += v;
        }
    }

    public static long total() {
        long t = 0;
        for (long c : cells) {
            t += c;
        }
        return t;
    }

    /** Sets up and uses a small strip of its own: call it before the constructor of the real one. */
    public static void warmUp() {
        new Strip(1, 0, 8);
        for (int round = 0; round < 10; round++) {
            add(round);
        }
    }
}
