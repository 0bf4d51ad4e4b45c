package mpi;

import bamboo.shim.coll.Args;
import bamboo.shim.engine.PayloadPool;
import bamboo.shim.engine.ScatterTarget;
import java.lang.reflect.Array;

/**
 * Derived datatypes at the boundary of the communication calls. A type whose items are consecutive runs
 * of elements (a {@code Contiguous} of a predefined type, a {@code Vector} whose stride equals its block)
 * is sent from and received into the user's array as it is. Any other layout is received straight into
 * the user's array (the engine copies the message block by block to its places, {@link ScatterTarget}),
 * and gathered into one array of its elements before a send, one {@code System.arraycopy} per run of
 * consecutive elements.
 */
final class Layout {
    private Layout() {
    }

    /** Checks a buffer described by a derived type and returns the number of elements it holds. */
    static int check(String call, String what, Object buf, int offset, int count, Datatype type)
            throws MPIException {
        type.checkUsable(call);
        if (type.base() == null && !type.marker()) {
            // A type of no elements (an empty Struct): any array, nothing moves.
            if (count < 0) {
                throw new MPIException(call + ": count " + count + " is negative");
            }
            if (buf == null) {
                throw new MPIException(call + ": " + what + " is null");
            }
            return 0;
        }
        if (type.base() == null) {
            throw new MPIException(call + ": datatype " + type + " of " + what + " is a bound marker and carries no"
                    + " data (use it inside Datatype.Struct)");
        }
        if (buf == null) {
            throw new MPIException(call + ": " + what + " is null");
        }
        final Class<?> needed = type.base().arrayClass();
        if (!needed.isInstance(buf)) {
            throw new MPIException(call + ": " + what + " is " + article(buf.getClass().getSimpleName())
                    + " but datatype " + type + " needs " + article(needed.getSimpleName()));
        }
        if (count < 0) {
            throw new MPIException(call + ": count " + count + " is negative");
        }
        if (offset < 0) {
            throw new MPIException(call + ": offset " + offset + " is negative");
        }
        final long elements = (long) count * type.Size();
        if (elements > Integer.MAX_VALUE) {
            throw new MPIException(call + ": count " + count + " of " + type + " is " + elements
                    + " elements, more than an array holds");
        }
        final long[] span = type.span(count);
        final int length = Array.getLength(buf);
        if (span != null && (offset + span[0] < 0 || offset + span[1] >= length)) {
            throw new MPIException(call + ": " + count + " items of " + type + " from offset " + offset + " reach"
                    + " elements " + (offset + span[0]) + ".." + (offset + span[1]) + " but " + what + " has "
                    + length + " (0.." + (length - 1) + ")");
        }
        return (int) elements;
    }

    private static String article(String name) {
        return ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }

    /** The predefined type of single elements of a derived type's kind: what travels on the wire (bytes,
     *  none of them, for a type of no elements). */
    static Datatype element(Datatype type) {
        return type.base() == null ? MPI.BYTE : Args.elementType(type);
    }

    /** The buffer the wire sees: the user's, or no bytes for a type of no elements. */
    static Object wire(Datatype type, Object buf) {
        return type.base() == null ? NOTHING : buf;
    }

    /** The offset into {@link #wire}'s buffer. */
    static int wireOffset(Datatype type, int offset) {
        return type.base() == null ? 0 : offset;
    }

    private static final byte[] NOTHING = new byte[0];

    /** A new array holding the {@code count} items' elements in order. */
    static Object pack(Datatype type, Object buf, int offset, int count) throws MPIException {
        final Object packed = scratch(type, count * type.Size());
        type.gather(buf, offset, count, packed, 0);
        return packed;
    }

    /** As {@link #pack}, into an array of {@link #borrow}. */
    static Object packBorrowed(Datatype type, Object buf, int offset, int count) throws MPIException {
        final Object packed = borrow(type, count * type.Size());
        type.gather(buf, offset, count, packed, 0);
        return packed;
    }

    /** For a blocking call: an array of at least {@code elements} elements of the type's kind from the
     *  shared pool (objects: a new one), which the call gives back with {@link #give} once it returns. */
    static Object borrow(Datatype type, int elements) {
        final Datatype.Base base = type.base();
        return base == null || base == Datatype.Base.OBJECT ? scratch(type, elements)
                : PayloadPool.shared().take(base, elements);
    }

    /** Gives back an array of {@link #borrow}: the call that used it has returned, nothing refers to it. */
    static void give(Object array) {
        if (array != NOTHING && !(array instanceof Object[])) {
            PayloadPool.shared().release(array);
        }
    }

    /** The receive buffer for a layout that is not dense: the engine copies the message's elements straight
     *  to their places in {@code buf}, one run of consecutive elements at a time. */
    static ScatterTarget into(Datatype type, Object buf, int offset) {
        return (from, at, elements) -> type.scatter(from, at, elements, buf, offset);
    }

    /** A new array of {@code elements} elements of the type's kind. */
    static Object scratch(Datatype type, int elements) {
        return type.base() == null ? NOTHING : Array.newInstance(type.base().arrayClass().getComponentType(),
                elements);
    }

    /** Once a receive with a derived type completes: records the items for a type of no elements. */
    static Request.Completion counted(Datatype type, int count) {
        return status -> status.receivedItems(type, count);
    }
}
