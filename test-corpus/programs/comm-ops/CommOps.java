import bamboo.Bamboo;
import mpi.*;

/**
 * Every communicator operation: Dup (the halo region runs on the duplicate), Compare, Split by parity with
 * a reversed key (Allreduce on each half), Group with Incl, Excl, Union, Intersection, Translate_ranks,
 * Size and Rank, Create over the even ranks (Bcast on it), and Free. Every rank checks what it sees; rank 0
 * collects the verdicts on the duplicate and prints the halo checksum, which does not depend on the size.
 */
@Bamboo
public class CommOps {
    static final long P = 1_000_003L;
    static final int N = 36;
    static final int ITERS = 6;
    static final int TAG = 310;
    static final int TAG_RESULT = 311;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int bad = 0;

        Intracomm dup = MPI.COMM_WORLD.Dup();
        if (Comm.Compare(MPI.COMM_WORLD, dup) != MPI.CONGRUENT) bad++;
        if (Comm.Compare(dup, dup) != MPI.IDENT) bad++;
        if (dup.Rank() != rank || dup.Size() != size) bad++;

        // Split by parity; the key reverses the order inside each half.
        Intracomm half = MPI.COMM_WORLD.Split(rank % 2, size - rank);
        int halfSize = (size + 1 - rank % 2) / 2;
        if (half.Size() != halfSize) bad++;
        if (half.Rank() != halfSize - 1 - rank / 2) bad++;
        long[] mine = {rank};
        long[] halfSum = new long[1];
        half.Allreduce(mine, 0, halfSum, 0, 1, MPI.LONG, MPI.SUM);
        long expectedHalf = 0;
        for (int r = rank % 2; r < size; r += 2) expectedHalf += r;
        if (halfSum[0] != expectedHalf) bad++;

        // Groups.
        Group world = MPI.COMM_WORLD.Group();
        int[] evenRanks = new int[(size + 1) / 2];
        for (int i = 0; i < evenRanks.length; i++) evenRanks[i] = 2 * i;
        Group evens = world.Incl(evenRanks);
        Group odds = world.Excl(evenRanks);
        Group union = Group.Union(evens, odds);
        Group none = Group.Intersection(evens, odds);
        if (world.Size() != size || world.Rank() != rank) bad++;
        if (evens.Size() != evenRanks.length || odds.Size() != size - evenRanks.length) bad++;
        if (union.Size() != size || none.Size() != 0) bad++;
        if (evens.Rank() != (rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED)) bad++;
        int[] inEvens = new int[evenRanks.length];
        for (int i = 0; i < inEvens.length; i++) inEvens[i] = i;
        int[] back = Group.Translate_ranks(evens, inEvens, world);
        if (!java.util.Arrays.equals(back, evenRanks)) bad++;

        // A communicator over the even ranks only.
        Intracomm evenComm = MPI.COMM_WORLD.Create(evens);
        if ((evenComm == null) != (rank % 2 == 1)) bad++;
        if (evenComm != null) {
            long[] token = {evenComm.Rank() == 0 ? 4242 : 0};
            evenComm.Bcast(token, 0, 1, MPI.LONG, 0);
            if (token[0] != 4242 || evenComm.Rank() != rank / 2) bad++;
        }

        // A halo region on the duplicate: its messages cannot match anything on COMM_WORLD.
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = rank > 0 ? rank - 1 : -1;
        int right = rank < size - 1 ? rank + 1 : -1;
        long[] u = new long[n + 2];
        long[] v = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i) * 5L % 47;
        Request[] reqs = new Request[4];
        for (int iter = 0; iter < ITERS; iter++) {
            int nr = 0;
            olap: {
                receive: {
                    if (left >= 0) reqs[nr++] = dup.Irecv(u, 0, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[nr++] = dup.Irecv(u, n + 1, 1, MPI.LONG, right, TAG);
                }
                send: {
                    if (left >= 0) reqs[nr++] = dup.Isend(u, 1, 1, MPI.LONG, left, TAG);
                    if (right >= 0) reqs[nr++] = dup.Isend(u, n, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 2 * u[i] + 6 * u[i + 1] + 1) % P;
                    long[] t = u;
                    u = v;
                    v = t;
                }
            }
        }
        int[] verdict = {bad};
        if (rank != 0) {
            dup.Send(verdict, 0, 1, MPI.INT, 0, TAG_RESULT);
            dup.Send(u, 1, n, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] global = new long[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                dup.Recv(verdict, 0, 1, MPI.INT, src, TAG_RESULT);
                bad += verdict[0];
                dup.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.LONG, src, TAG_RESULT);
            }
            long[] s = new long[N + 2];
            long[] t = new long[N + 2];
            for (int i = 1; i <= N; i++) s[i] = i * 5L % 47;
            for (int iter = 0; iter < ITERS; iter++) {
                for (int i = 1; i <= N; i++) t[i] = (s[i - 1] + 2 * s[i] + 6 * s[i + 1] + 1) % P;
                long[] x = s;
                s = t;
                t = x;
            }
            if (!java.util.Arrays.equals(global, java.util.Arrays.copyOfRange(s, 1, N + 1))) bad++;
            long sum = 0;
            for (long x : global) sum += x;
            System.out.println("comm-ops checksum=" + sum + (bad == 0 ? " OK" : " FAIL problems=" + bad));
        }
        if (evenComm != null) evenComm.Free();
        half.Free();
        evens.Free();
        odds.Free();
        dup.Free();
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
