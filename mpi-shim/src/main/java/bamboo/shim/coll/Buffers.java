package bamboo.shim.coll;

import java.lang.reflect.Array;
import mpi.Datatype;

/** Scratch buffers and copies, in items of a datatype (a pair item is two array elements). */
final class Buffers {
    private Buffers() {
    }

    /** A new array able to hold {@code items} items of {@code type}. */
    static Object allocate(Datatype type, int items) {
        return Array.newInstance(type.base().arrayClass().getComponentType(), items * type.elementsPerItem());
    }

    /** Copies {@code items} items; object elements are copied by reference, as mpiJava does locally. */
    static void copy(Object src, int srcOffset, Object dst, int dstOffset, int items, Datatype type) {
        final int per = type.elementsPerItem();
        System.arraycopy(src, srcOffset * per, dst, dstOffset * per, items * per);
    }

    /** A new array holding a copy of {@code items} items of {@code src} from {@code offset}. */
    static Object copyOf(Object src, int offset, int items, Datatype type) {
        final Object out = allocate(type, items);
        copy(src, offset, out, 0, items, type);
        return out;
    }
}
