import mpi.*;

/** One rank's block with ghost cells; the halo exchange is an olap region in an instance method. */
final class Halo {
    private final int left;
    private final int right;
    private final long[] u;
    private final Request[] reqs = new Request[4];
    private int exchanges;

    Halo(int rank, int size, int n) {
        left = rank > 0 ? rank - 1 : -1;
        right = rank < size - 1 ? rank + 1 : -1;
        u = new long[n + 2];
        for (int i = 1; i <= n; i++) u[i] = rank * 10 + i;
    }

    void exchange() throws MPIException {
        int n = u.length - 2;
        int nr = 0;
        olap: {
            receive: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.LONG, left, 1);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(u, n + 1, 1, MPI.LONG, right, 2);
            }
            send: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, left, 2);
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(u, n, 1, MPI.LONG, right, 1);
            }
            compute: {
                Request.Waitall(java.util.Arrays.copyOf(reqs, nr));
                exchanges++;
                for (int i = 1; i <= n; i++) u[i] += u[i - 1] + u[i + 1];
            }
        }
    }

    long edges() {
        return u[1] + u[u.length - 2] + exchanges;
    }
}
