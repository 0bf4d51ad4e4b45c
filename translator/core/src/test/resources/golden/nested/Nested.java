package app.stencil;

import bamboo.Bamboo;
import mpi.*;

/** A region on a loop whose compute block holds a nested region (two exchanges per iteration). */
@Bamboo
public class Nested {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        double[] a = {rank, 0};
        double[] b = {10 * rank, 0};
        olapOuter: for (int step = 0; step < 3; step++) {
            send: {
                MPI.COMM_WORLD.Send(a, 0, 1, MPI.DOUBLE, right, 0);
            }
            receive: {
                MPI.COMM_WORLD.Recv(a, 1, 1, MPI.DOUBLE, left, 0);
            }
            compute: {
                a[0] = (a[0] + a[1]) / 2;
                olapInner: {
                    sendInner: {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.DOUBLE, left, 1);
                    }
                    receiveInner: {
                        MPI.COMM_WORLD.Recv(b, 1, 1, MPI.DOUBLE, right, 1);
                    }
                    computeInner: {
                        b[0] = b[0] + b[1] - a[0];
                    }
                }
            }
        }
        System.out.printf("rank %d a %.4f b %.4f%n", rank, a[0], b[0]);
        MPI.Finalize();
    }
}
