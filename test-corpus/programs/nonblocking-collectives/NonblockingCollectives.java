import bamboo.Bamboo;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * MPI-3's nonblocking collectives as CG-style codes use them: start a reduction or a broadcast, do
 * independent local work, then wait (one request, or several in an array with Waitall), beside a ring
 * exchange in a region. Every rank
 * checks each result against what the collective must give; rank 0 prints the verdict.
 */
@Bamboo
public class NonblockingCollectives {
    static final int N = 64;
    static final int STEPS = 3;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] v = new long[N];
        for (int i = 0; i < N; i++) {
            v[i] = rank * 31L + i;
        }
        boolean ok = true;
        long[] dot = new long[1];
        long[] sum = new long[1];
        long[] root = new long[2];
        Request[] rq = new Request[2];
        for (int step = 0; step < STEPS; step++) {
            dot[0] = 0;
            for (long x : v) {
                dot[0] += x;
            }
            if (rank == size - 1) {
                root[0] = step;
                root[1] = step * 7L + 1;
            }
            rq[0] = MPI.COMM_WORLD.Iallreduce(dot, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
            rq[1] = MPI.COMM_WORLD.Ibcast(root, 0, 2, MPI.LONG, size - 1);
            long local = 0;
            for (int i = 0; i < N; i++) {
                v[i] = v[i] * 3 + 1;
                local += v[i];
            }
            Request.Waitall(rq);
            long want = 0;
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < N; i++) {
                    want += expected(r, i, step);
                }
            }
            ok &= sum[0] == want && root[0] == step && root[1] == step * 7L + 1 && local != 0;
            Request b = MPI.COMM_WORLD.Ibarrier();
            b.Wait();
        }
        long[] left = new long[1];
        Request[] ring = new Request[2];
        olap: {
            receive: {
                ring[0] = MPI.COMM_WORLD.Irecv(left, 0, 1, MPI.LONG, (rank + size - 1) % size, 5);
            }
            send: {
                ring[1] = MPI.COMM_WORLD.Isend(sum, 0, 1, MPI.LONG, (rank + 1) % size, 5);
            }
            compute: {
                Request.Waitall(ring);
                ok &= left[0] == sum[0];
            }
        }
        long[] mine = {rank + 1L, rank * 2L};
        long[] all = new long[2 * size];
        Request g = MPI.COMM_WORLD.Iallgather(mine, 0, 2, MPI.LONG, all, 0, 2, MPI.LONG);
        g.Wait();
        for (int r = 0; r < size; r++) {
            ok &= all[2 * r] == r + 1L && all[2 * r + 1] == r * 2L;
        }
        long[] prefix = new long[1];
        Request s = MPI.COMM_WORLD.Iscan(new long[] {rank + 1L}, 0, prefix, 0, 1, MPI.LONG, MPI.SUM);
        s.Wait();
        ok &= prefix[0] == (rank + 1L) * (rank + 2L) / 2;
        Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
        long[] max = new long[1];
        Request m = half.Ireduce(new long[] {rank}, 0, max, 0, 1, MPI.LONG, MPI.MAX, 0);
        m.Wait();
        if (half.Rank() == 0) {
            int last = size - 1;
            ok &= max[0] == (last % 2 == rank % 2 ? last : last - 1);
        }
        long[] flags = new long[1];
        MPI.COMM_WORLD.Allreduce(new long[] {ok ? 0 : 1}, 0, flags, 0, 1, MPI.LONG, MPI.SUM);
        if (rank == 0) {
            System.out.println("nonblocking-collectives " + (flags[0] == 0 ? "OK" : "FAIL " + flags[0] + " ranks"));
        }
        MPI.Finalize();
    }

    /** v[i] of rank r at the start of step {@code step}: x -> 3x + 1 applied step times. */
    static long expected(int r, int i, int step) {
        long x = r * 31L + i;
        for (int k = 0; k < step; k++) {
            x = x * 3 + 1;
        }
        return x;
    }
}
