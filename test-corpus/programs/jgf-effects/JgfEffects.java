package corpus;

import bamboo.Bamboo;
import corpus.jgfeffects.Md;
import mpi.*;

/**
 * Idioms of the Java Grande MolDyn and MonteCarlo benchmarks: a kernel object sums a method of each
 * particle into one of its fields while that method counts in a static of the kernel's class, and the
 * kernel's constructor reads a static nothing assigns beside statics the run does assign.
 */
@Bamboo
public class JgfEffects {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Md md = new Md(rank);
        md.run(size, 5);
        long[] mine = {md.total()};
        long[] all = new long[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, all, 0, 1, MPI.LONG, MPI.SUM);
        if (rank == 0) {
            long expected = Md.reference(size, 5);
            System.out.println("jgf-effects " + (all[0] == expected && md.shown().equals("md> ") ? "OK"
                    : "FAIL total " + all[0] + " expected " + expected + " prompt '" + md.shown() + "'"));
        }
        MPI.Finalize();
    }
}
