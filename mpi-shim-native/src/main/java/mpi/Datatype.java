package mpi;

import bamboo.shim.nativempi.Abi;
import bamboo.shim.nativempi.Lib;

/**
 * An MPI datatype: the predefined ones describe elements of a Java array of the matching component type;
 * the pair types ({@link MPI#INT2}, ...) are (value, index) pairs stored as two consecutive elements, as
 * {@code MAXLOC} and {@code MINLOC} use them. Counts and offsets are in items; {@link MPI#OBJECT} carries
 * {@code Object[]} elements by serialisation. On the wire an item is its elements in the library's
 * matching C type ({@code char} travels as {@code unsigned short}, {@code boolean} as {@code _Bool}).
 */
public class Datatype {

    /** The primitive kind of a datatype's array elements. */
    public enum Base {
        BYTE(byte[].class, 1, Abi.Types.BYTE), CHAR(char[].class, 2, Abi.Types.UNSIGNED_SHORT),
        SHORT(short[].class, 2, Abi.Types.SHORT), BOOLEAN(boolean[].class, 1, Abi.Types.C_BOOL),
        INT(int[].class, 4, Abi.Types.INT), LONG(long[].class, 8, Abi.Types.LONG),
        FLOAT(float[].class, 4, Abi.Types.FLOAT), DOUBLE(double[].class, 8, Abi.Types.DOUBLE),
        OBJECT(Object[].class, 1, Abi.Types.BYTE);

        private final Class<?> arrayClass;
        private final int bytes;
        private final Abi.Types wire;

        Base(Class<?> arrayClass, int bytes, Abi.Types wire) {
            this.arrayClass = arrayClass;
            this.bytes = bytes;
            this.wire = wire;
        }

        /** The Java array class a buffer of this kind must be. */
        public Class<?> arrayClass() {
            return arrayClass;
        }

        /** Bytes per element on the wire (objects: per byte of their serialised form). */
        public int bytes() {
            return bytes;
        }
    }

    private final String name;
    private final Base base;
    private final int elementsPerItem;
    private final Abi.Types pairWire;

    Datatype(String name, Base base, int elementsPerItem, Abi.Types pairWire) {
        this.name = name;
        this.base = base;
        this.elementsPerItem = elementsPerItem;
        this.pairWire = pairWire;
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

    /** The library's handle for one array element of this type. */
    long elementHandle() {
        return Lib.ABI.datatype(base.wire);
    }

    /** The library's handle for a whole (value, index) pair, or 0 when the library has no such type. */
    long pairHandle() {
        return pairWire == Abi.Types.NONE ? 0 : Lib.ABI.datatype(pairWire);
    }

    @Override
    public String toString() {
        return "MPI." + name;
    }
}
