import bamboo.Bamboo;
import mpi.*;

/**
 * The olap label on a loop rather than a block: the body of every iteration is the region. A periodic
 * 1-D stencil on int arrays (neighbours wrap around, so with one rank a process is its own neighbour).
 */
@Bamboo
public class OlapLoop {
    static final int M = 10_007;
    static final int N = 44;
    static final int ITERS = 10;
    static final int TAG = 220;
    static final int TAG_RESULT = 221;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = lo(rank, size);
        int n = lo(rank + 1, size) - lo;
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        int[] u = new int[n + 2];
        int[] v = new int[n + 2];
        for (int i = 1; i <= n; i++) u[i] = (lo + i - 1) * 17 % 59;
        Request[] reqs = new Request[4];
        olap:
        for (int iter = 0; iter < ITERS; iter++) {
            receive: {
                reqs[0] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.INT, left, TAG + 1);
                reqs[1] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.INT, right, TAG);
            }
            send: {
                reqs[2] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.INT, left, TAG);
                reqs[3] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.INT, right, TAG + 1);
            }
            compute: {
                Request.Waitall(reqs);
                for (int i = 1; i <= n; i++) v[i] = (u[i - 1] + 5 * u[i] + 2 * u[i + 1] + iter) % M;
                int[] t = u;
                u = v;
                v = t;
            }
        }
        if (rank != 0) {
            MPI.COMM_WORLD.Send(u, 1, n, MPI.INT, 0, TAG_RESULT);
        } else {
            int[] global = new int[N];
            System.arraycopy(u, 1, global, 0, n);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(global, lo(src, size), lo(src + 1, size) - lo(src, size), MPI.INT, src, TAG_RESULT);
            }
            int[] s = new int[N];
            for (int i = 0; i < N; i++) s[i] = i * 17 % 59;
            for (int iter = 0; iter < ITERS; iter++) {
                int[] t = new int[N];
                for (int i = 0; i < N; i++) t[i] = (s[(i - 1 + N) % N] + 5 * s[i] + 2 * s[(i + 1) % N] + iter) % M;
                s = t;
            }
            long sum = 0;
            for (int x : global) sum += x;
            System.out.println("olap-loop n=" + N + " checksum=" + sum + (java.util.Arrays.equals(global, s) ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static int lo(int r, int size) {
        return (int) ((long) r * N / size);
    }
}
