package mpi;

import java.util.Arrays;

/**
 * An MPI datatype. The predefined ones ({@link MPI#INT}, {@link MPI#DOUBLE}, ...) describe the elements
 * of a Java array of the matching component type; the pair types ({@link MPI#INT2}, ...) describe
 * (value, index) pairs stored as two consecutive elements of such an array, as {@code MAXLOC} and
 * {@code MINLOC} use them. For predefined types counts and offsets are in items of the datatype (a pair
 * item is two array elements). {@link MPI#OBJECT} carries {@code Object[]} elements by serialisation.
 *
 * <p>Derived datatypes ({@link #Contiguous}, {@link #Vector}, {@link #Hvector}, {@link #Indexed},
 * {@link #Hindexed}, {@link #Struct}) follow mpiJava 1.2 as MPJ Express has it: every displacement,
 * stride, extent and bound is in elements of the buffer array (Java has no byte addresses, so the
 * {@code H} variants count elements as well), a buffer's {@code offset} is an element index, and item
 * {@code i} of a message starts {@code i * Extent()} elements after it. All elements of a derived type
 * are of one primitive kind (or all objects). {@link MPI#LB} and {@link MPI#UB} in a {@code Struct} set
 * the lower and upper bound explicitly.
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
    /** Null for the bound markers {@link MPI#LB} and {@link MPI#UB} and for a type built of nothing else. */
    private final Base base;
    private final int elementsPerItem;
    private final boolean pair;
    /** {@link MPI#LB} or {@link MPI#UB}. */
    private final boolean marker;
    /** The element displacements of one item in order (derived types only; null for predefined ones). */
    private final int[] map;
    private final int lb;
    private final int ub;
    private final boolean lbSet;
    private final boolean ubSet;
    /** Item i is the elements i*size .. (i+1)*size-1 from the offset: no packing needed. */
    private final boolean dense;
    /** The predefined-like type of one packed item (size elements), for the collectives; derived only. */
    private Datatype packedItem;
    private volatile boolean freed;
    /** {@link MPI#NULL}: reported as such rather than as freed. */
    private boolean nullType;

    /** A predefined datatype: {@code elementsPerItem} consecutive elements (2 for a pair type). */
    Datatype(String name, Base base, int elementsPerItem) {
        this(name, base, elementsPerItem, elementsPerItem == 2);
    }

    private Datatype(String name, Base base, int elementsPerItem, boolean pair) {
        this.name = name;
        this.base = base;
        this.elementsPerItem = elementsPerItem;
        this.pair = pair;
        this.marker = false;
        this.map = null;
        this.lb = 0;
        this.ub = elementsPerItem;
        this.lbSet = false;
        this.ubSet = false;
        this.dense = true;
    }

    /** A bound marker ({@link MPI#LB} or {@link MPI#UB}): no data, bound 0. */
    private Datatype(String name, boolean lower) {
        this.name = name;
        this.base = null;
        this.elementsPerItem = 0;
        this.pair = false;
        this.marker = true;
        this.map = new int[0];
        this.lb = 0;
        this.ub = 0;
        this.lbSet = lower;
        this.ubSet = !lower;
        this.dense = false;
    }

    private Datatype(String name, Base base, int[] map, int lb, int ub, boolean lbSet, boolean ubSet) {
        this.name = name;
        this.base = base;
        this.elementsPerItem = map.length;
        this.pair = false;
        this.marker = false;
        this.map = map;
        this.lb = lb;
        this.ub = ub;
        this.lbSet = lbSet;
        this.ubSet = ubSet;
        boolean d = lb == 0 && ub == map.length;
        for (int i = 0; d && i < map.length; i++) {
            d = map[i] == i;
        }
        this.dense = d;
    }

    /** {@link MPI#NULL}: no elements, usable for nothing. */
    static Datatype nullType() {
        return new Datatype("NULL", true, true);
    }

    private Datatype(String name, boolean lower, boolean isNull) {
        this(name, lower);
        this.freed = isNull;
        this.nullType = isNull;
    }

    static Datatype lowerBoundMarker() {
        return new Datatype("LB", true);
    }

    static Datatype upperBoundMarker() {
        return new Datatype("UB", false);
    }

    /** The element kind of buffers of this type; null for the bound markers and a type of no elements
     *  built from them alone (or from no blocks). */
    public Base base() {
        return base;
    }

    /** Array elements per item: 1, or 2 for the pair types; for a derived type its {@link #Size()}. */
    public int elementsPerItem() {
        return elementsPerItem;
    }

    /** True for the (value, index) pair types used by {@code MAXLOC} and {@code MINLOC}. */
    public boolean isPair() {
        return pair;
    }

    /** True for a type made by one of the constructors (and the bound markers). */
    public boolean isDerived() {
        return map != null;
    }

    /** MPI_Type_size: the number of array elements one item carries. */
    public int Size() throws MPIException {
        return elementsPerItem;
    }

    /** MPI_Type_extent: {@code Ub() - Lb()}, in array elements; consecutive items lie this far apart. */
    public int Extent() throws MPIException {
        return ub - lb;
    }

    /** MPI_Type_lb, in array elements. */
    public int Lb() throws MPIException {
        return lb;
    }

    /** MPI_Type_ub, in array elements. */
    public int Ub() throws MPIException {
        return ub;
    }

    /** Makes a derived type usable for communication; the shim's types are ready when made, so this only
     *  checks that it has not been freed. */
    public void Commit() throws MPIException {
        checkUsable("Datatype.Commit");
    }

    /** Frees a derived type: later communication with it fails. Predefined types cannot be freed. */
    public void Free() throws MPIException {
        if (map == null || marker || nullType) {
            throw new MPIException("Datatype.Free: " + this + " is predefined and cannot be freed");
        }
        freed = true;
    }

    /** Bytes one item occupies on the wire. */
    public int itemBytes() {
        return base == null ? 0 : base.bytes() * elementsPerItem;
    }

    // ---- constructors of derived types ---------------------------------------------------------------

    /** {@code count} copies of {@code oldtype}, each one extent after the last (MPI_TYPE_CONTIGUOUS). */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        final String call = "Datatype.Contiguous";
        nonNegative(call, "count", count);
        old(call, "oldtype", oldtype);
        return Vector(call, count, 1, oldtype.Extent(), oldtype, "Contiguous(" + count + ", " + oldtype + ")");
    }

    /** {@code count} blocks of {@code blocklength} copies of {@code oldtype}, the blocks {@code stride}
     *  extents of {@code oldtype} apart (MPI_TYPE_VECTOR). */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        final String call = "Datatype.Vector";
        nonNegative(call, "count", count);
        nonNegative(call, "blocklength", blocklength);
        old(call, "oldtype", oldtype);
        return Vector(call, count, blocklength, stride * oldtype.Extent(), oldtype,
                "Vector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")");
    }

    /** As {@link #Vector}, with the stride in array elements (MPI_TYPE_HVECTOR as mpiJava has it). */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        final String call = "Datatype.Hvector";
        nonNegative(call, "count", count);
        nonNegative(call, "blocklength", blocklength);
        old(call, "oldtype", oldtype);
        return Vector(call, count, blocklength, stride, oldtype,
                "Hvector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")");
    }

    /** Blocks of {@code array_of_blocklengths[i]} copies of {@code oldtype} at
     *  {@code array_of_displacements[i]} extents of {@code oldtype} (MPI_TYPE_INDEXED). */
    public static Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype)
            throws MPIException {
        final String call = "Datatype.Indexed";
        old(call, "oldtype", oldtype);
        final int n = blocks(call, array_of_blocklengths, array_of_displacements, null);
        final int extent = oldtype.Extent();
        final int[] disps = new int[n];
        final Datatype[] types = new Datatype[n];
        for (int i = 0; i < n; i++) {
            disps[i] = array_of_displacements[i] * extent;
            types[i] = oldtype;
        }
        return struct(call, array_of_blocklengths, disps, types, "Indexed(" + n + " blocks of " + oldtype + ")");
    }

    /** As {@link #Indexed}, with the displacements in array elements (MPI_TYPE_HINDEXED as mpiJava has it). */
    public static Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype)
            throws MPIException {
        final String call = "Datatype.Hindexed";
        old(call, "oldtype", oldtype);
        final int n = blocks(call, array_of_blocklengths, array_of_displacements, null);
        final Datatype[] types = new Datatype[n];
        Arrays.fill(types, oldtype);
        return struct(call, array_of_blocklengths, array_of_displacements, types,
                "Hindexed(" + n + " blocks of " + oldtype + ")");
    }

    /** Blocks of {@code array_of_blocklengths[i]} copies of {@code array_of_types[i]} at
     *  {@code array_of_displacements[i]} array elements; {@link MPI#LB} and {@link MPI#UB} set the bounds
     *  (MPI_TYPE_STRUCT). Every type with data must be of the same element kind. */
    public static Datatype Struct(int[] array_of_blocklengths, int[] array_of_displacements,
                                  Datatype[] array_of_types) throws MPIException {
        final String call = "Datatype.Struct";
        final int n = blocks(call, array_of_blocklengths, array_of_displacements, array_of_types);
        for (int i = 0; i < n; i++) {
            old(call, "array_of_types[" + i + "]", array_of_types[i]);
        }
        return struct(call, array_of_blocklengths, array_of_displacements, array_of_types,
                "Struct(" + n + " blocks)");
    }

    private static Datatype Vector(String call, int count, int blocklength, int strideElements, Datatype oldtype,
                                   String name) throws MPIException {
        final int[] lengths = new int[count];
        final int[] disps = new int[count];
        final Datatype[] types = new Datatype[count];
        for (int i = 0; i < count; i++) {
            lengths[i] = blocklength;
            disps[i] = Math.multiplyExact(i, strideElements);
            types[i] = oldtype;
        }
        return struct(call, lengths, disps, types, name);
    }

    /**
     * The general constructor: block i is {@code lengths[i]} copies of {@code types[i]}, one extent of it
     * apart, from element {@code disps[i]}. Bounds follow MPI: an explicit LB/UB (a marker, or one inherited
     * from a component) wins; otherwise the lowest and highest element any block reaches.
     */
    private static Datatype struct(String call, int[] lengths, int[] disps, Datatype[] types, String name)
            throws MPIException {
        Base base = null;
        long total = 0;
        for (int i = 0; i < types.length; i++) {
            final Datatype t = types[i];
            if (t.base != null && lengths[i] > 0 && t.elementsPerItem > 0) {
                if (base != null && base != t.base) {
                    throw new MPIException(call + ": array_of_types[" + i + "] is " + t + " of " + t.base
                            + " elements but an earlier block holds " + base + " (a Java buffer is one array of one"
                            + " kind)");
                }
                base = t.base;
            }
            total += (long) lengths[i] * t.elementsPerItem;
        }
        if (total > Integer.MAX_VALUE) {
            throw new MPIException(call + ": the type would hold " + total + " elements, more than an array holds");
        }
        if (base == null) { // no data at all: keep the kind of the first real type, for buffer checks
            for (Datatype t : types) {
                if (t.base != null) {
                    base = t.base;
                    break;
                }
            }
        }
        final int[] map = new int[(int) total];
        int n = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long markLo = Long.MAX_VALUE;
        long markHi = Long.MIN_VALUE;
        for (int i = 0; i < types.length; i++) {
            final Datatype t = types[i];
            final int len = lengths[i];
            if (len == 0) {
                continue;
            }
            final long ext = (long) t.ub - t.lb;
            final long first = disps[i] + (long) t.lb;
            final long last = disps[i] + (long) (len - 1) * ext + t.ub;
            if (t.lbSet) {
                markLo = Math.min(markLo, Math.min(first, disps[i] + (long) (len - 1) * ext + t.lb));
            }
            if (t.ubSet) {
                markHi = Math.max(markHi, Math.max(last, disps[i] + t.ub));
            }
            if (t.base != null && t.elementsPerItem > 0) {
                lo = Math.min(lo, Math.min(first, disps[i] + (long) (len - 1) * ext + t.lb));
                hi = Math.max(hi, Math.max(last, disps[i] + (long) t.ub));
            }
            for (int k = 0; k < len; k++) {
                final long at = disps[i] + (long) k * ext;
                for (int j = 0; j < t.elementsPerItem; j++) {
                    final long d = at + (t.map == null ? j : t.map[j]);
                    if (d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
                        throw new MPIException(call + ": a displacement of block " + i + " is out of range");
                    }
                    map[n++] = (int) d;
                }
            }
        }
        final boolean lbSet = markLo != Long.MAX_VALUE;
        final boolean ubSet = markHi != Long.MIN_VALUE;
        long lb = lbSet ? markLo : (lo == Long.MAX_VALUE ? 0 : lo);
        long ub = ubSet ? markHi : (hi == Long.MIN_VALUE ? 0 : hi);
        if (ub < lb) {
            ub = lb;
        }
        if (lb < Integer.MIN_VALUE || ub > Integer.MAX_VALUE) {
            throw new MPIException(call + ": the type's bounds are out of range");
        }
        return new Datatype(name, base, map, (int) lb, (int) ub, lbSet, ubSet);
    }

    private static int blocks(String call, int[] lengths, int[] disps, Datatype[] types) throws MPIException {
        if (lengths == null) {
            throw new MPIException(call + ": array_of_blocklengths is null");
        }
        if (disps == null) {
            throw new MPIException(call + ": array_of_displacements is null");
        }
        if (types == null && call.endsWith("Struct")) {
            throw new MPIException(call + ": array_of_types is null");
        }
        final int n = lengths.length;
        if (disps.length < n) {
            throw new MPIException(call + ": array_of_displacements has " + disps.length + " entries for " + n
                    + " blocks");
        }
        if (types != null && types.length < n) {
            throw new MPIException(call + ": array_of_types has " + types.length + " entries for " + n + " blocks");
        }
        for (int i = 0; i < n; i++) {
            if (lengths[i] < 0) {
                throw new MPIException(call + ": array_of_blocklengths[" + i + "] = " + lengths[i] + " is negative");
            }
        }
        return n;
    }

    private static void nonNegative(String call, String what, int value) throws MPIException {
        if (value < 0) {
            throw new MPIException(call + ": " + what + " " + value + " is negative");
        }
    }

    private static void old(String call, String what, Datatype t) throws MPIException {
        if (t == null) {
            throw new MPIException(call + ": " + what + " is null");
        }
        t.checkUsable(call);
    }

    // ---- layout, for the communication calls ---------------------------------------------------------

    /** Fails when the type has been freed. */
    void checkUsable(String call) throws MPIException {
        if (nullType) {
            throw new MPIException(call + ": datatype MPI.NULL is the null datatype and describes no data");
        }
        if (freed) {
            throw new MPIException(call + ": datatype " + this + " has been freed");
        }
    }

    /** True when items are consecutive runs of {@link #Size()} elements, so the buffer is sent as is. */
    boolean dense() {
        return dense;
    }

    /** The lowest and highest element index (relative to the offset) {@code count} items touch, or null
     *  when they touch none. */
    long[] span(int count) {
        if (count == 0 || map.length == 0) {
            return null;
        }
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int d : map) {
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        final long step = (long) (count - 1) * (ub - lb);
        return new long[] {min + Math.min(0, step), max + Math.max(0, step)};
    }

    /** Copies {@code count} items from {@code buf} at element {@code offset} into {@code packed} from
     *  {@code at}, element after element; consecutive runs go as one copy. */
    void gather(Object buf, int offset, int count, Object packed, int at) {
        final int extent = ub - lb;
        int to = at;
        for (int i = 0; i < count; i++) {
            final int start = offset + i * extent;
            int j = 0;
            while (j < map.length) {
                int run = 1;
                while (j + run < map.length && map[j + run] == map[j] + run) {
                    run++;
                }
                System.arraycopy(buf, start + map[j], packed, to, run);
                to += run;
                j += run;
            }
        }
    }

    /** The inverse of {@link #gather}: the first {@code elements} elements of {@code packed} from {@code at}
     *  go to their places in {@code buf} (the last item may be partial). */
    void scatter(Object packed, int at, int elements, Object buf, int offset) {
        if (map.length == 0) {
            return;
        }
        final int extent = ub - lb;
        int from = at;
        int left = elements;
        for (int i = 0; left > 0; i++) {
            final int start = offset + i * extent;
            int j = 0;
            while (j < map.length && left > 0) {
                int run = 1;
                while (j + run < map.length && map[j + run] == map[j] + run) {
                    run++;
                }
                run = Math.min(run, left);
                System.arraycopy(packed, from, buf, start + map[j], run);
                from += run;
                left -= run;
                j += run;
            }
        }
    }

    /** The type of one packed item: {@link #Size()} consecutive elements (never a pair type). */
    synchronized Datatype packedItem() {
        if (packedItem == null) {
            packedItem = new Datatype(name + " packed", base, elementsPerItem, false);
        }
        return packedItem;
    }

    // ---- for translated programs: the runtime moves elements, these map items to them ---------------

    /**
     * Checks a buffer of {@code count} items of this type from {@code offset} as a communication call
     * does, and returns how many array elements they hold. For a predefined type {@code offset} counts
     * items, for a derived one array elements (as everywhere in this API).
     */
    public int bufferElements(String call, String what, Object buf, int offset, int count) throws MPIException {
        if (map == null) {
            return Math.multiplyExact(count, elementsPerItem);
        }
        return Layout.check(call, what, buf, offset, count, this);
    }

    /** The array element {@code offset} of a buffer names, for a type whose items are consecutive runs of
     *  elements ({@link #isContiguous()}). */
    public int elementOffset(int offset) {
        return map == null ? offset * elementsPerItem : offset;
    }

    /** True when {@code count} items are the consecutive elements from {@link #elementOffset}: a buffer of
     *  such a type is sent and received as it is, with no packing. */
    public boolean isContiguous() {
        return dense && !marker;
    }

    /** Copies the elements of {@code count} items from {@code buf} at element {@code offset} into
     *  {@code packed} from its start, in type-map order. */
    public void pack(Object buf, int offset, int count, Object packed) {
        gather(buf, offset, count, packed, 0);
    }

    /** The inverse of {@link #pack}: the first {@code elements} elements of {@code packed} go to their
     *  places in {@code buf} from element {@code offset} (the last item may be partial). */
    public void unpack(Object packed, int elements, Object buf, int offset) {
        scatter(packed, 0, elements, buf, offset);
    }

    /** True for the bound markers {@link MPI#LB} and {@link MPI#UB}. */
    boolean marker() {
        return marker;
    }

    @Override
    public String toString() {
        return map == null || marker ? "MPI." + name : "Datatype." + name;
    }
}
