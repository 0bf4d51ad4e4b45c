package corpus;

import static corpus.kernelsetup.Strip.rank;

import bamboo.Bamboo;
import corpus.kernelsetup.Split;
import corpus.kernelsetup.Strip;
import mpi.*;

/**
 * A kernel set up the way one-rank-per-JVM benchmarks do it: {@code new Strip(...)} as a statement of
 * its own, whose constructor computes every static of the kernel (sizes from a decomposition, arrays
 * filled in loops, a helper of another class called). A method that only reads those statics decides who
 * owns a column, in an if condition and as the root of a broadcast. Each rank sums its strip, passes its
 * edge to the right in a region, and the totals are checked against a sequential sum.
 */
@Bamboo
public class KernelSetup {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        Strip.warmUp();
        new Strip(size, MPI.COMM_WORLD.Rank(), 40);
        long[] edge = {Strip.cells[Strip.width - 1]};
        long[] left = new long[1];
        for (int step = 0; step < 3; step++) {
            olap: {
                receive: {
                    if (rank > 0) {
                        MPI.COMM_WORLD.Recv(left, 0, 1, MPI.LONG, rank - 1, 7);
                    }
                }
                send: {
                    if (rank < size - 1) {
                        MPI.COMM_WORLD.Send(edge, 0, 1, MPI.LONG, rank + 1, 7);
                    }
                }
                compute: {
                    Strip.add(left[0]);
                    edge[0] = Strip.cells[Strip.width - 1];
                }
            }
        }
        long[] owned = {0};
        if (rank == Strip.owner(0)) {
            owned[0] = Strip.cells[0];
        }
        MPI.COMM_WORLD.Bcast(owned, 0, 1, MPI.LONG, Strip.owner(0));
        long[] sum = {Strip.total()};
        long[] all = new long[1];
        MPI.COMM_WORLD.Reduce(sum, 0, all, 0, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            long[][] c = new long[size][];
            for (int r = 0; r < size; r++) {
                c[r] = new long[Split.size(40, size, r)];
                for (int i = 0; i < c[r].length; i++) {
                    c[r][i] = Strip.value(Split.start(40, size, r) + i);
                }
            }
            for (int step = 0; step < 3; step++) {
                long[] edges = new long[size];
                for (int r = 0; r < size; r++) {
                    edges[r] = c[r][c[r].length - 1];
                }
                for (int r = 1; r < size; r++) {
                    for (int i = 0; i < c[r].length; i++) {
                        c[r][i] += edges[r - 1];
                    }
                }
            }
            long expect = 0;
            for (long[] strip : c) {
                for (long v : strip) {
                    expect += v;
                }
            }
            System.out.println("kernel-setup: first cell " + owned[0] + " "
                    + (all[0] == expect ? "OK" : "FAIL " + all[0] + " != " + expect));
        }
        MPI.Finalize();
    }
}
