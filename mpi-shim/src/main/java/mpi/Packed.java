package mpi;

/**
 * A collective's buffer argument described by a derived datatype, as the collective algorithms see it:
 * an array of packed items of {@code Size()} consecutive elements each ({@link Datatype#packedItem()}), at
 * offset 0. A receive buffer is packed from the user's array first, so the items a collective leaves
 * alone (gaps between Gatherv blocks) keep their values when {@link #unpack()} writes it all back.
 */
final class Packed {
    final Object buf;
    final int offset;
    final Datatype type;
    private final Datatype derived;
    private final Object user;
    private final int userOffset;
    private final int items;

    private Packed(Object buf, int offset, Datatype type, Datatype derived, Object user, int userOffset, int items) {
        this.buf = buf;
        this.offset = offset;
        this.type = type;
        this.derived = derived;
        this.user = user;
        this.userOffset = userOffset;
        this.items = items;
    }

    /** {@code items} items of {@code type} from element {@code offset} of {@code buf}; checked. A
     *  predefined type is passed through as it is. */
    static Packed of(String call, String name, Object buf, int offset, long items, Datatype type, boolean fill)
            throws MPIException {
        if (type == null || !type.isDerived()) {
            return none(buf, offset, type);
        }
        if (items > Integer.MAX_VALUE) {
            throw new MPIException(call + ": " + items + " items of " + type + " for " + name
                    + " are more than an array holds");
        }
        final int n = (int) items;
        final int elements = Layout.check(call, name, buf, offset, n, type);
        final Object packed = fill ? Layout.pack(type, buf, offset, n) : Layout.scratch(type, elements);
        return new Packed(packed, 0, type.packedItem(), type, buf, offset, n);
    }

    /** An argument the call does not use here (a receive buffer off the root), or a predefined type: as
     *  given, with a derived type replaced by its packed item so that the call does not pack again. */
    static Packed none(Object buf, int offset, Datatype type) {
        final Datatype t = type != null && type.isDerived() && type.base() != null ? type.packedItem() : type;
        return new Packed(buf, offset, t, null, null, 0, 0);
    }

    /** The number of items the blocks of a v-collective reach: max(displs[i] + counts[i]). */
    static long reach(String call, int[] counts, int[] displs, int size) throws MPIException {
        if (counts == null || displs == null) {
            throw new MPIException(call + ": " + (counts == null ? "the counts are" : "the displacements are")
                    + " null");
        }
        if (counts.length < size || displs.length < size) {
            throw new MPIException(call + ": the counts and displacements need " + size + " entries (have "
                    + counts.length + " and " + displs.length + ")");
        }
        long reach = 0;
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0 || displs[i] < 0) {
                throw new MPIException(call + ": block " + i + " has count " + counts[i] + " and displacement "
                        + displs[i] + "; neither may be negative");
            }
            reach = Math.max(reach, (long) displs[i] + counts[i]);
        }
        return reach;
    }

    /** Writes a packed receive buffer back into the user's array; nothing for a pass-through. */
    void unpack() throws MPIException {
        if (derived != null) {
            derived.scatter(buf, 0, items * derived.Size(), user, userOffset);
        }
    }
}
