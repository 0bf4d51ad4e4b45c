package mpi;

import java.lang.reflect.Array;
import java.util.Arrays;

/** Deterministic test vectors of every primitive kind; rank -1 gives zeros. Small integers, so that
 *  floating-point sums and products are exact whatever the combination order. */
final class Values {
    private Values() {
    }

    static Object of(Datatype t, int rank, int count) {
        final Object a = Array.newInstance(t.base().arrayClass().getComponentType(), count * t.elementsPerItem());
        for (int i = 0; i < Array.getLength(a); i++) {
            final int v = rank < 0 ? 0 : ((rank * 7 + i * 3) % 5) - (i % 2) + (rank == i ? 3 : 1);
            if (a instanceof boolean[]) {
                ((boolean[]) a)[i] = v % 2 != 0;
            } else if (a instanceof byte[]) {
                ((byte[]) a)[i] = (byte) v;
            } else if (a instanceof char[]) {
                ((char[]) a)[i] = (char) (v & 0xff);
            } else if (a instanceof short[]) {
                ((short[]) a)[i] = (short) v;
            } else if (a instanceof int[]) {
                ((int[]) a)[i] = v;
            } else if (a instanceof long[]) {
                ((long[]) a)[i] = v;
            } else if (a instanceof float[]) {
                ((float[]) a)[i] = v;
            } else {
                ((double[]) a)[i] = v;
            }
        }
        return a;
    }

    static boolean equal(Object a, Object b) {
        return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
    }

    static String show(Object a) {
        return Arrays.deepToString(new Object[] {a});
    }
}
