package bamboo.translator.collectives;

import bamboo.Bamboo;
import mpi.MPI;
import mpi.MPIException;

/**
 * The collectives the translator inlines, written as plain annotated Bamboo code on point-to-point
 * messages ("plug and translate"). A call {@code MPI.COMM_WORLD.Xxx(args)} in a program becomes a block
 * that binds each parameter below to its argument, then runs the method's body; its regions become
 * evaluation points of the task, so a collective overlaps with the work of other tasks.
 *
 * <p>The reductions mirror the mpi-shim's algorithms operation for operation (binomial reduce, recursive
 * doubling allreduce), so a translated program computes bitwise the same results as the untranslated
 * one. The data movements (gather, scatter, allgather, alltoall) are one region each: every task posts
 * all its sends, then waits for all its receives.
 *
 * <p>Each collective has its own reserved tag at the top of the tag range; programs that use collectives
 * must keep their own tags below {@code 2147483000}.
 */
@Bamboo
final class Collectives {
    static final int TAG_BARRIER = 2147483001;
    static final int TAG_BCAST = 2147483002;
    static final int TAG_REDUCE = 2147483003;
    static final int TAG_REDUCE_FORWARD = 2147483004;
    static final int TAG_ALLREDUCE = 2147483005;
    static final int TAG_GATHER = 2147483006;
    static final int TAG_SCATTER = 2147483007;
    static final int TAG_ALLGATHER = 2147483008;
    static final int TAG_ALLTOALL = 2147483009;

    private Collectives() {
    }

