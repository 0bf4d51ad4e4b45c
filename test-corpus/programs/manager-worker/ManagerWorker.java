import bamboo.Bamboo;
import mpi.*;

/**
 * A manager hands out work items on demand: rank 0 gives every worker one item, then receives results
 * from ANY_SOURCE and gives the worker that answered (Status.source) the next item, or a stop message
 * (another tag) when none is left. Workers receive with ANY_TAG and stop on the stop tag. Which worker
 * does which item depends on timing; the total does not, and only it is printed. With one rank, rank 0
 * does all the work itself.
 */
@Bamboo
public class ManagerWorker {
    static final int ITEMS = 37;
    static final int TAG_WORK = 450;
    static final int TAG_STOP = 451;
    static final int TAG_RESULT = 452;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] item = new int[1];
        long[] result = new long[2];
        if (rank == 0) {
            long total = 0;
            int done = 0;
            int next = 0;
            if (size == 1) {
                for (int i = 0; i < ITEMS; i++) total += work(i);
                done = ITEMS;
            } else {
                for (int w = 1; w < size; w++) {
                    item[0] = next < ITEMS ? next++ : -1;
                    MPI.COMM_WORLD.Send(item, 0, 1, MPI.INT, w, item[0] < 0 ? TAG_STOP : TAG_WORK);
                }
                int busy = Math.min(size - 1, ITEMS);
                while (busy > 0) {
                    Status st = MPI.COMM_WORLD.Recv(result, 0, 2, MPI.LONG, MPI.ANY_SOURCE, TAG_RESULT);
                    total += result[0];
                    done++;
                    if (result[1] != st.source) total += 1_000_000_000L; // a result must name its worker
                    if (next < ITEMS) {
                        item[0] = next++;
                        MPI.COMM_WORLD.Send(item, 0, 1, MPI.INT, st.source, TAG_WORK);
                    } else {
                        MPI.COMM_WORLD.Send(item, 0, 1, MPI.INT, st.source, TAG_STOP);
                        busy--;
                    }
                }
            }
            long expected = 0;
            for (int i = 0; i < ITEMS; i++) expected += work(i);
            System.out.println("manager-worker items=" + done + " total=" + total + (total == expected ? " OK" : " FAIL"));
        } else {
            Status st = null;
            while (true) {
                olap: {
                    receive: {
                        st = MPI.COMM_WORLD.Recv(item, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                    }
                    compute: {
                        if (st.tag == TAG_WORK) {
                            result[0] = work(item[0]);
                            result[1] = rank;
                        }
                    }
                }
                if (st.tag == TAG_STOP) break;
                MPI.COMM_WORLD.Send(result, 0, 2, MPI.LONG, 0, TAG_RESULT);
            }
        }
        MPI.Finalize();
    }

    static long work(int i) {
        long s = 0;
        for (int k = 0; k <= i % 7 + 3; k++) s += (long) (i + 1) * (k + 5) % 101;
        return s;
    }
}
