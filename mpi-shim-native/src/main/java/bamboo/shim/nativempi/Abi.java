package bamboo.shim.nativempi;

import java.lang.foreign.ValueLayout;

/**
 * What differs between MPI implementations at the binary level: the size of a handle, the layout of
 * {@code MPI_Status}, the values of the predefined handles and of the special ranks and tags. One instance
 * per implementation ({@link OpenMpiAbi}, {@link MpichAbi}); every handle travels through the bindings as a
 * {@code long}, whatever its C type.
 */
public final class Abi {
    /** Implementation name for messages, e.g. "Open MPI". */
    public final String name;
    /** The shared library, as the dynamic loader finds it. */
    public final String library;
    /** The C type of handles: a pointer (Open MPI) or an int (MPICH). */
    public final ValueLayout handle;
    public final long statusBytes;
    public final long statusSource;
    public final long statusTag;
    public final long statusError;
    /** Offset of the received byte count inside MPI_Status (a private field the library fills), or -1 to
     *  ask MPI_Get_count; {@link #statusCountSplit}: MPICH's low word and shifted high word. */
    public final long statusCount;
    public final boolean statusCountSplit;
    /** Address passed for MPI_STATUS_IGNORE. */
    public final long statusIgnore;

    public final int anySource;
    public final int anyTag;
    public final int procNull;
    public final int undefined;
    /** The keyval of the MPI_TAG_UB attribute. */
    public final int tagUbKey;
    public final int maxProcessorName;
    public final int maxErrorString;
    /** MPI_Comm_compare's results (MPI_IDENT, MPI_CONGRUENT, MPI_SIMILAR, MPI_UNEQUAL). */
    public final int[] compare;
    /** MPI_THREAD_SINGLE, _FUNNELED, _SERIALIZED, _MULTIPLE. */
    public final int[] threadLevels;

    public final long commWorld;
    public final long commSelf;
    public final long commNull;
    public final long groupEmpty;
    public final long requestNull;
    public final long messageNull;
    public final long messageNoProc;
    public final long errorsReturn;
    public final long opNull;

    /** Datatypes indexed by {@link Types} ordinal. */
    final long[] datatypes;
    /** Predefined operations indexed by {@link Ops} ordinal. */
    final long[] ops;

    Abi(Builder b) {
        name = b.name;
        library = b.library;
        handle = b.handle;
        statusBytes = b.statusBytes;
        statusSource = b.statusSource;
        statusTag = b.statusTag;
        statusError = b.statusError;
        statusCount = b.statusCount;
        statusCountSplit = b.statusCountSplit;
        statusIgnore = b.statusIgnore;
        anySource = b.anySource;
        anyTag = b.anyTag;
        procNull = b.procNull;
        undefined = b.undefined;
        tagUbKey = b.tagUbKey;
        maxProcessorName = b.maxProcessorName;
        maxErrorString = b.maxErrorString;
        compare = b.compare.clone();
        threadLevels = b.threadLevels.clone();
        commWorld = b.commWorld;
        commSelf = b.commSelf;
        commNull = b.commNull;
        groupEmpty = b.groupEmpty;
        requestNull = b.requestNull;
        messageNull = b.messageNull;
        messageNoProc = b.messageNoProc;
        errorsReturn = b.errorsReturn;
        opNull = b.opNull;
        datatypes = b.datatypes.clone();
        ops = b.ops.clone();
        for (Types t : Types.values()) {
            if (datatypes[t.ordinal()] == 0 && t != Types.NONE) {
                throw new IllegalStateException(name + ": no handle for datatype " + t);
            }
        }
    }

    /** The handle of a predefined datatype. */
    public long datatype(Types t) {
        return datatypes[t.ordinal()];
    }

    /** The handle of a predefined operation. */
    public long op(Ops o) {
        return ops[o.ordinal()];
    }

    /** The predefined datatypes the device uses. */
    public enum Types {
        NONE, BYTE, UNSIGNED_SHORT, SHORT, C_BOOL, INT, LONG, FLOAT, DOUBLE, PAIR_INT, PAIR_FLOAT, PAIR_DOUBLE
    }

    /** The predefined reduction operations, in {@code mpi.MPI}'s order. */
    public enum Ops {
        SUM, PROD, MAX, MIN, LAND, LOR, LXOR, BAND, BOR, BXOR, MAXLOC, MINLOC
    }

    /** Fills a table; each implementation's class sets every field. */
    static final class Builder {
        String name;
        String library;
        ValueLayout handle;
        long statusBytes;
        long statusSource;
        long statusTag;
        long statusError;
        long statusCount = -1;
        boolean statusCountSplit;
        long statusIgnore;
        int anySource;
        int anyTag;
        int procNull;
        int undefined;
        int tagUbKey;
        int maxProcessorName;
        int maxErrorString;
        int[] compare = {0, 1, 2, 3};
        int[] threadLevels = {0, 1, 2, 3};
        long commWorld;
        long commSelf;
        long commNull;
        long groupEmpty;
        long requestNull;
        long messageNull;
        long messageNoProc;
        long errorsReturn;
        long opNull;
        final long[] datatypes = new long[Types.values().length];
        final long[] ops = new long[Ops.values().length];

        Builder type(Types t, long h) {
            datatypes[t.ordinal()] = h;
            return this;
        }

        Builder op(Ops o, long h) {
            ops[o.ordinal()] = h;
            return this;
        }
    }
}
