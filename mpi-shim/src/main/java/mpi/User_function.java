package mpi;

/**
 * The body of a user-defined reduction operation, as in mpiJava 1.2: {@link #Call} must compute
 * {@code inoutvec[i] = invec[i] op inoutvec[i]} for {@code count} items of {@code datatype}, where
 * {@code invec} holds the contribution of the lower-ranked processes. Offsets and the count are in items
 * of the datatype (for a pair type one item is two array elements), like every offset in this API.
 */
public abstract class User_function {

    public User_function() {
    }

    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                              Datatype datatype) throws MPIException;
}
