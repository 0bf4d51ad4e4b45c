package demo;

import bamboo.Bamboo;
import mpi.*;

/** 1-D Jacobi with a halo exchange of one cell on each side. */
@Bamboo
public class Halo {
    static final int N = 8;
    static double[] u = new double[N + 2];

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        double[] v = new double[N + 2];
        for (int i = 1; i <= N; i++) {
            u[i] = rank * N + i;
        }
        for (int iter = 0; iter < 10; iter++) {
            Request[] reqs = new Request[4];
            int n = 0;
            olap: {
                receive: {
                    if (rank > 0) reqs[n++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.DOUBLE, rank - 1, 0);
                    if (rank < size - 1) reqs[n++] = MPI.COMM_WORLD.Irecv(u, N + 1, 1, MPI.DOUBLE, rank + 1, 1);
                }
                send: {
                    if (rank > 0) reqs[n++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.DOUBLE, rank - 1, 1);
                    if (rank < size - 1) reqs[n++] = MPI.COMM_WORLD.Isend(u, N, 1, MPI.DOUBLE, rank + 1, 0);
                }
                compute: {
                    Request.Waitall(java.util.Arrays.copyOf(reqs, n));
                    relax(v);
                }
            }
        }
        double sum = 0;
        for (int i = 1; i <= N; i++) {
            sum += u[i];
        }
        System.out.println("rank " + rank + " sum " + sum);
        MPI.Finalize();
    }

    static void relax(double[] v) {
        for (int i = 1; i <= N; i++) {
            v[i] = (u[i - 1] + u[i + 1]) / 2;
        }
        for (int i = 1; i <= N; i++) {
            u[i] = v[i];
        }
    }
}
