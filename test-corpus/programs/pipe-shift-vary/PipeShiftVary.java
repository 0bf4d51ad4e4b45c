import bamboo.Bamboo;
import mpi.*;

/**
 * An all-to-all by shifts: in step t every rank sends to rank + t and receives from rank - t, with a tag
 * and a count that depend on t. Translated, the send block of step t+1 is pipelined into step t, and
 * reads the loop variable as t + 1 (t - 2 in the second loop, which counts down by two).
 */
@Bamboo
public class PipeShiftVary {
    static final int TAG = 100;
    static final int TAG_DOWN = 300;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] mine = {rank + 1, 2L * rank + 3, rank * rank + 5L};
        long[] out = new long[3];
        long[] in = new long[3];
        long acc = 0;
        Request[] sreq = new Request[2];
        for (int t = 1; t < size; t++) {
            olap: {
                send: {
                    int to = (rank + t) % size;
                    for (int j = 0; j < 1 + t % 3; j++) out[j] = mine[j] * t + rank;
                    sreq[0] = MPI.COMM_WORLD.Isend(out, 0, 1 + t % 3, MPI.LONG, to, TAG + t);
                }
                receive: {
                    int from = (rank - t + size) % size;
                    sreq[1] = MPI.COMM_WORLD.Irecv(in, 0, 1 + t % 3, MPI.LONG, from, TAG + t);
                }
                compute: {
                    Request.Waitall(sreq);
                    for (int j = 0; j < 1 + t % 3; j++) acc += in[j] * (t + j);
                }
            }
        }
        long[] down = new long[1];
        long[] got = new long[1];
        Request[] reqs = new Request[2];
        for (int t = size - 1; t >= 1; t -= 2) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(got, 0, 1, MPI.LONG, (rank + t) % size, TAG_DOWN + t);
                }
                send: {
                    down[0] = 1000L * t + rank;
                    reqs[1] = MPI.COMM_WORLD.Isend(down, 0, 1, MPI.LONG, (rank - t + size) % size, TAG_DOWN + t);
                }
                compute: {
                    Request.Waitall(reqs);
                    acc += got[0] * 3;
                }
            }
        }
        long[] total = new long[1];
        MPI.COMM_WORLD.Reduce(new long[] {acc}, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            long expected = 0;
            for (int r = 0; r < size; r++) {
                for (int t = 1; t < size; t++) {
                    int from = (r - t + size) % size;
                    long[] m = {from + 1, 2L * from + 3, (long) from * from + 5L};
                    for (int j = 0; j < 1 + t % 3; j++) expected += (m[j] * t + from) * (t + j);
                }
                for (int t = size - 1; t >= 1; t -= 2) {
                    expected += (1000L * t + (r + t) % size) * 3;
                }
            }
            System.out.println("pipe-shift-vary sum=" + (total[0] == expected ? "matches" : total[0] + "!=" + expected)
                    + (total[0] == expected ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }
}
