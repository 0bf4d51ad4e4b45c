import bamboo.Bamboo;
import mpi.*;

/**
 * Wildcard receives: every round the workers (ranks 1..size-1) send rank 0 a partial result, and rank 0
 * receives them with ANY_SOURCE (and, for the second message of each worker, ANY_TAG) in whatever order
 * they arrive, placing each by Status.source and Status.tag. Rank 0 then sends each worker its next
 * task. The final answer does not depend on arrival order or on the rank count; with one rank, rank 0
 * does all the work itself.
 */
@Bamboo
public class AnySource {
    static final int N = 48;
    static final int ROUNDS = 4;
    static final int TAG_PART = 270;
    static final int TAG_EXTRA = 271;
    static final int TAG_WORK = 272;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int workers = size - 1;
        long[] seed = {1};
        long total = 0;
        long items = 0;
        int mismatches = 0;
        long[] part = new long[2];
        long[] extra = new long[1];
        for (int round = 0; round < ROUNDS; round++) {
            if (workers == 0) {
                for (int i = 0; i < N; i++) total += work(seed[0], i);
                items += N;
                seed[0] = nextSeed(seed[0], round);
                continue;
            }
            if (rank == 0) {
                long[] partial = new long[size];
                long[] extras = new long[size];
                olap: {
                    receive: {
                        for (int k = 0; k < 2 * workers; k++) {
                            Status st = MPI.COMM_WORLD.Recv(part, 0, 2, MPI.LONG, MPI.ANY_SOURCE, MPI.ANY_TAG);
                            if (st.tag == TAG_PART) {
                                partial[st.source] += part[0];
                                if (part[1] != st.source) mismatches++;
                            } else {
                                extras[st.source] += part[0];
                            }
                        }
                    }
                    compute: {
                        for (int w = 1; w < size; w++) {
                            total += partial[w];
                            items += extras[w];
                        }
                        seed[0] = nextSeed(seed[0], round);
                    }
                }
                for (int w = 1; w < size; w++) MPI.COMM_WORLD.Send(seed, 0, 1, MPI.LONG, w, TAG_WORK);
            } else {
                olap: {
                    send: {
                        long s = 0;
                        long count = 0;
                        for (int i = rank - 1; i < N; i += workers) {
                            s += work(seed[0], i);
                            count++;
                        }
                        part[0] = s;
                        part[1] = rank;
                        extra[0] = count;
                        MPI.COMM_WORLD.Send(part, 0, 2, MPI.LONG, 0, TAG_PART);
                        MPI.COMM_WORLD.Send(extra, 0, 1, MPI.LONG, 0, TAG_EXTRA);
                    }
                }
                MPI.COMM_WORLD.Recv(seed, 0, 1, MPI.LONG, 0, TAG_WORK);
            }
        }
        if (rank == 0) {
            long expected = 0;
            long s = 1;
            for (int round = 0; round < ROUNDS; round++) {
                for (int i = 0; i < N; i++) expected += work(s, i);
                s = nextSeed(s, round);
            }
            boolean ok = total == expected && mismatches == 0 && items == (long) N * ROUNDS;
            System.out.println("any-source rounds=" + ROUNDS + " items=" + items + " total=" + total + (ok ? " OK" : " FAIL expected " + expected));
        }
        MPI.Finalize();
    }

    static long work(long seed, int i) {
        return (seed * 31 + i * i) % 1009;
    }

    static long nextSeed(long seed, int round) {
        return (seed * 17 + round + 3) % 101;
    }
}
