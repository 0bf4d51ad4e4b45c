import mpi.Cartcomm;
import mpi.MPI;
import mpi.Message;
import mpi.Request;
import mpi.Status;

/**
 * Exercises the MPI-3/4 extensions on whatever device runs it and prints one line per rank:
 * {@code ./bamboo run --np 4 scripts/Mpi3Check.java}, or with {@code --device aeron} for one JVM per rank.
 */
public class Mpi3Check {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int right = (rank + 1) % size;
        final int left = (rank + size - 1) % size;

        final long[] sum = new long[1];
        final Request reduce = MPI.COMM_WORLD.Iallreduce(new long[] {rank + 1}, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
        final int[] got = new int[1];
        final Request ring = MPI.COMM_WORLD.Isendrecv(new int[] {rank}, 0, 1, MPI.INT, right, 7, got, 0, 1, MPI.INT,
                left, 7);
        final int[] prefix = {-1};
        final Request exscan = MPI.COMM_WORLD.Iexscan(new int[] {1}, 0, prefix, 0, 1, MPI.INT, MPI.SUM);
        Request.Waitall(new Request[] {reduce, ring, exscan});
        check(sum[0] == (long) size * (size + 1) / 2, "Iallreduce");
        check(got[0] == left, "Isendrecv");
        check(prefix[0] == (rank == 0 ? -1 : rank), "Iexscan");

        MPI.COMM_WORLD.Send(new double[] {rank, 0.5}, 0, 2, MPI.DOUBLE, right, 9);
        final Message m = MPI.COMM_WORLD.Mprobe(MPI.ANY_SOURCE, 9);
        final double[] d = new double[m.Get_status().Get_count(MPI.DOUBLE)];
        final Status st = m.Mrecv(d, 0, d.length, MPI.DOUBLE);
        check(st.source == left && d.length == 2 && d[0] == left, "Mprobe/Mrecv");

        final Cartcomm ringComm = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);
        final int[] around = new int[2];
        ringComm.Ineighbor_allgather(new int[] {rank}, 0, 1, MPI.INT, around, 0, 1, MPI.INT).Wait();
        check(around[0] == left && around[1] == right, "Ineighbor_allgather");
        MPI.COMM_WORLD.Ibarrier().Wait();
        System.out.println("rank " + rank + " of " + size + ": MPI-3/4 extensions OK");
        MPI.Finalize();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + " gave a wrong result");
        }
    }
}
