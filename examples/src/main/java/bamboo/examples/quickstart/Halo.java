package bamboo.examples.quickstart;

import bamboo.Bamboo;
import mpi.MPI;
import mpi.Request;

/**
 * The quick start's program: heat spreading along a rod, split between the ranks. Each step every rank
 * sends its two edge cells to its neighbours, receives theirs into its ghost cells, and updates its
 * cells from their neighbours. The exchange and the update are marked as an olap region, so the
 * translated program overlaps one task's update with the others' messages; untranslated it runs as
 * any MPI program.
 *
 * <p>Arguments: cells per rank (default 100000) and steps (default 200). Prints the total heat, the same
 * however the rod is split, and how long rank 0's steps took.
 */
@Bamboo
public class Halo {
    public static void main(String[] args) throws Exception {
        String[] argv = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int cells = argv.length > 0 ? Integer.parseInt(argv[0]) : 100_000;
        int steps = argv.length > 1 ? Integer.parseInt(argv[1]) : 200;

        // cells 1..cells are this rank's; 0 and cells+1 are the ghosts: copies of the neighbours' edges
        double[] u = new double[cells + 2];
        double[] next = new double[cells + 2];
        if (rank == 0) {
            u[1] = 1000.0; // the rod's left end starts hot
        }
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        double[] fromLeft = new double[1];
        double[] fromRight = new double[1];
        double[] toLeft = new double[1];
        double[] toRight = new double[1];
        // one slot per neighbour, fixed: no counter the blocks share, so the sends can move ahead
        Request[] recvs = new Request[2];
        Request[] sends = new Request[2];

        double start = MPI.Wtime();
        for (int step = 0; step < steps; step++) {
            olap: {
                receive: {
                    if (left >= 0) {
                        recvs[0] = MPI.COMM_WORLD.Irecv(fromLeft, 0, 1, MPI.DOUBLE, left, 1);
                    }
                    if (right >= 0) {
                        recvs[1] = MPI.COMM_WORLD.Irecv(fromRight, 0, 1, MPI.DOUBLE, right, 0);
                    }
                }
                send: {
                    if (left >= 0) {
                        toLeft[0] = u[1];
                        sends[0] = MPI.COMM_WORLD.Isend(toLeft, 0, 1, MPI.DOUBLE, left, 0);
                    }
                    if (right >= 0) {
                        toRight[0] = u[cells];
                        sends[1] = MPI.COMM_WORLD.Isend(toRight, 0, 1, MPI.DOUBLE, right, 1);
                    }
                }
                compute: {
                    if (left >= 0) {
                        recvs[0].Wait();
                        sends[0].Wait();
                    }
                    if (right >= 0) {
                        recvs[1].Wait();
                        sends[1].Wait();
                    }
                    u[0] = left >= 0 ? fromLeft[0] : u[1];
                    u[cells + 1] = right >= 0 ? fromRight[0] : u[cells];
                    for (int i = 1; i <= cells; i++) {
                        next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
                    }
                    double[] t = u;
                    u = next;
                    next = t;
                }
            }
        }

        double seconds = MPI.Wtime() - start;
        double[] heat = {0};
        for (int i = 1; i <= cells; i++) {
            heat[0] += u[i];
        }
        double[] total = new double[1];
        MPI.COMM_WORLD.Reduce(heat, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.printf("%d ranks, %d steps: total heat %.6f (the steps took %.2f s)%n", size, steps, total[0],
                    seconds);
        }
        MPI.Finalize();
    }
}
