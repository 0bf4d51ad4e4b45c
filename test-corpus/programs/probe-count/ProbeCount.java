import bamboo.Bamboo;
import mpi.*;

/**
 * Messages of a length only the sender knows, received after asking for their size: inside the receive
 * block with a blocking Probe and Status.Get_count, outside any region with an Iprobe polling loop. Each
 * rank sends its right neighbour a data-dependent number of values every iteration.
 */
@Bamboo
public class ProbeCount {
    static final long P = 1_000_003L;
    static final int ITERS = 6;
    static final int TAG = 300;
    static final int TAG_LATE = 301;
    static final int TAG_RESULT = 302;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long x = rank * 11L + 2;
        long[] out = new long[8];
        long[] in = new long[8];
        Request sendReq = null;
        for (int iter = 0; iter < ITERS; iter++) {
            int len = length(x);
            for (int k = 0; k < len; k++) out[k] = (x + k * iter) % P;
            long received = 0;
            olap: {
                send: {
                    sendReq = MPI.COMM_WORLD.Isend(out, 0, len, MPI.LONG, right, TAG);
                }
                receive: {
                    Status st = MPI.COMM_WORLD.Probe(left, TAG);
                    int count = st.Get_count(MPI.LONG);
                    MPI.COMM_WORLD.Recv(in, 0, count, MPI.LONG, left, TAG);
                    for (int k = 0; k < count; k++) received += in[k] * (k + 1);
                    received += 1000 * count;
                }
                compute: {
                    sendReq.Wait();
                    x = (x * 3 + received) % P;
                }
            }
            // The same once more outside a region, polling with Iprobe.
            int len2 = length(x + 1);
            for (int k = 0; k < len2; k++) out[k] = (x + k) % P;
            Request late = MPI.COMM_WORLD.Isend(out, 0, len2, MPI.LONG, right, TAG_LATE);
            Status st2 = null;
            while (st2 == null) {
                st2 = MPI.COMM_WORLD.Iprobe(left, TAG_LATE);
                if (st2 == null) Thread.yield();
            }
            int count2 = st2.Get_count(MPI.LONG);
            MPI.COMM_WORLD.Recv(in, 0, count2, MPI.LONG, left, TAG_LATE);
            late.Wait();
            for (int k = 0; k < count2; k++) x = (x + in[k]) % P;
        }
        long[] mine = {x};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[size];
            all[0] = x;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, src, 1, MPI.LONG, src, TAG_RESULT);
            boolean ok = java.util.Arrays.equals(all, sequential(size));
            System.out.println("probe-count iterations=" + ITERS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int length(long x) {
        return (int) (x % 8) + 1;
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r * 11L + 2;
        for (int iter = 0; iter < ITERS; iter++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long from = x[(r - 1 + size) % size];
                int len = length(from);
                long received = 1000L * len;
                for (int k = 0; k < len; k++) received += ((from + (long) k * iter) % P) * (k + 1);
                next[r] = (x[r] * 3 + received) % P;
            }
            long[] after = new long[size];
            for (int r = 0; r < size; r++) {
                long from = next[(r - 1 + size) % size];
                int len = length(from + 1);
                long y = next[r];
                for (int k = 0; k < len; k++) y = (y + (from + k) % P) % P;
                after[r] = y;
            }
            x = after;
        }
        return x;
    }
}
