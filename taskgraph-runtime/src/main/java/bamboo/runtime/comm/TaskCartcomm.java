package bamboo.runtime.comm;

import bamboo.shim.CartGrid;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code mpi.Cartcomm} in translated code: a translated communicator with a Cartesian grid. The
 * translator replaces the type {@code mpi.Cartcomm} by this class; {@code Create_cart} and {@code Sub}
 * are inlined from the collectives library (they agree on a context like {@code Dup} and
 * {@code Split}), the local calls stay calls on this class with mpiJava's names, and the grid arithmetic
 * is the mpi-shim's own ({@link CartGrid}), so ranks, neighbours and errors are those of the untranslated
 * program.
 */
public final class TaskCartcomm extends TaskComm {
    private final int[] dims;
    private final boolean[] periods;

    TaskCartcomm(int[] tasks, int rank, int context, Contexts contexts, int[] dims, boolean[] periods) {
        super(tasks, rank, context, contexts);
        this.dims = dims;
        this.periods = periods;
    }

    /** mpiJava: the grid's extents and periodicity and this task's coordinates. */
    public TaskCartParms Get() throws MPIException {
        return new TaskCartParms(dims.clone(), periods.clone(), Coords(Rank()));
    }

    /** mpiJava: the rank at {@code coords}; periodic dimensions wrap. */
    public int Rank(int[] coords) throws MPIException {
        check("Cartcomm.Rank");
        return CartGrid.rank(dims, periods, coords);
    }

    /** mpiJava: the coordinates of {@code rank}. */
    public int[] Coords(int rank) throws MPIException {
        check("Cartcomm.Coords");
        return CartGrid.coords(dims, Size(), rank);
    }

    /** mpiJava: the neighbours {@code disp} steps down and up dimension {@code direction}. */
    public TaskShiftParms Shift(int direction, int disp) throws MPIException {
        final int[] ends = CartGrid.shift(dims, periods, Coords(Rank()), direction, disp);
        return new TaskShiftParms(ends[0], ends[1]);
    }

    @Override
    public int Topo_test() {
        check("Topo_test");
        return MPI.CART;
    }

    /** mpiJava's static {@code Cartcomm.Dims_create}, under the name the translated program uses. */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        CartGrid.dimsCreate(nnodes, dims);
    }

    // ---- used by the collectives library's Sub -----------------------------------------------------------

    /** The colour of this task's slice in {@code Sub(remainDims)}: a Split by it makes the slices. */
    public int subColour(boolean[] remainDims) throws MPIException {
        return CartGrid.subSplit(dims, Coords(Rank()), remainDims)[0];
    }

    /** The key of this task within its slice in {@code Sub(remainDims)}. */
    public int subKey(boolean[] remainDims) throws MPIException {
        return CartGrid.subSplit(dims, Coords(Rank()), remainDims)[1];
    }

    /** The slice {@code split} (what Split by {@link #subColour}/{@link #subKey} gave) as a sub-grid. */
    public TaskCartcomm sub(TaskComm split, boolean[] remainDims) {
        return new TaskCartcomm(split.members(), split.myRank(), split.contextId(), split.contexts(),
                CartGrid.keptDims(dims, remainDims), CartGrid.keptPeriods(periods, remainDims));
    }
}
