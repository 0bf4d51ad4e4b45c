package mpi;

/**
 * The body of a user-defined reduction (mpiJava 1.2): {@link #Call} computes
 * {@code inoutvec[i] = invec[i] op inoutvec[i]} for {@code count} items of {@code datatype}; offsets and the
 * count are in items (two array elements for a pair type).
 */
public abstract class User_function {

    public User_function() {
    }

    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
                              Datatype datatype) throws MPIException;
}
