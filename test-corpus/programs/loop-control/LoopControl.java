import bamboo.Bamboo;
import mpi.*;

/**
 * break, continue and return around regions: a while(true) loop whose iterations with step % 4 == 3 skip
 * the region with continue, that leaves through return (after printing and Finalize) once the step
 * count is reached, and whose region sits between those two exits. Every rank takes the same path.
 */
@Bamboo
public class LoopControl {
    static final long P = 1_000_003L;
    static final int STEPS = 14;
    static final int TAG = 250;
    static final int TAG_RESULT = 251;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] x = {rank * 3L + 1};
        long[] in = new long[1];
        long[] out = new long[1];
        Request[] reqs = new Request[2];
        int step = 0;
        int exchanges = 0;
        while (true) {
            step++;
            if (step % 4 == 3) {
                x[0] = (x[0] * 2 + step) % P;
                continue;
            }
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.LONG, left, TAG);
                }
                send: {
                    out[0] = x[0];
                    reqs[1] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, right, TAG);
                }
                compute: {
                    Request.Waitall(reqs);
                    x[0] = (x[0] + 5 * in[0] + step) % P;
                    exchanges++;
                }
            }
            if (step >= STEPS) {
                if (rank != 0) {
                    MPI.COMM_WORLD.Send(x, 0, 1, MPI.LONG, 0, TAG_RESULT);
                } else {
                    long[] all = new long[size];
                    all[0] = x[0];
                    for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, src, 1, MPI.LONG, src, TAG_RESULT);
                    boolean ok = java.util.Arrays.equals(all, sequential(size));
                    System.out.println("loop-control steps=" + step + " exchanges=" + exchanges + (ok ? " OK" : " FAIL"));
                }
                MPI.Finalize();
                return;
            }
        }
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        for (int r = 0; r < size; r++) x[r] = r * 3L + 1;
        for (int step = 1; step <= STEPS; step++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                next[r] = step % 4 == 3 ? (x[r] * 2 + step) % P : (x[r] + 5 * x[(r - 1 + size) % size] + step) % P;
            }
            x = next;
        }
        return x;
    }
}
