import bamboo.Bamboo;
import mpi.*;

/**
 * Collectives on communicators from Split: the ranks split into three teams (rank % 3, key reversing the
 * order), and each team runs Bcast, Reduce, Allreduce, Gather, Scatter, Allgather, Alltoall, Barrier and a
 * ring region of its own; a second Split of each team (with MPI.UNDEFINED for its last member) runs an
 * Allreduce on the sub-team; a Dup of a team carries a message with the same tag as a team message, and
 * each arrives on its own communicator. Every rank checks what it gets; rank 0 prints the verdict.
 */
@Bamboo
public class SplitCollectives {
    static final int TAG = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int bad = 0;

        int colour = rank % 3;
        Intracomm team = MPI.COMM_WORLD.Split(colour, size - rank);
        int t = team.Rank();
        int n = team.Size();
        int[] members = new int[n]; // world ranks of the team, in team order (descending)
        for (int i = 0, r = size - 1; r >= 0; r--) {
            if (r % 3 == colour) members[i++] = r;
        }
        if (members[t] != rank) bad++;

        long[] token = {t == n - 1 ? 1000L + colour : 0};
        team.Bcast(token, 0, 1, MPI.LONG, n - 1);
        if (token[0] != 1000L + colour) bad++;

        long[] mine = {rank + 1L};
        long[] sum = {-1};
        team.Reduce(mine, 0, sum, 0, 1, MPI.LONG, MPI.SUM, n / 2);
        long teamSum = 0;
        for (int m : members) teamSum += m + 1L;
        if (t == n / 2 && sum[0] != teamSum) bad++;

        long[] max = new long[1];
        team.Allreduce(mine, 0, max, 0, 1, MPI.LONG, MPI.MAX);
        if (max[0] != members[0] + 1L) bad++;

        int[] gathered = new int[2 * n];
        team.Gather(new int[] {rank, t}, 0, 2, MPI.INT, gathered, 0, 2, MPI.INT, 0);
        if (t == 0) {
            for (int i = 0; i < n; i++) if (gathered[2 * i] != members[i] || gathered[2 * i + 1] != i) bad++;
        }

        int[] deal = new int[n];
        if (t == 0) for (int i = 0; i < n; i++) deal[i] = 7 * members[i];
        int[] dealt = new int[1];
        team.Scatter(deal, 0, 1, MPI.INT, dealt, 0, 1, MPI.INT, 0);
        if (dealt[0] != 7 * rank) bad++;

        int[] all = new int[n];
        team.Allgather(new int[] {rank}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        if (!java.util.Arrays.equals(all, members)) bad++;

        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = 100 * t + i;
        int[] in = new int[n];
        team.Alltoall(out, 0, 1, MPI.INT, in, 0, 1, MPI.INT);
        for (int i = 0; i < n; i++) if (in[i] != 100 * i + t) bad++;

        team.Barrier();

        // A ring region on the team, and a message with the same tag on a duplicate of it.
        Intracomm twin = team.Dup();
        int next = (t + 1) % n;
        int prev = (t + n - 1) % n;
        int[] ring = {rank};
        int[] fromPrev = new int[1];
        int[] twinMsg = new int[1];
        olap: {
            send: {
                twin.Isend(new int[] {-rank - 1}, 0, 1, MPI.INT, next, TAG);
                team.Isend(ring, 0, 1, MPI.INT, next, TAG);
            }
            receive: {
                team.Recv(fromPrev, 0, 1, MPI.INT, prev, TAG);
                twin.Recv(twinMsg, 0, 1, MPI.INT, prev, TAG);
            }
            compute: {
                if (fromPrev[0] != members[prev] || twinMsg[0] != -members[prev] - 1) bad++;
            }
        }

        // A split of the team: its last member stays out.
        Intracomm sub = team.Split(t == n - 1 ? MPI.UNDEFINED : 0, t);
        if ((sub == null) != (t == n - 1)) bad++;
        if (sub != null) {
            int[] one = {1};
            int[] count = new int[1];
            sub.Allreduce(one, 0, count, 0, 1, MPI.INT, MPI.SUM);
            if (count[0] != n - 1 || sub.Rank() != t) bad++;
            sub.Free();
        }

        int[] verdict = {bad};
        int[] problems = new int[1];
        MPI.COMM_WORLD.Reduce(verdict, 0, problems, 0, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("split-collectives teams of rank % 3"
                    + (problems[0] == 0 ? " OK" : " FAIL problems=" + problems[0]));
        }
        twin.Free();
        team.Free();
        MPI.Finalize();
    }
}
