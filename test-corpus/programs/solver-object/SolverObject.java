import bamboo.Bamboo;
import mpi.*;

/**
 * An object-style program: main creates a solver whose constructor asks COMM_WORLD for its rank and size,
 * once as a local and once as the receiver of the call that runs it; a 1-D heat sweep with a halo region
 * in an instance method, checked against a sequential sweep on rank 0.
 */
@Bamboo
public class SolverObject {
    private static final int CELLS = 6;
    private final int rank, size;
    private final double[] heat;
    private double[] next;

    SolverObject() throws MPIException {
        rank = MPI.COMM_WORLD.Rank();
        size = MPI.COMM_WORLD.Size();
        heat = new double[CELLS + 2];
        next = new double[CELLS + 2];
        for (int i = 1; i <= CELLS; i++) {
            heat[i] = initial(rank * CELLS + i - 1);
        }
    }

    static double initial(int g) {
        return (g * 7) % 11;
    }

    double sweep(int steps) throws MPIException {
        int left = rank == 0 ? MPI.PROC_NULL : rank - 1;
        int right = rank == size - 1 ? MPI.PROC_NULL : rank + 1;
        double[] cur = heat;
        for (int s = 0; s < steps; s++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(cur, CELLS, 1, MPI.DOUBLE, right, 1);
                    MPI.COMM_WORLD.Send(cur, 1, 1, MPI.DOUBLE, left, 2);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(cur, 0, 1, MPI.DOUBLE, left, 1);
                    MPI.COMM_WORLD.Recv(cur, CELLS + 1, 1, MPI.DOUBLE, right, 2);
                }
                compute: {
                    for (int i = 1; i <= CELLS; i++) {
                        next[i] = (cur[i - 1] + cur[i] + cur[i + 1]) / 3;
                    }
                    double[] t = cur;
                    cur = next;
                    next = t;
                }
            }
        }
        double[] all = new double[CELLS * size];
        MPI.COMM_WORLD.Gather(cur, 1, CELLS, MPI.DOUBLE, all, 0, CELLS, MPI.DOUBLE, 0);
        if (rank != 0) {
            return 0;
        }
        double[] seq = new double[CELLS * size + 2], nxt = new double[CELLS * size + 2];
        for (int g = 0; g < CELLS * size; g++) {
            seq[g + 1] = initial(g);
        }
        for (int s = 0; s < steps; s++) {
            for (int g = 1; g <= CELLS * size; g++) {
                nxt[g] = (seq[g - 1] + seq[g] + seq[g + 1]) / 3;
            }
            double[] t = seq;
            seq = nxt;
            nxt = t;
        }
        double worst = 0;
        for (int g = 0; g < CELLS * size; g++) {
            worst = Math.max(worst, Math.abs(all[g] - seq[g + 1]));
        }
        return worst;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        SolverObject solver = new SolverObject();
        double first = solver.sweep(5);
        double second = new SolverObject().sweep(3);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("solver-object: " + (first < 1e-12 && second < 1e-12 ? "OK" : "FAIL " + first + " " + second));
        }
        MPI.Finalize();
    }
}
