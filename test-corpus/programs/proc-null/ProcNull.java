import bamboo.Bamboo;
import mpi.*;

/**
 * MPI.PROC_NULL neighbours instead of guards, as real halo codes write them: the ends of the line talk
 * to PROC_NULL, whose sends do nothing and whose receives complete at once with nothing (the ghost keeps
 * its value; the status names PROC_NULL). In a region (Irecv / Isend, Waitall), in a Sendrecv shift
 * outside regions, through a persistent buffered send (Buffer_attach / Buffer_detach around it), and in
 * a blocking Recv whose Status is checked.
 */
@Bamboo
public class ProcNull {
    static final long P = 1_000_003L;
    static final int N = 37;
    static final int ITERS = 6;
    static final int TAG = 720;
    static final int TAG_SHIFT = 721;
    static final int TAG_RESULT = 722;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        int right = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 13L % 59;
        long bad = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            u[0] = 0;
            u[n + 1] = 0;
            Request[] reqs = new Request[4];
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, TAG);
                    reqs[1] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, TAG);
                }
                send: {
                    reqs[2] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, TAG);
                    reqs[3] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int i = 1; i <= n; i++) v[i] = (2 * u[i - 1] + 3 * u[i] + 5 * u[i + 1] + 1) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        // A shift to the right: the first rank receives from PROC_NULL, the last sends to it.
        long[] token = {rank * 3L + 1};
        long[] shifted = {-1};
        Status st = MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.LONG, right, TAG_SHIFT, shifted, 0, 1, MPI.LONG, left,
                TAG_SHIFT);
        if (left == MPI.PROC_NULL) {
            if (shifted[0] != -1 || st.source != MPI.PROC_NULL || st.Get_count(MPI.LONG) != 0) bad++;
        } else if (shifted[0] != (rank - 1) * 3L + 1 || st.source != left) {
            bad++;
        }
        // Persistent requests and a blocking Recv with PROC_NULL peers.
        long[] edge = {u[1]};
        long[] fromRight = {-5};
        MPI.Buffer_attach(java.nio.ByteBuffer.allocate(4096));
        Prequest out = MPI.COMM_WORLD.Bsend_init(edge, 0, 1, MPI.LONG, left, TAG_SHIFT);
        out.Start();
        Status got = MPI.COMM_WORLD.Recv(fromRight, 0, 1, MPI.LONG, right, TAG_SHIFT);
        out.Wait();
        out.Free();
        if (MPI.Buffer_detach() == null) bad++;
        if (right == MPI.PROC_NULL ? fromRight[0] != -5 || got.source != MPI.PROC_NULL : got.source != right) bad++;
        long edges = right == MPI.PROC_NULL ? 0 : fromRight[0];
        long[] mine = {bad, edges};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
            MPI.COMM_WORLD.Send(mine, 0, 2, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            long totalBad = bad;
            long totalEdges = edges;
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
                MPI.COMM_WORLD.Recv(mine, 0, 2, MPI.LONG, src, TAG_RESULT);
                totalBad += mine[0];
                totalEdges += mine[1];
            }
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 13L % 59;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) t[i] = (2 * s[i - 1] + 3 * s[i] + 5 * s[i + 1] + 1) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            long expectEdges = 0;
            for (int r = 1; r < size; r++) expectEdges += s[lo(r, size) + 1];
            long sum = 0;
            for (long x : global) sum += x;
            boolean ok = totalBad == 0 && totalEdges == expectEdges
                    && java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1));
            System.out.println("proc-null n=" + N + " checksum=" + sum + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
