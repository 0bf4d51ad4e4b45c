import bamboo.Bamboo;
import mpi.*;

/**
 * Messages whose length only the sender knows: every iteration each rank hands the items of its list
 * that meet a data-dependent test to its right neighbour (a ring). A first region exchanges the counts;
 * the second region's receive uses the count received in the first. Rank 0 collects every list and
 * compares with a sequential replay.
 */
@Bamboo
public class CountFirst {
    static final int N = 40;
    static final int ITERS = 5;
    static final int TAG_COUNT = 80;
    static final int TAG_ITEMS = 81;
    static final int TAG_RESULT = 82;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] list = new long[N];
        int len = 0;
        for (int i = lo(rank, size); i < lo(rank + 1, size); i++) list[len++] = (i * 37L + 5) % 1009;
        long[] outgoing = new long[N];
        long[] incoming = new long[N];
        int[] myCount = new int[1];
        int[] theirCount = new int[1];
        Request[] reqs = new Request[2];
        for (int iter = 0; iter < ITERS; iter++) {
            int keep = 0;
            int go = 0;
            for (int i = 0; i < len; i++) {
                if ((list[i] + iter) % 3 == 0) outgoing[go++] = list[i];
                else list[keep++] = list[i];
            }
            len = keep;
            myCount[0] = go;
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(theirCount, 0, 1, MPI.INT, left, TAG_COUNT);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(myCount, 0, 1, MPI.INT, right, TAG_COUNT);
                }
                compute: {
                    Request.Waitall(reqs);
                }
            }
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(incoming, 0, theirCount[0], MPI.LONG, left, TAG_ITEMS);
                }
                send: {
                    reqs[1] = MPI.COMM_WORLD.Isend(outgoing, 0, go, MPI.LONG, right, TAG_ITEMS);
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int i = 0; i < theirCount[0]; i++) list[len++] = transform(incoming[i]);
                }
            }
        }
        int[] lens = {len};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(lens, 0, 1, MPI.INT, 0, TAG_RESULT);
            MPI.COMM_WORLD.Send(list, 0, len, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[][] all = new long[size][];
            all[0] = java.util.Arrays.copyOf(list, len);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(lens, 0, 1, MPI.INT, src, TAG_RESULT);
                all[src] = new long[lens[0]];
                MPI.COMM_WORLD.Recv(all[src], 0, lens[0], MPI.LONG, src, TAG_RESULT);
            }
            boolean ok = java.util.Arrays.deepEquals(all, sequential(size));
            System.out.println("count-first iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }

    static long transform(long v) {
        return (v * 5 + 1) % 1009;
    }

    static long[][] sequential(int size) {
        long[][] lists = new long[size][];
        for (int r = 0; r < size; r++) {
            lists[r] = new long[lo(r + 1, size) - lo(r, size)];
            for (int i = lo(r, size); i < lo(r + 1, size); i++) lists[r][i - lo(r, size)] = (i * 37L + 5) % 1009;
        }
        for (int iter = 0; iter < ITERS; iter++) {
            long[][] keep = new long[size][];
            long[][] go = new long[size][];
            for (int r = 0; r < size; r++) {
                final int it = iter;
                keep[r] = java.util.Arrays.stream(lists[r]).filter(v -> (v + it) % 3 != 0).toArray();
                go[r] = java.util.Arrays.stream(lists[r]).filter(v -> (v + it) % 3 == 0).toArray();
            }
            for (int r = 0; r < size; r++) {
                long[] from = go[(r - 1 + size) % size];
                long[] next = java.util.Arrays.copyOf(keep[r], keep[r].length + from.length);
                for (int i = 0; i < from.length; i++) next[keep[r].length + i] = transform(from[i]);
                lists[r] = next;
            }
        }
        return lists;
    }
}