    /** Dissemination barrier: in round k every task signals rank + k and waits for rank - k. */
    static void Barrier() throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        byte[] token = new byte[1];
        for (int k = 1; k < size; k <<= 1) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.BYTE, (rank + k) % size, TAG_BARRIER);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.BYTE, Math.floorMod(rank - k, size), TAG_BARRIER);
                }
            }
        }
    }

    /** Binomial-tree broadcast, biggest subtree first (as the shim). */
    static void Bcast(Object buf, int offset, int count, mpi.Datatype datatype, int root) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int v = Math.floorMod(rank - root, size);
        if (v != 0) {
            MPI.COMM_WORLD.Recv(buf, offset, count, datatype, (v - Integer.lowestOneBit(v) + root) % size, TAG_BCAST);
        }
        int top = v != 0 ? Integer.lowestOneBit(v) : size <= 1 ? 1 : Integer.highestOneBit(size - 1) << 1;
        for (int m = top >> 1; m >= 1; m >>= 1) {
            if (v + m < size) {
                MPI.COMM_WORLD.Send(buf, offset, count, datatype, (v + m + root) % size, TAG_BCAST);
            }
        }
    }

    /** Binomial-tree reduce combining (lower op higher), exactly as the shim. */
    static void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       mpi.Datatype datatype, mpi.Op op, int root) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int per = datatype.elementsPerItem();
        int treeRoot = op.Is_commute() ? root : 0;
        int v = Math.floorMod(rank - treeRoot, size);
        Object acc = sendbuf;
        int accOffset = sendoffset;
        Object spare = null;
        for (int m = 1; m < size; m <<= 1) {
            if ((v & m) != 0) {
                MPI.COMM_WORLD.Send(acc, accOffset, count, datatype, (v - m + treeRoot) % size, TAG_REDUCE);
                break;
            }
            if (v + m < size) {
                Object child = spare != null ? spare
                        : java.lang.reflect.Array.newInstance(sendbuf.getClass().getComponentType(), count * per);
                MPI.COMM_WORLD.Recv(child, 0, count, datatype, (v + m + treeRoot) % size, TAG_REDUCE);
                op.Call(acc, accOffset, child, 0, count, datatype);
                spare = acc == sendbuf ? null : acc;
                acc = child;
                accOffset = 0;
            }
        }
        if (treeRoot == root) {
            if (rank == root) {
                System.arraycopy(acc, accOffset * per, recvbuf, recvoffset * per, count * per);
            }
        } else if (rank == treeRoot) {
            MPI.COMM_WORLD.Send(acc, accOffset, count, datatype, root, TAG_REDUCE_FORWARD);
        } else if (rank == root) {
            MPI.COMM_WORLD.Recv(recvbuf, recvoffset, count, datatype, treeRoot, TAG_REDUCE_FORWARD);
        }
    }

    /** Recursive doubling with the fold for non-powers of two, exactly as the shim (bitwise equal results). */
    static void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          mpi.Datatype datatype, mpi.Op op) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int per = datatype.elementsPerItem();
        if (sendbuf != recvbuf || sendoffset != recvoffset) {
            System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);
        }
        if (size > 1) {
            int p = Integer.highestOneBit(size);
            int rem = size - p;
            Object tmp = java.lang.reflect.Array.newInstance(recvbuf.getClass().getComponentType(), count * per);
            int v;
            if (rank >= 2 * rem) {
                v = rank - rem;
            } else if (rank % 2 == 0) {
                MPI.COMM_WORLD.Send(recvbuf, recvoffset, count, datatype, rank + 1, TAG_ALLREDUCE);
                v = -1;
            } else {
                MPI.COMM_WORLD.Recv(tmp, 0, count, datatype, rank - 1, TAG_ALLREDUCE);
                op.Call(tmp, 0, recvbuf, recvoffset, count, datatype);
                v = rank / 2;
            }
            if (v >= 0) {
                for (int m = 1; m < p; m <<= 1) {
                    int pv = v ^ m;
                    int partner = pv < rem ? 2 * pv + 1 : pv + rem;
                    MPI.COMM_WORLD.Sendrecv(recvbuf, recvoffset, count, datatype, partner, TAG_ALLREDUCE,
                            tmp, 0, count, datatype, partner, TAG_ALLREDUCE);
                    if (pv < v || op.Is_commute()) {
                        op.Call(tmp, 0, recvbuf, recvoffset, count, datatype);
                    } else {
                        op.Call(recvbuf, recvoffset, tmp, 0, count, datatype);
                        System.arraycopy(tmp, 0, recvbuf, recvoffset * per, count * per);
                    }
                }
            }
            if (rank < 2 * rem) {
                if (rank % 2 == 0) {
                    MPI.COMM_WORLD.Recv(recvbuf, recvoffset, count, datatype, rank + 1, TAG_ALLREDUCE);
                } else {
                    MPI.COMM_WORLD.Send(recvbuf, recvoffset, count, datatype, rank - 1, TAG_ALLREDUCE);
                }
            }
        }
    }

    /** Every task sends its block to the root, which waits for all of them in one region. */
    static void Gather(Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                       int recvoffset, int recvcount, mpi.Datatype recvtype, int root) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        olap: {
            send: {
                if (rank != root) {
                    MPI.COMM_WORLD.Send(sendbuf, sendoffset, sendcount, sendtype, root, TAG_GATHER);
                }
            }
            receive: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            MPI.COMM_WORLD.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_GATHER);
                        }
                    }
                }
            }
            compute: {
                if (rank == root) {
                    int per = sendtype.elementsPerItem();
                    System.arraycopy(sendbuf, sendoffset * per, recvbuf, (recvoffset + root * recvcount) * per, sendcount * per);
                }
            }
        }
    }

    /** The root sends every task its block; each waits for its own. */
    static void Scatter(Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                        int recvoffset, int recvcount, mpi.Datatype recvtype, int root) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        olap: {
            send: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            MPI.COMM_WORLD.Send(sendbuf, sendoffset + j * sendcount, sendcount, sendtype, j, TAG_SCATTER);
                        }
                    }
                }
            }
            receive: {
                if (rank != root) {
                    MPI.COMM_WORLD.Recv(recvbuf, recvoffset, recvcount, recvtype, root, TAG_SCATTER);
                }
            }
            compute: {
                if (rank == root) {
                    int per = sendtype.elementsPerItem();
                    System.arraycopy(sendbuf, (sendoffset + root * sendcount) * per, recvbuf, recvoffset * per, recvcount * per);
                }
            }
        }
    }

    /** Every task sends its block to every other and waits for all of theirs, in one region. */
    static void Allgather(Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                          int recvoffset, int recvcount, mpi.Datatype recvtype) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        MPI.COMM_WORLD.Send(sendbuf, sendoffset, sendcount, sendtype, j, TAG_ALLGATHER);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        MPI.COMM_WORLD.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_ALLGATHER);
                    }
                }
            }
            compute: {
                int per = sendtype.elementsPerItem();
                System.arraycopy(sendbuf, sendoffset * per, recvbuf, (recvoffset + rank * recvcount) * per, sendcount * per);
            }
        }
    }

    /** Block j of every task goes to task j: all sends, then all receives, in one region. */
    static void Alltoall(Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                         int recvoffset, int recvcount, mpi.Datatype recvtype) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        MPI.COMM_WORLD.Send(sendbuf, sendoffset + j * sendcount, sendcount, sendtype, j, TAG_ALLTOALL);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        MPI.COMM_WORLD.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_ALLTOALL);
                    }
                }
            }
            compute: {
                int per = sendtype.elementsPerItem();
                System.arraycopy(sendbuf, (sendoffset + rank * sendcount) * per, recvbuf,
                        (recvoffset + rank * recvcount) * per, sendcount * per);
            }
        }
    }
}
