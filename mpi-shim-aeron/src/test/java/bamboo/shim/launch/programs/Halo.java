package bamboo.shim.launch.programs;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** A 1-D Jacobi relaxation with ghost-cell exchange between neighbours; prints a checksum. */
public final class Halo {
    private Halo() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int n = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        final int iters = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        final double c = run(MPI.COMM_WORLD.Rank(), MPI.COMM_WORLD.Size(), n, iters);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("halo checksum " + c);
        }
        MPI.Finalize();
    }

    /** Relaxes {@code n} cells per rank for {@code iters} iterations; returns the global sum (same on all). */
    static double run(int rank, int size, int n, int iters) throws MPIException {
        double[] u = new double[n + 2];
        double[] v = new double[n + 2];
        for (int i = 1; i <= n; i++) {
            u[i] = Math.sin(rank * n + i);
        }
        final int west = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        final int east = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;
        final double[] global = new double[1];
        for (int it = 0; it < iters; it++) {
            final Request[] r = {
                MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.DOUBLE, west, 1),
                MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.DOUBLE, east, 2),
                MPI.COMM_WORLD.Isend(u, 1, 1, MPI.DOUBLE, west, 2),
                MPI.COMM_WORLD.Isend(u, n, 1, MPI.DOUBLE, east, 1),
            };
            Request.Waitall(r);
            for (int i = 1; i <= n; i++) {
                v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
            }
            final double[] t = u;
            u = v;
            v = t;
            if (it % 10 == 9) {
                double local = 0;
                for (int i = 1; i <= n; i++) {
                    local += u[i] * (rank * n + i);
                }
                MPI.COMM_WORLD.Allreduce(new double[] {local}, 0, global, 0, 1, MPI.DOUBLE, MPI.SUM);
            }
        }
        return global[0];
    }
}
