package bamboo.shim.coll;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Neighbourhood exchanges on a Cartesian grid (MPI_NEIGHBOR_ALLGATHER, MPI_NEIGHBOR_ALLTOALL): each rank
 * has 2 neighbours per dimension, in MPI's order (dimension 0 down, dimension 0 up, dimension 1 down...),
 * {@link MPI#PROC_NULL} off the edge of a non-periodic dimension. Block j of the receive buffer comes from
 * neighbour j; for alltoall block j of the send buffer goes to neighbour j. Every receive is posted, then
 * every send started, then all are waited for: one round. A message travelling up dimension d carries the
 * tag of direction 2d+1 and one travelling down that of 2d, so the receiver tells them apart even when
 * both neighbours are the same rank (a periodic dimension of extent 1 or 2).
 */
public final class Neighbors {
    private Neighbors() {
    }

    /**
     * @param neighbours   the 2 * ndims neighbours' ranks in MPI's order (PROC_NULL allowed)
     * @param sendStride   elements between the blocks sent to successive neighbours: 0 for allgather (the
     *                     same block to all), the block size for alltoall
     * @param count        elements per block (array elements of {@code type}, an element type)
     */
    public static void run(Channel ch, int[] neighbours, Object send, int sendOffset, int sendStride,
                           Object recv, int recvOffset, int count, Datatype type) throws MPIException {
        final int k = neighbours.length;
        final Request[] pending = new Request[2 * k];
        for (int j = 0; j < k; j++) {
            // Block j comes from neighbour j, which sent it in the opposite direction (j ^ 1).
            pending[j] = ch.irecv(recv, recvOffset + j * count, count, type, neighbours[j], Tags.NEIGHBOR + (j ^ 1));
        }
        for (int j = 0; j < k; j++) {
            pending[k + j] = ch.isend(send, sendOffset + j * sendStride, count, type, neighbours[j],
                    Tags.NEIGHBOR + j);
        }
        final mpi.Status[] got = Request.Waitall(pending);
        for (int j = 0; j < k; j++) {
            if (neighbours[j] != MPI.PROC_NULL) {
                Received.check("Neighbor exchange", got[j], count, type, neighbours[j]);
            }
        }
    }
}
