package mpi;

import bamboo.shim.coll.PredefinedOp;
import bamboo.shim.coll.Reduction;

/**
 * A reduction operation: one of the predefined {@link MPI#SUM}, {@link MPI#MAX}, ... or a user-defined
 * one built from a {@link User_function}. A user operation must be associative; when it is not
 * commutative the collectives combine contributions in rank order.
 */
public class Op {

    private final Reduction reduction;
    private boolean freed;

    /** Creates a user-defined operation (MPI_OP_CREATE). */
    public Op(User_function function, boolean commute) throws MPIException {
        if (function == null) {
            throw new MPIException("Op: the user function is null");
        }
        this.reduction = new UserReduction(function, commute);
    }

    Op(PredefinedOp predefined) {
        this.reduction = predefined;
    }

    /** True when the operation is commutative. */
    public boolean Is_commute() throws MPIException {
        return reduction.commutative();
    }

    /** Applies the operation directly: {@code inoutvec = invec op inoutvec}, as MPI_REDUCE_LOCAL does. */
    public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype)
            throws MPIException {
        reduction.check("Op.Call", datatype);
        reduction.combine(invec, inoffset, inoutvec, inoutoffset, count, datatype);
    }

    /** Releases a user-defined operation; predefined operations stay usable (freeing them is a no-op). */
    public void Free() throws MPIException {
        if (reduction instanceof UserReduction) {
            freed = true;
        }
    }

    /** The operation as the collective algorithms use it; fails once the operation has been freed. */
    Reduction reduction(String call) throws MPIException {
        if (freed) {
            throw new MPIException(call + ": the operation has been freed");
        }
        return reduction;
    }

    @Override
    public String toString() {
        return reduction.toString();
    }

    /** Adapts a user function to the algorithms' view of a reduction. */
    private static final class UserReduction implements Reduction {
        private final User_function function;
        private final boolean commute;

        UserReduction(User_function function, boolean commute) {
            this.function = function;
            this.commute = commute;
        }

        @Override
        public void check(String call, Datatype type) throws MPIException {
            // A user function decides for itself which datatypes it accepts.
        }

        @Override
        public void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                throws MPIException {
            try {
                function.Call(in, inOffset, inout, inoutOffset, count, type);
            } catch (MPIException e) {
                throw e; // the function's own MPI error, already one line
            } catch (RuntimeException e) {
                throw new MPIException("user operation " + function.getClass().getName() + " failed on "
                        + type + ": " + e, e);
            }
        }

        @Override
        public boolean commutative() {
            return commute;
        }

        @Override
        public String toString() {
            return "user Op(" + function.getClass().getName() + (commute ? ", commutative)" : ")");
        }
    }
}
