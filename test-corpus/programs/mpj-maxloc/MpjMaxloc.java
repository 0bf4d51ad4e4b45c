import bamboo.Bamboo;
import mpi.*;

/**
 * MPJ Express style with its constants and calls: a ring shift in a region and by Sendrecv_replace, the
 * location of the largest and smallest value by Allreduce with MPI.MAXLOC on INT2 and MPI.MINLOC on
 * DOUBLE2, Get_count of the ring's status, the predefined attribute TAG_UB by Attr_get, the null
 * handles (a Split with UNDEFINED colour, GROUP_NULL in group algebra, EMPTY_STATUS) and the thread
 * queries MPJ Express programs call.
 */
@Bamboo
public class MpjMaxloc {
    public static void main(String[] args) {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int np = MPI.COMM_WORLD.Size();
        boolean ok = MPI.queryThread() == MPI.THREAD_MULTIPLE && MPI.isMainThread();
        int[] ring = {me, me * me};
        int[] in = new int[2];
        for (int step = 0; step < np; step++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(ring, 0, 2, MPI.INT, (me + 1) % np, 3);
                }
                receive: {
                    Status s = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, MPI.ANY_SOURCE, 3);
                    ok &= s.source == (me + np - 1) % np && s.tag == 3 && s.Get_count(MPI.INT) == 2;
                }
                compute: {
                    ring[0] = in[0];
                    ring[1] = in[1];
                }
            }
        }
        for (int step = 0; step < np; step++) {
            Status s = MPI.COMM_WORLD.Sendrecv_replace(ring, 0, 2, MPI.INT, (me + 1) % np, 4, (me + np - 1) % np, 4);
            ok &= s.source == (me + np - 1) % np && s.tag == 4 && s.Get_count(MPI.INT) == 2;
        }
        ok &= ring[0] == me && ring[1] == me * me; // np shifts bring every pair home
        int[] mine = {(me * 7) % 5 + me, me};
        int[] best = new int[2];
        MPI.COMM_WORLD.Allreduce(mine, 0, best, 0, 1, MPI.INT2, MPI.MAXLOC);
        double[] low = {Math.abs(me - np / 2.0), me};
        double[] lowest = new double[2];
        MPI.COMM_WORLD.Allreduce(low, 0, lowest, 0, 1, MPI.DOUBLE2, MPI.MINLOC);
        int wantValue = Integer.MIN_VALUE;
        int wantAt = -1;
        double lowValue = Double.MAX_VALUE;
        int lowAt = -1;
        for (int r = 0; r < np; r++) {
            int v = (r * 7) % 5 + r;
            if (v > wantValue) {
                wantValue = v;
                wantAt = r;
            }
            if (Math.abs(r - np / 2.0) < lowValue) {
                lowValue = Math.abs(r - np / 2.0);
                lowAt = r;
            }
        }
        ok &= best[0] == wantValue && best[1] == wantAt && lowest[0] == lowValue && lowest[1] == lowAt;
        int tagUb = (Integer) MPI.COMM_WORLD.Attr_get(MPI.TAG_UB);
        ok &= tagUb >= 32767;
        Intracomm evens = MPI.COMM_WORLD.Split(me % 2 == 0 ? 0 : MPI.UNDEFINED, me);
        ok &= (evens == null) == (me % 2 == 1);
        Group world = MPI.COMM_WORLD.Group();
        ok &= Group.Union(world, MPI.GROUP_NULL) == world && MPI.GROUP_NULL.Size() == MPI.UNDEFINED;
        ok &= MPI.EMPTY_STATUS.source == MPI.ANY_SOURCE && MPI.EMPTY_STATUS.tag == MPI.ANY_TAG;
        int[] bad = {ok ? 0 : 1};
        int[] sum = new int[1];
        MPI.COMM_WORLD.Reduce(bad, 0, sum, 0, 1, MPI.INT, MPI.SUM, 0);
        if (me == 0) {
            System.out.println("mpj-maxloc ring shifts, MAXLOC and MINLOC, TAG_UB, null handles"
                    + (sum[0] == 0 ? " OK" : " FAIL on " + sum[0] + " ranks"));
        }
        MPI.Finalize();
    }
}
