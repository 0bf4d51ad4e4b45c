import bamboo.Bamboo;
import mpi.*;

/**
 * A hand-written reduction and broadcast over a binary tree (children 2r+1 and 2r+2). In the upward
 * region an internal node receives its children's partial sums and forwards the combined sum to its
 * parent from inside the receive block; in the downward region it receives the total from its parent
 * and forwards it to its children, again inside the receive block. Every rank checks the total of every
 * iteration against the sequential sum, which does not depend on the number of ranks.
 */
@Bamboo
public class TreeReduce {
    static final int N = 48;
    static final int K = 3;
    static final int ITERS = 5;
    static final int TAG_UP = 30;
    static final int TAG_DOWN = 31;
    static final int TAG_RESULT = 32;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int parent = rank > 0 ? (rank - 1) / 2 : -1;
        int firstChild = 2 * rank + 1;
        int children = Math.max(0, Math.min(2, size - firstChild));
        int lo = (int) ((long) rank * N / size);
        int hi = (int) ((long) (rank + 1) * N / size);
        long[] partial = new long[K];
        long[] in = new long[K];
        long[] total = new long[K];
        long[] errors = new long[1];
        long grand = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            for (int k = 0; k < K; k++) {
                partial[k] = 0;
                for (int i = lo; i < hi; i++) partial[k] += value(iter, i, k);
            }
            olap: {
                receive: {
                    for (int c = 0; c < children; c++) {
                        MPI.COMM_WORLD.Recv(in, 0, K, MPI.LONG, firstChild + c, TAG_UP);
                        for (int k = 0; k < K; k++) partial[k] += in[k];
                    }
                    if (parent >= 0) MPI.COMM_WORLD.Send(partial, 0, K, MPI.LONG, parent, TAG_UP);
                }
                compute: {
                    if (parent < 0) System.arraycopy(partial, 0, total, 0, K);
                }
            }
            olap: {
                receive: {
                    if (parent >= 0) MPI.COMM_WORLD.Recv(total, 0, K, MPI.LONG, parent, TAG_DOWN);
                    for (int c = 0; c < children; c++) {
                        MPI.COMM_WORLD.Send(total, 0, K, MPI.LONG, firstChild + c, TAG_DOWN);
                    }
                }
                compute: {
                    for (int k = 0; k < K; k++) {
                        if (total[k] != sequential(iter, k)) errors[0]++;
                        grand += total[k];
                    }
                }
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(errors, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long bad = errors[0];
            long[] e = new long[1];
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(e, 0, 1, MPI.LONG, src, TAG_RESULT);
                bad += e[0];
            }
            System.out.println("tree-reduce iterations=" + ITERS + " grand-total=" + grand
                    + (bad == 0 ? " OK" : " FAIL mismatches=" + bad));
        }
        MPI.Finalize();
    }

    static long value(int iter, int i, int k) {
        return (i * 37L + iter * 101L + k * 7L) % 97 - 40;
    }

    static long sequential(int iter, int k) {
        long s = 0;
        for (int i = 0; i < N; i++) s += value(iter, i, k);
        return s;
    }
}
