import bamboo.Bamboo;
import mpi.*;

/**
 * Communicators kept in statics, as programs written for one rank per JVM do: a {@code static final}
 * initialised from {@code MPI.COMM_WORLD}, a static set in main, a static initialiser that records the
 * world, and a helper that sends on the final one. A ring shift in a region and a reduction on each.
 */
@Bamboo
public class StaticComm {
    static final Intracomm WORLD = MPI.COMM_WORLD;
    static Intracomm comm;
    static Comm recorded;

    static {
        recorded = MPI.COMM_WORLD;
    }

    static void pass(long[] v, int to) throws MPIException {
        WORLD.Send(v, 0, 1, MPI.LONG, to, 4);
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        comm = MPI.COMM_WORLD;
        int rank = WORLD.Rank();
        int size = comm.Size();
        long[] value = {rank + 1};
        long[] got = new long[1];
        long seen = 0;
        for (int step = 0; step < size; step++) {
            olap: {
                send: {
                    comm.Send(value, 0, 1, MPI.LONG, (rank + 1) % size, 3);
                }
                receive: {
                    WORLD.Recv(got, 0, 1, MPI.LONG, (rank + size - 1) % size, 3);
                }
                compute: {
                    seen += got[0];
                    value[0] = got[0];
                }
            }
        }
        pass(value, (rank + 1) % size);
        comm.Recv(got, 0, 1, MPI.LONG, (rank + size - 1) % size, 4);
        long[] all = new long[2];
        WORLD.Allreduce(new long[] {seen, got[0]}, 0, all, 0, 2, MPI.LONG, MPI.SUM);
        boolean same = Comm.Compare(recorded, WORLD) == MPI.IDENT && recorded.Size() == size;
        long expect = (long) size * size * (size + 1) / 2;
        if (rank == 0) {
            System.out.println("static-comm: " + (all[0] == expect && all[1] == expect / size && same ? "OK"
                    : "FAIL " + all[0] + " " + all[1] + " " + same));
        }
        MPI.Finalize();
    }
}
