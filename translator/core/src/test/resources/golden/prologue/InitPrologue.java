import bamboo.Bamboo;
import mpi.*;

/**
 * Work before the first evaluation point (translated, the task's init()): every rank sums its share of
 * the squares and sends the partial sum to rank 0 before any region; the other ranks then return early,
 * and rank 0 receives the partial sums in a region. The printed total does not depend on the rank count.
 */
@Bamboo
public class InitPrologue {
    static final int N = 40;
    static final int TAG = 7;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int per = (N + size - 1) / size;
        long[] partial = new long[1];
        for (int i = rank * per; i < Math.min(N, rank * per + per); i++) {
            partial[0] += (long) i * i;
        }
        if (rank > 0 && rank * per < N) {
            MPI.COMM_WORLD.Send(partial, 0, 1, MPI.LONG, 0, TAG);
        }
        System.out.println("rank " + rank + " partial " + partial[0]);
        if (rank > 0) {
            MPI.Finalize();
            return;
        }
        long[] got = new long[1];
        long total = partial[0];
        for (int r = 1; r < size; r++) {
            if (r * per < N) {
                olap: {
                    receive: {
                        MPI.COMM_WORLD.Recv(got, 0, 1, MPI.LONG, r, TAG);
                    }
                    compute: {
                        total += got[0];
                    }
                }
            }
        }
        long expected = (long) (N - 1) * N * (2 * N - 1) / 6;
        System.out.println("init-prologue n=" + N + " total=" + total + (total == expected ? " OK" : " FAIL"));
        MPI.Finalize();
    }
}
