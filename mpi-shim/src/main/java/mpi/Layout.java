package mpi;

import bamboo.shim.coll.Args;
import java.lang.reflect.Array;

/**
 * Derived datatypes at the boundary of the communication calls. A type whose items are consecutive runs
 * of elements (a {@code Contiguous} of a predefined type, a {@code Vector} whose stride equals its block)
 * is sent from and received into the user's array as it is. Any other layout is gathered into one array
 * of its elements before a send and scattered from one after a receive, one {@code System.arraycopy} per
 * run of consecutive elements.
 */
final class Layout {
    private Layout() {
    }

    /** Checks a buffer described by a derived type and returns the number of elements it holds. */
    static int check(String call, String what, Object buf, int offset, int count, Datatype type)
            throws MPIException {
        type.checkUsable(call);
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

    /** The predefined type of single elements of a derived type's kind: what travels on the wire. */
    static Datatype element(Datatype type) {
        return Args.elementType(type);
    }

    /** A new array holding the {@code count} items' elements in order. */
    static Object pack(Datatype type, Object buf, int offset, int count) throws MPIException {
        final Object packed = scratch(type, count * type.Size());
        type.gather(buf, offset, count, packed, 0);
        return packed;
    }

    /** A new array of {@code elements} elements of the type's kind. */
    static Object scratch(Datatype type, int elements) {
        return Array.newInstance(type.base().arrayClass().getComponentType(), elements);
    }

    /** Scatters a received packed array into the user's buffer once the receive has completed. */
    static Request.Completion unpackInto(Datatype type, Object packed, Object buf, int offset) {
        return status -> type.scatter(packed, 0, status.elements(), buf, offset);
    }
}
