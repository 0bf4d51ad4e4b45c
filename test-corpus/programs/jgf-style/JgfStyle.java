package corpus;

import bamboo.Bamboo;
import corpus.jgfstyle.RingBench;
import mpi.*;

/**
 * Shaped like the Java Grande Forum MPJ benchmarks: main sits one package above its kernel, the kernel
 * keeps rank, size and its result in mutable statics of its own classes (set from the constructor,
 * read qualified, unqualified, through import static and through this), and a shared table of timers
 * is a static of a utility class. Untranslated every rank has its own copy of each; translated, each task.
 */
@Bamboo
public class JgfStyle {
    public static int nprocess;
    public static int rank;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.Rank();
        nprocess = MPI.COMM_WORLD.Size();
        RingBench bench = new RingBench(nprocess, rank);
        bench.run(1);
        MPI.Finalize();
    }
}
