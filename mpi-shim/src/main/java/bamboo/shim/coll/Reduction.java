package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPIException;

/**
 * A reduction operation as the collective algorithms see it: {@code inout[i] = in[i] op inout[i]}, where
 * {@code in} always holds the contribution of the lower-ranked processes. The algorithms rely on that
 * operand order, so one implementation serves commutative and non-commutative operations alike.
 */
public interface Reduction {

    /** Throws when this operation cannot combine items of {@code type}; {@code call} names the MPI call. */
    void check(String call, Datatype type) throws MPIException;

    /**
     * Combines {@code count} items of {@code type}: {@code inout[inoutOffset + i] = in[inOffset + i] op
     * inout[inoutOffset + i]}. Offsets and count are in items of {@code type}, as everywhere in the API.
     */
    void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
            throws MPIException;

    /** True when the operation is commutative (the algorithms may then pick any combination order). */
    boolean commutative();
}
