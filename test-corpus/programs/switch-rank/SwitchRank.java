import bamboo.Bamboo;
import mpi.*;

/**
 * Rank-dependent code in switch statements: a colon-form switch on the rank's role with fall-through and
 * break around blocking receives, an arrow-form switch on a string, a switch on an enum, and a region in
 * a case. Rank 0 gathers every rank's value and compares it with a sequential replay.
 */
@Bamboo
public class SwitchRank {
    enum Phase { FIRST, MIDDLE, LAST }

    static final int TAG = 70;
    static final long P = 1_000_003L;

    @SuppressWarnings("fallthrough") // case 0 falls through into case 1 on purpose
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] v = {rank * 5L + 2};
        long[] in = new long[1];
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        for (int step = 0; step < 6; step++) {
            switch ((rank + step) % 3) {
                case 0:
                    v[0] = (v[0] * 2 + 1) % P;
                    // falls through
                case 1:
                    long before = v[0];
                    MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.LONG, right, TAG, in, 0, 1, MPI.LONG, left, TAG);
                    v[0] = (before + in[0] * 3) % P;
                    break;
                default:
                    MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.LONG, right, TAG, in, 0, 1, MPI.LONG, left, TAG);
                    if (in[0] % 2 == 0) {
                        break;
                    }
                    v[0] = (v[0] + in[0]) % P;
            }
            String role = step % 2 == 0 ? "even" : "odd";
            switch (role) {
                case "even" -> {
                    olap: {
                        send: {
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.LONG, right, TAG);
                        }
                        receive: {
                            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, left, TAG);
                        }
                        compute: {
                            v[0] = (v[0] + 11 * in[0]) % P;
                        }
                    }
                }
                case "odd" -> MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.LONG, right, TAG, in, 0, 1, MPI.LONG, left, TAG);
                default -> throw new IllegalStateException(role);
            }
            if (step % 2 == 1) {
                v[0] = (v[0] + in[0] * 13) % P;
            }
        }
        Phase phase = rank == 0 ? Phase.FIRST : rank == size - 1 ? Phase.LAST : Phase.MIDDLE;
        long[] all = new long[size];
        switch (phase) {
            case FIRST:
                all[0] = v[0];
                for (int src = 1; src < size; src++) {
                    MPI.COMM_WORLD.Recv(all, src, 1, MPI.LONG, src, TAG + 1);
                }
                boolean ok = java.util.Arrays.equals(all, sequential(size));
                System.out.println("switch-rank " + (ok ? "OK" : "FAIL " + java.util.Arrays.toString(all)));
                break;
            case MIDDLE:
            case LAST:
                MPI.COMM_WORLD.Send(v, 0, 1, MPI.LONG, 0, TAG + 1);
                break;
        }
        MPI.Finalize();
    }

    static long[] sequential(int size) {
        long[] v = new long[size];
        for (int r = 0; r < size; r++) v[r] = r * 5L + 2;
        for (int step = 0; step < 6; step++) {
            long[] pre = new long[size];
            for (int r = 0; r < size; r++) pre[r] = (r + step) % 3 == 0 ? (v[r] * 2 + 1) % P : v[r];
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long in = pre[(r - 1 + size) % size];
                int c = (r + step) % 3;
                if (c == 0 || c == 1) next[r] = (pre[r] + in * 3) % P;
                else next[r] = in % 2 == 0 ? pre[r] : (pre[r] + in) % P;
            }
            v = next;
            next = new long[size];
            for (int r = 0; r < size; r++) {
                long in = v[(r - 1 + size) % size];
                next[r] = step % 2 == 0 ? (v[r] + 11 * in) % P : (v[r] + in * 13) % P;
            }
            v = next;
        }
        return v;
    }
}
