package demo;

import bamboo.Bamboo;
import mpi.*;

/**
 * A halo sweep whose loop tail reduces every third iteration: the send block of iteration i+1 is pipelined
 * to the end of iteration i (guard: it + 1 < iters), the request counter reset at the top of the body is
 * set by the pipelined copy, and the tag, which depends on the loop variable, reads it + 1 there.
 */
@Bamboo
public class Sweep {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int iters = 6;
        double[] u = new double[4];
        double[] err = new double[1];
        double[] gErr = new double[1];
        Request[] reqs = new Request[2];
        for (int it = 0; it < iters; it++) {
            int s = 1;
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.DOUBLE, left, it % 2);
                }
                send: {
                    reqs[s++] = MPI.COMM_WORLD.Isend(u, 2, 1, MPI.DOUBLE, right, it % 2);
                }
                compute: {
                    Request.Waitall(reqs);
                    u[1] = (u[0] + u[1] + u[2]) / 3;
                    u[2] = u[1] + rank;
                    err[0] = Math.abs(u[1] - u[0]);
                }
            }
            if (it % 3 == 0) {
                MPI.COMM_WORLD.Allreduce(err, 0, gErr, 0, 1, MPI.DOUBLE, MPI.MAX);
            }
        }
        System.out.println("rank " + rank + " u " + u[1] + " err " + gErr[0]);
        MPI.Finalize();
    }
}
