import bamboo.Bamboo;
import mpi.*;

/**
 * Exchanges and regions inside try / catch / finally: a ring receive whose value makes user code throw
 * after the receive (caught by a multi-catch), a region inside a try-finally inside a loop left by
 * continue and break through the finally, a nested try whose inner finally runs before the outer
 * handler, a try inside a compute block, and a catch of MPIException that never fires. Every rank counts
 * what ran; rank 0 gathers the counts and compares them with a sequential replay.
 */
@Bamboo
public class TryCatchFinally {
    static final int STEPS = 12;
    static final int TAG = 40;
    static final int TAG_RESULT = 41;
    static final long P = 1_000_003L;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] x = {rank + 1};
        long[] in = new long[1];
        long[] out = new long[1];
        long[] counts = new long[6];
        for (int step = 0; step < STEPS; step++) {
            try {
                out[0] = x[0];
                MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.LONG, right, TAG, in, 0, 1, MPI.LONG, left, TAG);
                x[0] = (x[0] * 3 + in[0]) % P;
                check(x[0], step);
                counts[0]++;
            } catch (ArithmeticException | IllegalArgumentException e) {
                counts[1] += e.getMessage().length();
            } catch (MPIException e) {
                counts[5] += 1000;
            } finally {
                counts[2]++;
            }
            try {
                if (step % 5 == 4) {
                    continue;
                }
                olap: {
                    send: {
                        out[0] = x[0];
                        MPI.COMM_WORLD.Send(out, 0, 1, MPI.LONG, right, TAG);
                    }
                    receive: {
                        MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, left, TAG);
                    }
                    compute: {
                        x[0] = (x[0] + 7 * in[0]) % P;
                        try {
                            if (in[0] % 4 == 1) {
                                throw new IllegalStateException("odd");
                            }
                        } catch (IllegalStateException e) {
                            counts[3]++;
                        }
                    }
                }
                if (step == STEPS - 2) {
                    break;
                }
            } finally {
                counts[4] += step;
            }
        }
        try {
            try {
                MPI.COMM_WORLD.Sendrecv(x, 0, 1, MPI.LONG, right, TAG, in, 0, 1, MPI.LONG, left, TAG);
                if (in[0] >= 0) {
                    throw new UnsupportedOperationException("nested");
                }
            } finally {
                counts[4] += 100;
            }
        } catch (RuntimeException e) {
            counts[4] += e.getMessage().length();
        }
        long[] all = new long[6 * size];
        MPI.COMM_WORLD.Gather(counts, 0, 6, MPI.LONG, all, 0, 6, MPI.LONG, 0);
        if (rank == 0) {
            long[] expect = sequential(size);
            boolean ok = java.util.Arrays.equals(all, expect);
            long sum = 0;
            for (int r = 0; r < size; r++) {
                sum += all[6 * r + 2] + all[6 * r + 4];
            }
            System.out.println("try-catch-finally finally-runs=" + sum / size + (ok ? " OK" : " FAIL " + java.util.Arrays.toString(all) + " vs " + java.util.Arrays.toString(expect)));
        }
        MPI.Finalize();
    }

    /** Throws for some values, as user code that validates what it received. */
    static void check(long v, int step) {
        if (v % 3 == 0) {
            throw new ArithmeticException("divisible by three");
        }
        if (v % 7 == step % 7) {
            throw new IllegalArgumentException("bad");
        }
    }

    static long[] sequential(int size) {
        long[] x = new long[size];
        long[] c = new long[6 * size];
        for (int r = 0; r < size; r++) x[r] = r + 1;
        for (int step = 0; step < STEPS; step++) {
            long[] next = new long[size];
            for (int r = 0; r < size; r++) {
                long in = x[(r - 1 + size) % size];
                next[r] = (x[r] * 3 + in) % P;
                try {
                    check(next[r], step);
                    c[6 * r]++;
                } catch (ArithmeticException | IllegalArgumentException e) {
                    c[6 * r + 1] += e.getMessage().length();
                }
                c[6 * r + 2]++;
            }
            x = next;
            if (step % 5 == 4) {
                for (int r = 0; r < size; r++) c[6 * r + 4] += step;
                continue;
            }
            next = new long[size];
            for (int r = 0; r < size; r++) {
                long in = x[(r - 1 + size) % size];
                next[r] = (x[r] + 7 * in) % P;
                if (in % 4 == 1) c[6 * r + 3]++;
                c[6 * r + 4] += step;
            }
            x = next;
            if (step == STEPS - 2) break;
        }
        for (int r = 0; r < size; r++) c[6 * r + 4] += 100 + "nested".length();
        return c;
    }
}
