package mpi;

/**
 * An MPI datatype. The predefined ones ({@link MPI#INT}, {@link MPI#DOUBLE}, ...) describe the elements
 * of a Java array of the matching component type; the pair types ({@link MPI#INT2}, ...) describe
 * (value, index) pairs stored as two consecutive elements of such an array, as {@code MAXLOC} and
 * {@code MINLOC} use them. Counts and offsets are in items of the datatype; for a pair type one item is
 * two array elements. {@link MPI#OBJECT} carries {@code Object[]} elements by serialisation.
 */
public class Datatype {

    /** The primitive kind of a datatype's array elements. */
    public enum Base {
        BYTE(byte[].class, 1), CHAR(char[].class, 2), SHORT(short[].class, 2), BOOLEAN(boolean[].class, 1),
        INT(int[].class, 4), LONG(long[].class, 8), FLOAT(float[].class, 4), DOUBLE(double[].class, 8),
        OBJECT(Object[].class, 8);

        private final Class<?> arrayClass;
        private final int bytes;

        Base(Class<?> arrayClass, int bytes) {
            this.arrayClass = arrayClass;
            this.bytes = bytes;
        }

        /** The Java array class a buffer of this kind must be. */
        public Class<?> arrayClass() {
            return arrayClass;
        }

        /** Bytes per element on the wire (for the simulated interconnect; objects count a nominal 8). */
        public int bytes() {
            return bytes;
        }
    }

    private final String name;
    private final Base base;
    private final int elementsPerItem;

    Datatype(String name, Base base, int elementsPerItem) {
        this.name = name;
        this.base = base;
        this.elementsPerItem = elementsPerItem;
    }

    /** The element kind of buffers of this type. */
    public Base base() {
        return base;
    }

    /** Array elements per item: 1, or 2 for the pair types. */
    public int elementsPerItem() {
        return elementsPerItem;
    }

    /** True for the (value, index) pair types used by {@code MAXLOC} and {@code MINLOC}. */
    public boolean isPair() {
        return elementsPerItem == 2;
    }

    /** MPI_Type_size in items' array elements, as mpiJava reports it. */
    public int Size() throws MPIException {
        return elementsPerItem;
    }

    /** MPI_Type_extent, in array elements. */
    public int Extent() throws MPIException {
        return elementsPerItem;
    }

    /** Predefined datatypes need no commit; kept for source compatibility. */
    public void Commit() throws MPIException {
    }

    /** Predefined datatypes cannot be freed; kept for source compatibility. */
    public void Free() throws MPIException {
    }

    /** Bytes one item occupies on the wire. */
    public int itemBytes() {
        return base.bytes() * elementsPerItem;
    }

    @Override
    public String toString() {
        return "MPI." + name;
    }
}
