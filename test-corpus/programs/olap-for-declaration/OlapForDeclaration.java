import bamboo.Bamboo;
import mpi.*;

/**
 * A region on a for loop whose body starts with declarations without initialiser (a request and a
 * count), assigned in the receive and compute blocks of every iteration; the same names are declared
 * again after the loop.
 */
@Bamboo
public class OlapForDeclaration {
    static final int STEPS = 7;
    static final int TAG = 33;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        long[] x = {rank + 3};
        long[] in = new long[1];
        long[] out = new long[1];
        olap: for (int step = 0; step < STEPS; step++) {
            Request r;
            int mixed;
            receive: {
                r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.LONG, left, TAG);
            }
            send: {
                out[0] = x[0];
                MPI.COMM_WORLD.Send(out, 0, 1, MPI.LONG, right, TAG);
            }
            compute: {
                r.Wait();
                mixed = (int) (in[0] % 97);
                x[0] = (x[0] * 3 + mixed + step) % 1_000_003L;
            }
        }
        long[] all = new long[size];
        MPI.COMM_WORLD.Gather(x, 0, 1, MPI.LONG, all, 0, 1, MPI.LONG, 0);
        int mixed = 0;
        if (rank == 0) {
            long[] seq = new long[size];
            for (int q = 0; q < size; q++) seq[q] = q + 3;
            for (int step = 0; step < STEPS; step++) {
                long[] next = new long[size];
                for (int q = 0; q < size; q++) next[q] = (seq[q] * 3 + seq[(q - 1 + size) % size] % 97 + step) % 1_000_003L;
                seq = next;
            }
            for (long a : all) mixed += (int) (a % 2);
            System.out.println("olap-for-declaration " + (java.util.Arrays.equals(all, seq) ? "OK" : "FAIL"));
        }
        MPI.Finalize();
    }
}
