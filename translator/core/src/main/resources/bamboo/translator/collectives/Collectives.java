package bamboo.translator.collectives;

import bamboo.Bamboo;
import mpi.Cartcomm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The collectives the translator inlines, written as plain annotated Bamboo code on point-to-point
 * messages ("plug and translate"). A call {@code comm.Xxx(args)} in a program becomes a block that binds
 * the first parameter ({@code comm}) to the communicator the call is made on and each other parameter to
 * its argument, then runs the method's body; its regions become evaluation points of the task, so a
 * collective overlaps with the work of other tasks. A method that returns a value (Split, Dup, Create)
 * ends with its only {@code return}, which becomes an assignment to the variable the call initialises.
 *
 * <p>The point-to-point calls of these bodies travel in the communicator's collective context (the
 * translator encodes the tags below with {@code collectiveTag}), so they never match a user's message:
 * programs may use every tag. Tags here must lie in 0..65535.
 *
 * <p>The reductions mirror the mpi-shim's algorithms operation for operation (binomial reduce, recursive
 * doubling allreduce, Hillis-Steele scan, reduce-scatter as allreduce), so a translated program computes
 * bitwise the same results as the untranslated one. The data movements (gather, scatter, allgather,
 * alltoall and their v-variants) are one region each: every task posts all its sends, then waits for all
 * its receives.
 *
 * <p>Communicator creation uses a few methods that exist only on translated communicators
 * ({@code bamboo.runtime.comm.TaskComm}): {@code contextCandidate()}, {@code contextAgreed(int)},
 * {@code derive(int[] ranks, int context)} and {@code create(Group, int context)}.
 */
@Bamboo
final class Collectives {
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_REDUCE_FORWARD = 4;
    static final int TAG_ALLREDUCE = 5;
    static final int TAG_GATHER = 6;
    static final int TAG_SCATTER = 7;
    static final int TAG_ALLGATHER = 8;
    static final int TAG_ALLTOALL = 9;
    static final int TAG_GATHERV = 10;
    static final int TAG_SCATTERV = 11;
    static final int TAG_ALLGATHERV = 12;
    static final int TAG_ALLTOALLV = 13;
    static final int TAG_SCAN = 14;

    private Collectives() {
    }

