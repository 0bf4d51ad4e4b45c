package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * The predefined reduction operations of MPI. Each accepts the element kinds MPI allows for it:
 * arithmetic ({@code SUM PROD MAX MIN}) on the numeric kinds, logical ({@code LAND LOR LXOR}) and
 * bitwise ({@code BAND BOR BXOR}) on booleans and the integral kinds, and {@code MAXLOC MINLOC} on the
 * (value, index) pair types only, where a tie keeps the smaller index.
 */
public enum PredefinedOp implements Reduction {
    SUM(Kind.ARITHMETIC), PROD(Kind.ARITHMETIC), MAX(Kind.ARITHMETIC), MIN(Kind.ARITHMETIC),
    LAND(Kind.LOGICAL), LOR(Kind.LOGICAL), LXOR(Kind.LOGICAL),
    BAND(Kind.BITWISE), BOR(Kind.BITWISE), BXOR(Kind.BITWISE),
    MAXLOC(Kind.LOCATION), MINLOC(Kind.LOCATION);

    /** The families of operations; each family accepts the same element kinds. */
    enum Kind { ARITHMETIC, LOGICAL, BITWISE, LOCATION }

    private final Kind kind;

    PredefinedOp(Kind kind) {
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    /** True when this operation is defined on items of {@code type}. */
    public boolean accepts(Datatype type) {
        if (type == null) {
            return false;
        }
        if (kind == Kind.LOCATION) {
            return type.isPair();
        }
        if (type.isPair()) {
            return false;
        }
        switch (type.base()) {
            case BYTE: case CHAR: case SHORT: case INT: case LONG:
                return true;
            case FLOAT: case DOUBLE:
                return kind == Kind.ARITHMETIC;
            case BOOLEAN:
                return kind != Kind.ARITHMETIC;
            default:
                return false;
        }
    }

    @Override
    public void check(String call, Datatype type) throws MPIException {
        if (!accepts(type)) {
            throw new MPIException(call + ": operation " + this + " is not defined on datatype " + type
                    + " (" + allowed() + ")");
        }
    }

    private String allowed() {
        switch (kind) {
            case ARITHMETIC: return name() + " takes BYTE, CHAR, SHORT, INT, LONG, FLOAT or DOUBLE";
            case LOCATION: return name() + " takes a pair type: SHORT2, INT2, LONG2, FLOAT2 or DOUBLE2";
            default: return name() + " takes BOOLEAN, BYTE, CHAR, SHORT, INT or LONG";
        }
    }

    @Override
    public void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
            throws MPIException {
        check("reduction", type);
        final int per = type.elementsPerItem();
        final int i = inOffset * per;
        final int j = inoutOffset * per;
        switch (kind) {
            case ARITHMETIC: ArithmeticKernels.apply(this, in, i, inout, j, count); break;
            case LOGICAL: LogicalKernels.apply(this, in, i, inout, j, count); break;
            case BITWISE: BitwiseKernels.apply(this, in, i, inout, j, count); break;
            default: LocationKernels.apply(this == MAXLOC, in, i, inout, j, count); break;
        }
    }

    @Override
    public boolean commutative() {
        return true;
    }

    @Override
    public String toString() {
        return "MPI." + name();
    }
}
