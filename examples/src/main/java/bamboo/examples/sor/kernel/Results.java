package bamboo.examples.sor.kernel;

import static bamboo.examples.sor.kernel.SorBench.G;
import static bamboo.examples.sor.kernel.SorBench.n;
import static bamboo.examples.sor.kernel.SorBench.nprocess;
import static bamboo.examples.sor.kernel.SorBench.pRow;
import static bamboo.examples.sor.kernel.SorBench.rank;

import bamboo.examples.common.Decomp;
import mpi.MPI;
import mpi.MPIException;

/** Gathers the distributed grid on rank 0, row by row, for the check there. */
public final class Results {
    /** Tag of the rows sent to rank 0. */
    private static final int ROWS = 10;

    private Results() {
    }

    /** The whole grid on rank 0 (every rank sends its owned rows there), null on the others. */
    public static double[][] gather() throws MPIException {
        if (rank != 0) {
            for (int i = 1; i <= pRow; i++) {
                MPI.COMM_WORLD.Send(G[i], 0, n, MPI.DOUBLE, 0, ROWS);
            }
            return null;
        }
        double[][] all = new double[n][];
        for (int i = 0; i < pRow; i++) {
            all[i] = G[i + 1].clone();
        }
        for (int src = 1; src < nprocess; src++) {
            int first = Decomp.start(n, nprocess, src);
            for (int i = 0; i < Decomp.size(n, nprocess, src); i++) {
                all[first + i] = new double[n];
                MPI.COMM_WORLD.Recv(all[first + i], 0, n, MPI.DOUBLE, src, ROWS);
            }
        }
        return all;
    }
}
