import bamboo.Bamboo;
import mpi.*;

/**
 * A catch handler that communicates: every third step user code throws after the ring Sendrecv of the
 * try block, and the handler answers with a Sendrecv the other way round and a region, left early by
 * continue through the finally block at one step. Rank 0 gathers every rank's value and count of finally
 * runs and compares them with a sequential replay.
 */
@Bamboo
public class CatchHandlerReceives {
    static final int STEPS = 8;
    static final long P = 1_000_003L;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] v = {rank + 1, 0};
        long[] in = new long[1];
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        for (int i = 0; i < STEPS; i++) {
            try {
                MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.LONG, right, 1, in, 0, 1, MPI.LONG, left, 1);
                if (i % 3 == 0) {
                    throw new IllegalStateException("step " + i);
                }
                v[0] = (v[0] * 3 + in[0]) % P;
            } catch (IllegalStateException e) {
                MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.LONG, left, 2, in, 0, 1, MPI.LONG, right, 2);
                v[0] = (v[0] * 7 + in[0] + e.getMessage().length()) % P;
                if (i == 3) {
                    continue;
                }
                olap: {
                    send: {
                        MPI.COMM_WORLD.Send(v, 0, 1, MPI.LONG, right, 3);
                    }
                    receive: {
                        MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, left, 3);
                    }
                    compute: {
                        v[0] = (v[0] + in[0] % 5) % P;
                    }
                }
            } finally {
                v[1]++;
            }
        }
        long[] all = new long[2 * size];
        MPI.COMM_WORLD.Gather(v, 0, 2, MPI.LONG, all, 0, 2, MPI.LONG, 0);
        if (rank == 0) {
            System.out.println("catch-handler-receives " + (java.util.Arrays.equals(all, sequential(size)) ? "OK" : "FAIL"));
        }
        MPI.Finalize();
    }

    static long[] sequential(int size) {
        long[] v = new long[size];
        for (int r = 0; r < size; r++) v[r] = r + 1;
        for (int i = 0; i < STEPS; i++) {
            long[] next = new long[size];
            if (i % 3 != 0) {
                for (int r = 0; r < size; r++) next[r] = (v[r] * 3 + v[(r - 1 + size) % size]) % P;
                v = next;
                continue;
            }
            int len = ("step " + i).length();
            for (int r = 0; r < size; r++) next[r] = (v[r] * 7 + v[(r + 1) % size] + len) % P;
            v = next;
            if (i == 3) {
                continue;
            }
            next = new long[size];
            for (int r = 0; r < size; r++) next[r] = (v[r] + v[(r - 1 + size) % size] % 5) % P;
            v = next;
        }
        long[] all = new long[2 * size];
        for (int r = 0; r < size; r++) {
            all[2 * r] = v[r];
            all[2 * r + 1] = STEPS;
        }
        return all;
    }
}
