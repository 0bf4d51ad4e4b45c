package bamboo.shim;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * The arithmetic of a Cartesian process grid (row-major: the last dimension varies fastest, as in MPI),
 * shared by {@code mpi.Cartcomm} and the translated programs' Cartesian communicators, so that both check
 * the same things with the same messages and number the same places alike.
 */
public final class CartGrid {
    private CartGrid() {
    }

    /** Checks a grid description against a communicator of {@code size}; returns the number of places. */
    public static int checkGrid(String call, int[] dims, boolean[] periods, int size) throws MPIException {
        if (dims == null || periods == null) {
            throw new MPIException(call + ": " + (dims == null ? "dims" : "periods") + " is null");
        }
        if (dims.length != periods.length) {
            throw new MPIException(call + ": dims has " + dims.length + " entries but periods " + periods.length);
        }
        long places = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new MPIException(call + ": dims[" + i + "] = " + dims[i] + " must be positive");
            }
            places *= dims[i];
            if (places > size) {
                throw new MPIException(call + ": the grid " + Arrays.toString(dims) + " has more places than the "
                        + size + " processes of the communicator");
            }
        }
        return (int) places;
    }

    /** The rank at {@code coords}; periodic dimensions wrap, others must be in range (MPI_CART_RANK). */
    public static int rank(int[] dims, boolean[] periods, int[] coords) throws MPIException {
        if (coords == null || coords.length != dims.length) {
            throw new MPIException("Cartcomm.Rank: coords must have " + dims.length + " entries");
        }
        int rank = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) {
                c = Math.floorMod(c, dims[i]);
            } else if (c < 0 || c >= dims[i]) {
                throw new MPIException("Cartcomm.Rank: coords[" + i + "] = " + c + " is outside [0, " + dims[i]
                        + ") of a non-periodic dimension");
            }
            rank = rank * dims[i] + c;
        }
        return rank;
    }

    /** The coordinates of {@code rank} in a communicator of {@code size} (MPI_CART_COORDS). */
    public static int[] coords(int[] dims, int size, int rank) throws MPIException {
        if (rank < 0 || rank >= size) {
            throw new MPIException("Cartcomm.Coords: rank " + rank + " is out of range [0, " + size + ")");
        }
        final int[] coords = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            coords[i] = rank % dims[i];
            rank /= dims[i];
        }
        return coords;
    }

    /**
     * The neighbours {@code disp} steps down and up dimension {@code direction} of the place at {@code me}
     * (MPI_CART_SHIFT): {source, dest}, {@link MPI#PROC_NULL} past the edge of a non-periodic dimension.
     */
    public static int[] shift(int[] dims, boolean[] periods, int[] me, int direction, int disp) throws MPIException {
        if (direction < 0 || direction >= dims.length) {
            throw new MPIException("Cartcomm.Shift: direction " + direction + " is out of range [0, " + dims.length
                    + ")");
        }
        return new int[] {neighbour(dims, periods, me, direction, -disp), neighbour(dims, periods, me, direction, disp)};
    }

    private static int neighbour(int[] dims, boolean[] periods, int[] me, int direction, int step) throws MPIException {
        final int[] c = me.clone();
        final long moved = (long) c[direction] + step;
        if (!periods[direction] && (moved < 0 || moved >= dims[direction])) {
            return MPI.PROC_NULL;
        }
        c[direction] = (int) Math.floorMod(moved, (long) dims[direction]);
        return rank(dims, periods, c);
    }

    /**
     * How MPI_CART_SUB splits the grid for the place at {@code me}: {colour, key}, the colour numbering the
     * slice (the dropped dimensions' coordinates) and the key the place within it (the kept ones').
     */
    public static int[] subSplit(int[] dims, int[] me, boolean[] remainDims) throws MPIException {
        if (remainDims == null || remainDims.length != dims.length) {
            throw new MPIException("Cartcomm.Sub: remain_dims must have " + dims.length + " entries");
        }
        int colour = 0;
        int key = 0;
        for (int i = 0; i < dims.length; i++) {
            if (remainDims[i]) {
                key = key * dims[i] + me[i];
            } else {
                colour = colour * dims[i] + me[i];
            }
        }
        return new int[] {colour, key};
    }

    /** The extents ({@code periods} false) or periodicity of the dimensions {@code remainDims} keeps. */
    public static int[] keptDims(int[] dims, boolean[] remainDims) {
        int kept = 0;
        for (boolean r : remainDims) {
            kept += r ? 1 : 0;
        }
        final int[] out = new int[kept];
        for (int i = 0, j = 0; i < dims.length; i++) {
            if (remainDims[i]) {
                out[j++] = dims[i];
            }
        }
        return out;
    }

    /** The periodicity of the dimensions {@code remainDims} keeps. */
    public static boolean[] keptPeriods(boolean[] periods, boolean[] remainDims) {
        int kept = 0;
        for (boolean r : remainDims) {
            kept += r ? 1 : 0;
        }
        final boolean[] out = new boolean[kept];
        for (int i = 0, j = 0; i < periods.length; i++) {
            if (remainDims[i]) {
                out[j++] = periods[i];
            }
        }
        return out;
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes} divided by
     * the product of the non-zero entries, largest first (MPI_DIMS_CREATE).
     */
    public static void dimsCreate(int nnodes, int[] dims) throws MPIException {
        final String call = "Cartcomm.Dims_create";
        if (dims == null) {
            throw new MPIException(call + ": dims is null");
        }
        if (nnodes < 1) {
            throw new MPIException(call + ": nnodes " + nnodes + " must be positive");
        }
        int fixed = 1;
        int free = 0;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new MPIException(call + ": dims[" + i + "] = " + dims[i] + " is negative");
            }
            if (dims[i] == 0) {
                free++;
            } else {
                fixed *= dims[i];
            }
        }
        if (nnodes % fixed != 0 || (free == 0 && fixed != nnodes)) {
            throw new MPIException(call + ": " + nnodes + " processes do not fit the fixed extents "
                    + Arrays.toString(dims));
        }
        final int[] chosen = balanced(nnodes / fixed, free);
        for (int i = 0, j = 0; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = chosen[j++];
            }
        }
    }

    /** {@code k} extents whose product is {@code n}, as equal as prime factors allow, largest first. */
    private static int[] balanced(int n, int k) {
        final int[] out = new int[k];
        Arrays.fill(out, 1);
        if (k == 0) {
            return out;
        }
        final int[] factors = new int[32];
        int count = 0;
        int rest = n;
        for (int f = 2; (long) f * f <= rest; f++) {
            while (rest % f == 0) {
                factors[count++] = f;
                rest /= f;
            }
        }
        if (rest > 1) {
            factors[count++] = rest;
        }
        for (int i = count - 1; i >= 0; i--) {     // largest factor first, to the smallest extent
            int smallest = 0;
            for (int j = 1; j < k; j++) {
                if (out[j] < out[smallest]) {
                    smallest = j;
                }
            }
            out[smallest] *= factors[i];
        }
        Arrays.sort(out);
        for (int i = 0; i < k / 2; i++) {
            final int t = out[i];
            out[i] = out[k - 1 - i];
            out[k - 1 - i] = t;
        }
        return out;
    }
}
