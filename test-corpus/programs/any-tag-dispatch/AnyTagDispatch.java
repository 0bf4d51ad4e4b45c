import bamboo.Bamboo;
import mpi.*;

/**
 * Dispatch on the tag: every iteration each rank sends its right neighbour a data-dependent sequence of
 * operations, each tagged ADD or MUL, and the neighbour receives them with ANY_TAG and applies each as its
 * Status.tag says. Additions and multiplications do not commute, so the result is right only if the
 * messages of one sender are received in send order whatever their tags (MPI's non-overtaking rule).
 */
@Bamboo
public class AnyTagDispatch {
    static final long P = 1_000_003L;
    static final int ITERS = 5;
    static final int K = 5;
    static final int TAG_ADD = 440;
    static final int TAG_MUL = 441;
    static final int TAG_RESULT = 442;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long x = rank + 3;
        long[] in = new long[1];
        int mismatches = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            long acc = 1;
            olap: {
                send: {
                    for (int k = 0; k < K; k++) {
                        long[] op = {operand(x, k, iter)};
                        MPI.COMM_WORLD.Send(op, 0, 1, MPI.LONG, right, isAdd(x, k) ? TAG_ADD : TAG_MUL);
                    }
                }
                receive: {
                    for (int k = 0; k < K; k++) {
                        Status st = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, left, MPI.ANY_TAG);
                        if (st.source != left || st.Get_count(MPI.LONG) != 1) mismatches++;
                        if (st.tag == TAG_ADD) {
                            acc = (acc + in[0]) % P;
                        } else {
                            acc = acc * in[0] % P;
                        }
                    }
                }
                compute: {
                    x = (x * 7 + acc) % P;
                }
            }
        }
        long[] mine = {x, mismatches};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 2, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[2 * size];
            all[0] = x;
            all[1] = mismatches;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, 2 * src, 2, MPI.LONG, src, TAG_RESULT);
            long[] expected = sequential(size);
            boolean ok = true;
            for (int r = 0; r < size; r++) ok &= all[2 * r] == expected[r] && all[2 * r + 1] == 0;
            System.out.println("any-tag-dispatch iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static boolean isAdd(long x, int k) {
        return (x + k * 3L) % 5 < 2;
    }

    static long operand(long x, int k, int iter) {
        return (x + k * 13L + iter) % 97 + 2;
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r + 3;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long from = x[(r - 1 + size) % size];
                long acc = 1;
                for (int k = 0; k < K; k++) {
                    long v = operand(from, k, iter);
                    acc = isAdd(from, k) ? (acc + v) % P : acc * v % P;
                }
                next[r] = (x[r] * 7 + acc) % P;
            }
            x = next;
        }
        return x;
    }
}
