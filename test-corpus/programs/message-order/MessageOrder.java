import bamboo.Bamboo;
import mpi.*;

/**
 * Several messages with the same (source, tag) in one region must be received in the order they were
 * sent (MPI's non-overtaking rule), while messages with different tags may be received in any order: the
 * receive block posts the tag-B receive before the three tag-A receives, whose sender sent them first.
 * Every rank checks the sequence numbers it got.
 */
@Bamboo
public class MessageOrder {
    static final int ITERS = 6;
    static final int TAG_A = 230;
    static final int TAG_B = 231;
    static final int TAG_RESULT = 232;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        int[] a0 = new int[2];
        int[] a1 = new int[2];
        int[] a2 = new int[2];
        int[] b = new int[2];
        int[][] out = new int[4][2];
        Request[] reqs = new Request[8];
        int bad = 0;
        long trace = 0;
        for (int iter = 0; iter < ITERS; iter++) {
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(b, 0, 2, MPI.INT, left, TAG_B);
                    reqs[1] = MPI.COMM_WORLD.Irecv(a0, 0, 2, MPI.INT, left, TAG_A);
                    reqs[2] = MPI.COMM_WORLD.Irecv(a1, 0, 2, MPI.INT, left, TAG_A);
                    reqs[3] = MPI.COMM_WORLD.Irecv(a2, 0, 2, MPI.INT, left, TAG_A);
                }
                send: {
                    for (int s = 0; s < 4; s++) {
                        out[s][0] = left * 1000 + iter * 10 + s;
                        out[s][1] = s;
                    }
                    reqs[4] = MPI.COMM_WORLD.Isend(out[0], 0, 2, MPI.INT, right, TAG_A);
                    reqs[5] = MPI.COMM_WORLD.Isend(out[1], 0, 2, MPI.INT, right, TAG_A);
                    reqs[6] = MPI.COMM_WORLD.Isend(out[2], 0, 2, MPI.INT, right, TAG_A);
                    reqs[7] = MPI.COMM_WORLD.Isend(out[3], 0, 2, MPI.INT, right, TAG_B);
                }
                compute: {
                    Request.Waitall(reqs);
                    int base = ((left - 1 + size) % size) * 1000 + iter * 10;
                    if (a0[0] != base || a0[1] != 0) bad++;
                    if (a1[0] != base + 1 || a1[1] != 1) bad++;
                    if (a2[0] != base + 2 || a2[1] != 2) bad++;
                    if (b[0] != base + 3 || b[1] != 3) bad++;
                    trace += a0[1] + 10 * a1[1] + 100 * a2[1] + 1000 * b[1];
                }
            }
        }
        int[] result = {bad};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(result, 0, 1, MPI.INT, 0, TAG_RESULT);
        } else {
            for (int src = 1; src < size; src++) {
                int[] r = new int[1];
                MPI.COMM_WORLD.Recv(r, 0, 1, MPI.INT, src, TAG_RESULT);
                bad += r[0];
            }
            System.out.println("message-order rank0-trace=" + trace + (bad == 0 ? " OK" : " FAIL out-of-order=" + bad));
        }
        MPI.Finalize();
    }
}