    /** Dissemination barrier: in round k every task signals rank + k and waits for rank - k. */
    static void Barrier(Intracomm comm) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        byte[] token = new byte[1];
        for (int k = 1; k < size; k <<= 1) {
            olap: {
                send: {
                    comm.Send(token, 0, 1, MPI.BYTE, (rank + k) % size, TAG_BARRIER);
                }
                receive: {
                    comm.Recv(token, 0, 1, MPI.BYTE, Math.floorMod(rank - k, size), TAG_BARRIER);
                }
            }
        }
    }

    /** Binomial-tree broadcast, biggest subtree first (as the shim). */
    static void Bcast(Intracomm comm, Object buf, int offset, int count, mpi.Datatype datatype, int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int v = Math.floorMod(rank - root, size);
        if (v != 0) {
            comm.Recv(buf, offset, count, datatype, (v - Integer.lowestOneBit(v) + root) % size, TAG_BCAST);
        }
        int top = v != 0 ? Integer.lowestOneBit(v) : size <= 1 ? 1 : Integer.highestOneBit(size - 1) << 1;
        for (int m = top >> 1; m >= 1; m >>= 1) {
            if (v + m < size) {
                comm.Send(buf, offset, count, datatype, (v + m + root) % size, TAG_BCAST);
            }
        }
    }

    /** Binomial-tree reduce combining (lower op higher), exactly as the shim. */
    static void Reduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                       mpi.Datatype datatype, mpi.Op op, int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int per = datatype.elementsPerItem();
        int treeRoot = op.Is_commute() ? root : 0;
        int v = Math.floorMod(rank - treeRoot, size);
        Object acc = sendbuf;
        int accOffset = sendoffset;
        Object spare = null;
        for (int m = 1; m < size; m <<= 1) {
            if ((v & m) != 0) {
                comm.Send(acc, accOffset, count, datatype, (v - m + treeRoot) % size, TAG_REDUCE);
                break;
            }
            if (v + m < size) {
                Object child = spare != null ? spare
                        : bamboo.runtime.comm.TaskComm.newBufferLike(sendbuf, count * per);
                comm.Recv(child, 0, count, datatype, (v + m + treeRoot) % size, TAG_REDUCE);
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
            comm.Send(acc, accOffset, count, datatype, root, TAG_REDUCE_FORWARD);
        } else if (rank == root) {
            comm.Recv(recvbuf, recvoffset, count, datatype, treeRoot, TAG_REDUCE_FORWARD);
        }
    }

    /** Recursive doubling with the fold for non-powers of two, exactly as the shim (bitwise equal results). */
    static void Allreduce(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                          mpi.Datatype datatype, mpi.Op op) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int per = datatype.elementsPerItem();
        if (sendbuf != recvbuf || sendoffset != recvoffset) {
            System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);
        }
        if (size > 1) {
            int p = Integer.highestOneBit(size);
            int rem = size - p;
            Object tmp = bamboo.runtime.comm.TaskComm.newBufferLike(recvbuf, count * per);
            int v;
            if (rank >= 2 * rem) {
                v = rank - rem;
            } else if (rank % 2 == 0) {
                comm.Send(recvbuf, recvoffset, count, datatype, rank + 1, TAG_ALLREDUCE);
                v = -1;
            } else {
                comm.Recv(tmp, 0, count, datatype, rank - 1, TAG_ALLREDUCE);
                op.Call(tmp, 0, recvbuf, recvoffset, count, datatype);
                v = rank / 2;
            }
            if (v >= 0) {
                for (int m = 1; m < p; m <<= 1) {
                    int pv = v ^ m;
                    int partner = pv < rem ? 2 * pv + 1 : pv + rem;
                    comm.Sendrecv(recvbuf, recvoffset, count, datatype, partner, TAG_ALLREDUCE,
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
                    comm.Recv(recvbuf, recvoffset, count, datatype, rank + 1, TAG_ALLREDUCE);
                } else {
                    comm.Send(recvbuf, recvoffset, count, datatype, rank - 1, TAG_ALLREDUCE);
                }
            }
        }
    }

    /** Every task sends its block to the root, which waits for all of them in one region. */
    static void Gather(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                       int recvoffset, int recvcount, mpi.Datatype recvtype, int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                if (rank != root) {
                    comm.Send(sendbuf, sendoffset, sendcount, sendtype, root, TAG_GATHER);
                }
            }
            receive: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            comm.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_GATHER);
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
    static void Scatter(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                        int recvoffset, int recvcount, mpi.Datatype recvtype, int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            comm.Send(sendbuf, sendoffset + j * sendcount, sendcount, sendtype, j, TAG_SCATTER);
                        }
                    }
                }
            }
            receive: {
                if (rank != root) {
                    comm.Recv(recvbuf, recvoffset, recvcount, recvtype, root, TAG_SCATTER);
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
    static void Allgather(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                          int recvoffset, int recvcount, mpi.Datatype recvtype) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Send(sendbuf, sendoffset, sendcount, sendtype, j, TAG_ALLGATHER);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_ALLGATHER);
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
    static void Alltoall(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype, Object recvbuf,
                         int recvoffset, int recvcount, mpi.Datatype recvtype) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Send(sendbuf, sendoffset + j * sendcount, sendcount, sendtype, j, TAG_ALLTOALL);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Recv(recvbuf, recvoffset + j * recvcount, recvcount, recvtype, j, TAG_ALLTOALL);
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

    /** Like Gather, with a count and a displacement (in items) per task at the root. */
    static void Gatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, mpi.Datatype recvtype,
                        int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                if (rank != root) {
                    comm.Send(sendbuf, sendoffset, sendcount, sendtype, root, TAG_GATHERV);
                }
            }
            receive: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            comm.Recv(recvbuf, recvoffset + displs[j], recvcount[j], recvtype, j, TAG_GATHERV);
                        }
                    }
                }
            }
            compute: {
                if (rank == root) {
                    int per = sendtype.elementsPerItem();
                    System.arraycopy(sendbuf, sendoffset * per, recvbuf, (recvoffset + displs[root]) * per,
                            sendcount * per);
                }
            }
        }
    }

    /** Like Scatter, with a count and a displacement (in items) per task at the root. */
    static void Scatterv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                         mpi.Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, mpi.Datatype recvtype,
                         int root) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                if (rank == root) {
                    for (int j = 0; j < size; j++) {
                        if (j != root) {
                            comm.Send(sendbuf, sendoffset + displs[j], sendcount[j], sendtype, j, TAG_SCATTERV);
                        }
                    }
                }
            }
            receive: {
                if (rank != root) {
                    comm.Recv(recvbuf, recvoffset, recvcount, recvtype, root, TAG_SCATTERV);
                }
            }
            compute: {
                if (rank == root) {
                    int per = sendtype.elementsPerItem();
                    System.arraycopy(sendbuf, (sendoffset + displs[root]) * per, recvbuf, recvoffset * per,
                            sendcount[root] * per);
                }
            }
        }
    }

    /** Every task sends its block to every other, which places it by the receive counts and displacements. */
    static void Allgatherv(Intracomm comm, Object sendbuf, int sendoffset, int sendcount, mpi.Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, mpi.Datatype recvtype)
            throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Send(sendbuf, sendoffset, sendcount, sendtype, j, TAG_ALLGATHERV);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Recv(recvbuf, recvoffset + displs[j], recvcount[j], recvtype, j, TAG_ALLGATHERV);
                    }
                }
            }
            compute: {
                int per = sendtype.elementsPerItem();
                System.arraycopy(sendbuf, sendoffset * per, recvbuf, (recvoffset + displs[rank]) * per, sendcount * per);
            }
        }
    }

    /** Block j (count and displacement per peer) of every task goes to task j, in one region. */
    static void Alltoallv(Intracomm comm, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                          mpi.Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                          mpi.Datatype recvtype) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        olap: {
            send: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Send(sendbuf, sendoffset + sdispls[j], sendcount[j], sendtype, j, TAG_ALLTOALLV);
                    }
                }
            }
            receive: {
                for (int j = 0; j < size; j++) {
                    if (j != rank) {
                        comm.Recv(recvbuf, recvoffset + rdispls[j], recvcount[j], recvtype, j, TAG_ALLTOALLV);
                    }
                }
            }
            compute: {
                int per = sendtype.elementsPerItem();
                System.arraycopy(sendbuf, (sendoffset + sdispls[rank]) * per, recvbuf, (recvoffset + rdispls[rank]) * per,
                        sendcount[rank] * per);
            }
        }
    }

    /** Inclusive prefix reduction by recursive doubling (Hillis-Steele), exactly as the shim. */
    static void Scan(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                     mpi.Datatype datatype, mpi.Op op) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int per = datatype.elementsPerItem();
        if (sendbuf != recvbuf || sendoffset != recvoffset) {
            System.arraycopy(sendbuf, sendoffset * per, recvbuf, recvoffset * per, count * per);
        }
        Object tmp = bamboo.runtime.comm.TaskComm.newBufferLike(recvbuf, count * per);
        for (int k = 1; k < size; k <<= 1) {
            if (rank + k < size && rank - k >= 0) {
                comm.Sendrecv(recvbuf, recvoffset, count, datatype, rank + k, TAG_SCAN,
                        tmp, 0, count, datatype, rank - k, TAG_SCAN);
            } else if (rank + k < size) {
                comm.Send(recvbuf, recvoffset, count, datatype, rank + k, TAG_SCAN);
            } else if (rank - k >= 0) {
                comm.Recv(tmp, 0, count, datatype, rank - k, TAG_SCAN);
            }
            if (rank - k >= 0) {
                op.Call(tmp, 0, recvbuf, recvoffset, count, datatype);
            }
        }
    }

    /** Allreduce of the whole vector, then this task's segment: the shim's algorithm (same bits). */
    static void Reduce_scatter(Intracomm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                               int[] recvcounts, mpi.Datatype datatype, mpi.Op op) throws MPIException {
        int rank = comm.Rank();
        int size = comm.Size();
        int per = datatype.elementsPerItem();
        int total = 0;
        int mine = 0;
        for (int i = 0; i < size; i++) {
            if (i == rank) {
                mine = total;
            }
            total += recvcounts[i];
        }
        Object all = bamboo.runtime.comm.TaskComm.newBufferLike(sendbuf, total * per);
        comm.Allreduce(sendbuf, sendoffset, all, 0, total, datatype, op);
        System.arraycopy(all, mine * per, recvbuf, recvoffset * per, recvcounts[rank] * per);
    }

    /**
     * Split: one Allgather of (colour, key, context candidate) over the parent; the members of a colour,
     * ordered by key, then by parent rank, form the new communicator; the largest candidate is its
     * context. {@code MPI.UNDEFINED} gives null.
     */
    static Intracomm Split(Intracomm comm, int colour, int key) throws MPIException {
        if (colour < 0 && colour != MPI.UNDEFINED) {
            throw new MPIException("Intracomm.Split: colour " + colour + " must be >= 0 or MPI.UNDEFINED");
        }
        int size = comm.Size();
        int[] mine = {colour, key, comm.contextCandidate()};
        int[] all = new int[3 * size];
        comm.Allgather(mine, 0, 3, MPI.INT, all, 0, 3, MPI.INT);
        int context = 0;
        for (int i = 0; i < size; i++) {
            context = Math.max(context, all[3 * i + 2]);
        }
        comm.contextAgreed(context);
        Intracomm result = null;
        if (colour != MPI.UNDEFINED) {
            int n = 0;
            for (int i = 0; i < size; i++) {
                if (all[3 * i] == colour) {
                    n++;
                }
            }
            int[] members = new int[n];
            n = 0;
            for (int i = 0; i < size; i++) {
                if (all[3 * i] == colour) {
                    members[n++] = i;
                }
            }
            // Insertion sort by key: stable, so equal keys keep the parent's rank order.
            for (int i = 1; i < n; i++) {
                int m = members[i];
                int j = i - 1;
                while (j >= 0 && all[3 * members[j] + 1] > all[3 * m + 1]) {
                    members[j + 1] = members[j];
                    j--;
                }
                members[j + 1] = m;
            }
            result = comm.derive(members, context);
        }
        return result;
    }

    /** Dup: the same group with a new context, agreed by an Allreduce(MAX) of the candidates. */
    static Intracomm Dup(Intracomm comm) throws MPIException {
        int[] context = {comm.contextCandidate()};
        comm.Allreduce(context, 0, context, 0, 1, MPI.INT, MPI.MAX);
        comm.contextAgreed(context[0]);
        int size = comm.Size();
        int[] members = new int[size];
        for (int i = 0; i < size; i++) {
            members[i] = i;
        }
        return comm.derive(members, context[0]);
    }

    /** Create: a communicator over a subset of the group (null outside it), context as for Dup. */
    static Intracomm Create(Intracomm comm, Group group) throws MPIException {
        int[] context = {comm.contextCandidate()};
        comm.Allreduce(context, 0, context, 0, 1, MPI.INT, MPI.MAX);
        comm.contextAgreed(context[0]);
        return comm.create(group, context[0]);
    }

    /** mpiJava 1.2's spelling of Create. */
    static Intracomm Creat(Intracomm comm, Group group) throws MPIException {
        int[] context = {comm.contextCandidate()};
        comm.Allreduce(context, 0, context, 0, 1, MPI.INT, MPI.MAX);
        comm.contextAgreed(context[0]);
        return comm.create(group, context[0]);
    }

    /**
     * Create_cart: the grid over the first places ranks, in their order (as the mpi-shim, which never
     * reorders), context as for Dup; null for the ranks beyond the grid.
     */
    static Cartcomm Create_cart(Intracomm comm, int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        int[] context = {comm.contextCandidate()};
        comm.Allreduce(context, 0, context, 0, 1, MPI.INT, MPI.MAX);
        comm.contextAgreed(context[0]);
        return comm.cart(dims, periods, context[0]);
    }

    /** Sub: one sub-grid per slice of the dropped dimensions, made by a Split on the slice's colour. */
    static Cartcomm Sub(Cartcomm comm, boolean[] remain_dims) throws MPIException {
        Intracomm slice = comm.Split(comm.subColour(remain_dims), comm.subKey(remain_dims));
        return comm.sub(slice, remain_dims);
    }
}
