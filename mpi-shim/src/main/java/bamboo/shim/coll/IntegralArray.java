package bamboo.shim.coll;

/**
 * Reads and writes the elements of any integral primitive array as {@code long}, so that the rarely
 * reduced kinds (byte, short, char) share one kernel instead of one copy each.
 */
final class IntegralArray {
    private IntegralArray() {
    }

    static boolean isIntegral(Object array) {
        return array instanceof byte[] || array instanceof short[] || array instanceof char[]
                || array instanceof int[] || array instanceof long[];
    }

    static long get(Object array, int index) {
        if (array instanceof int[]) {
            return ((int[]) array)[index];
        } else if (array instanceof long[]) {
            return ((long[]) array)[index];
        } else if (array instanceof short[]) {
            return ((short[]) array)[index];
        } else if (array instanceof char[]) {
            return ((char[]) array)[index];
        }
        return ((byte[]) array)[index];
    }

    /** Stores {@code value} narrowed to the array's kind, with Java's wrap-around, as C MPI does. */
    static void set(Object array, int index, long value) {
        if (array instanceof int[]) {
            ((int[]) array)[index] = (int) value;
        } else if (array instanceof long[]) {
            ((long[]) array)[index] = value;
        } else if (array instanceof short[]) {
            ((short[]) array)[index] = (short) value;
        } else if (array instanceof char[]) {
            ((char[]) array)[index] = (char) value;
        } else {
            ((byte[]) array)[index] = (byte) value;
        }
    }
}
