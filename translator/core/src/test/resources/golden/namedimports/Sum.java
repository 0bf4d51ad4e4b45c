package demo;

import bamboo.Bamboo;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Regression (collectives inlined into a program that imports mpi.MPI by name, not mpi.*): the inlined
 * library's Intracomm locals, lifted into task fields, must become the translated communicator type.
 */
@Bamboo
public class Sum {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] mine = {rank + 1};
        long[] total = new long[1];
        long[] in = new long[1];
        Request[] reqs = new Request[2];
        for (int step = 0; step < 3; step++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.LONG, (rank + size - 1) % size, step);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(mine, 0, 1, MPI.LONG, (rank + 1) % size, step);
                }
                compute: {
                    Request.Waitall(reqs);
                    mine[0] = mine[0] * 3 + in[0];
                }
            }
            MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.LONG, MPI.SUM);
        }
        System.out.println("rank " + rank + " total " + total[0]);
        MPI.Finalize();
    }
}
