import bamboo.Bamboo;
import mpi.*;

/**
 * Plug and translate: the case's collectives/ directory holds the user's own Allreduce and Bcast (a
 * reduction to rank 0 along a chain, then a linear broadcast); the translated program inlines them in
 * place of the library's (the harness translates with --collectives collectives/), untranslated it runs
 * the shim's. Integer data, so both give the same results; the program also runs a halo region between
 * the collectives, and one Allreduce on a Split communicator (the user's code takes any communicator).
 */
@Bamboo
public class UserCollective {
    static final int N = 30;
    static final int TAG = 77;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int lo = (int) ((long) rank * N / size);
        int hi = (int) ((long) (rank + 1) * N / size);
        int bad = 0;

        long[] params = new long[2];
        if (rank == 0) {
            params[0] = 3;
            params[1] = 11;
        }
        MPI.COMM_WORLD.Bcast(params, 0, 2, MPI.LONG, 0);
        long[] u = new long[hi - lo + 2];
        for (int i = lo; i < hi; i++) u[i - lo + 1] = (i * params[0] + params[1]) % 17;

        long[] edges = new long[2];
        olap: {
            send: {
                if (rank > 0) MPI.COMM_WORLD.Isend(u, 1, 1, MPI.LONG, rank - 1, TAG);
                if (rank < size - 1) MPI.COMM_WORLD.Isend(u, hi - lo, 1, MPI.LONG, rank + 1, TAG);
            }
            receive: {
                if (rank > 0) MPI.COMM_WORLD.Recv(edges, 0, 1, MPI.LONG, rank - 1, TAG);
                if (rank < size - 1) MPI.COMM_WORLD.Recv(edges, 1, 1, MPI.LONG, rank + 1, TAG);
            }
            compute: {
                if (rank > 0 && edges[0] != ((lo - 1) * params[0] + params[1]) % 17) bad++;
                if (rank < size - 1 && edges[1] != (hi * params[0] + params[1]) % 17) bad++;
            }
        }

        long[] local = {0, Long.MIN_VALUE};
        for (int i = 1; i <= hi - lo; i++) {
            local[0] += u[i];
            local[1] = Math.max(local[1], u[i]);
        }
        long[] sum = new long[1];
        long[] max = new long[1];
        MPI.COMM_WORLD.Allreduce(local, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        MPI.COMM_WORLD.Allreduce(local, 1, max, 0, 1, MPI.LONG, MPI.MAX);
        long expectedSum = 0;
        long expectedMax = Long.MIN_VALUE;
        for (int i = 0; i < N; i++) {
            expectedSum += (i * 3 + 11) % 17;
            expectedMax = Math.max(expectedMax, (i * 3 + 11) % 17);
        }
        if (sum[0] != expectedSum || max[0] != expectedMax) bad++;

        Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
        int[] one = {1};
        int[] members = new int[1];
        half.Allreduce(one, 0, members, 0, 1, MPI.INT, MPI.SUM);
        if (members[0] != (size + 1 - rank % 2) / 2) bad++;
        half.Free();

        int[] verdict = {bad};
        int[] problems = new int[1];
        MPI.COMM_WORLD.Allreduce(verdict, 0, problems, 0, 1, MPI.INT, MPI.SUM);
        if (rank == 0) {
            System.out.println("user-collective sum=" + sum[0] + " max=" + max[0]
                    + (problems[0] == 0 ? " OK" : " FAIL problems=" + problems[0]));
        }
        MPI.Finalize();
    }
}
