package mpi;

import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A communicator with a Cartesian topology, over the library's MPI_Cart_* calls. */
public class Cartcomm extends Intracomm {

    Cartcomm(long handle) throws MPIException {
        super(handle);
    }

    static int[] ints(boolean[] b) {
        final int[] out = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i] ? 1 : 0;
        }
        return out;
    }

    private int ndims(String call, long h) throws Throwable {
        final Scratch sc = Scratch.get();
        Native.ok((int) Lib.Cart.CARTDIM_GET.invokeExact(h, sc.out), call);
        return sc.out.get(ValueLayout.JAVA_INT, 0);
    }

    /** The grid's extents, periodicity and this process's coordinates (MPI_CART_GET). */
    public CartParms Get() throws MPIException {
        final String call = "Cartcomm.Get";
        final long h = enter(call);
        try (Arena a = Arena.ofConfined()) {
            final int n = ndims(call, h);
            final MemorySegment dims = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            final MemorySegment periods = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            final MemorySegment coords = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            Native.ok((int) Lib.Cart.CART_GET.invokeExact(h, n, dims, periods, coords), call);
            final CartParms p = new CartParms();
            p.dims = new int[n];
            p.periods = new boolean[n];
            p.coords = new int[n];
            for (int i = 0; i < n; i++) {
                p.dims[i] = dims.getAtIndex(ValueLayout.JAVA_INT, i);
                p.periods[i] = periods.getAtIndex(ValueLayout.JAVA_INT, i) != 0;
                p.coords[i] = coords.getAtIndex(ValueLayout.JAVA_INT, i);
            }
            return p;
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** The rank of the process at {@code coords} (MPI_CART_RANK). */
    public int Rank(int[] coords) throws MPIException {
        final String call = "Cartcomm.Rank";
        final long h = enter(call);
        if (coords == null) {
            throw new MPIException(call + ": coords is null");
        }
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            if (coords.length != ndims(call, h)) {
                throw new MPIException(call + ": coords has " + coords.length + " entries, the grid " + ndims(call, h)
                        + " dimensions");
            }
            Native.ok((int) Lib.Cart.CART_RANK.invokeExact(h, a.allocateFrom(ValueLayout.JAVA_INT, coords), sc.out), call);
            return sc.out.get(ValueLayout.JAVA_INT, 0);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** The coordinates of {@code rank} (MPI_CART_COORDS). */
    public int[] Coords(int rank) throws MPIException {
        final String call = "Cartcomm.Coords";
        final long h = enter(call);
        try (Arena a = Arena.ofConfined()) {
            final int n = ndims(call, h);
            final MemorySegment coords = a.allocate(ValueLayout.JAVA_INT, Math.max(n, 1));
            Native.ok((int) Lib.Cart.CART_COORDS.invokeExact(h, rank, n, coords), call);
            return coords.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** Source and destination of a shift by {@code disp} along {@code direction} (MPI_CART_SHIFT). */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        final String call = "Cartcomm.Shift";
        final long h = enter(call);
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Cart.CART_SHIFT.invokeExact(h, direction, disp, sc.out, sc.flag), call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        final ShiftParms p = new ShiftParms();
        p.rank_source = Native.rankBack(sc.out.get(ValueLayout.JAVA_INT, 0));
        p.rank_dest = Native.rankBack(sc.flag.get(ValueLayout.JAVA_INT, 0));
        return p;
    }

    /** The sub-grids keeping the dimensions marked in {@code remain_dims} (MPI_CART_SUB). Collective. */
    public Cartcomm Sub(boolean[] remain_dims) throws MPIException {
        final String call = "Cartcomm.Sub";
        final long h = enter(call);
        if (remain_dims == null) {
            throw new MPIException(call + ": remain_dims is null");
        }
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            Native.ok((int) Lib.Cart.CART_SUB.invokeExact(h, a.allocateFrom(ValueLayout.JAVA_INT, ints(remain_dims)),
                    sc.handle), call);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        return new Cartcomm(Lib.handleAt(sc.handle, 0));
    }

    /** The rank this process would have in a grid of {@code dims} (MPI_CART_MAP). */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        final String call = "Cartcomm.Map";
        final long h = enter(call);
        final Scratch sc = Scratch.get();
        try (Arena a = Arena.ofConfined()) {
            Native.ok((int) Lib.Cart.CART_MAP.invokeExact(h, dims.length, a.allocateFrom(ValueLayout.JAVA_INT, dims),
                    a.allocateFrom(ValueLayout.JAVA_INT, ints(periods)), sc.out), call);
            final int r = sc.out.get(ValueLayout.JAVA_INT, 0);
            return r == Lib.ABI.undefined ? MPI.UNDEFINED : r;
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }

    /** A duplicate with the same topology (MPI_COMM_DUP). Collective. */
    @Override
    public Cartcomm Dup() throws MPIException {
        return new Cartcomm(dupHandle("Cartcomm.Dup"));
    }

    /** {@link MPI#CART}. */
    @Override
    public int Topo_test() throws MPIException {
        enter("Topo_test");
        return MPI.CART;
    }

    /** Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes}
     *  (MPI_DIMS_CREATE). */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        final String call = "Cartcomm.Dims_create";
        if (dims == null) {
            throw new MPIException(call + ": dims is null");
        }
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment d = a.allocateFrom(ValueLayout.JAVA_INT, dims.length == 0 ? new int[1] : dims);
            Native.ok((int) Lib.Cart.DIMS_CREATE.invokeExact(nnodes, dims.length, d), call);
            for (int i = 0; i < dims.length; i++) {
                dims[i] = d.getAtIndex(ValueLayout.JAVA_INT, i);
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
    }
}
