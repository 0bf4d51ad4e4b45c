import bamboo.Bamboo;
import mpi.*;

/**
 * Request idioms of hand-written programs: a wait chained on the send it completes
 * ({@code comm.Isend(...).Wait()}, {@code .Test()}), in a send block and outside regions, and request
 * variables declared without an initialiser directly in a region and assigned in its blocks, next to a
 * later declaration of the same name after the region. A ring shift, checked against the sum of ranks.
 */
@Bamboo
public class RequestIdioms {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.Rank();
        int size = comm.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        long[] value = {rank};
        long[] got = new long[1];
        long seen = 0;
        for (int step = 0; step < size; step++) {
            olap: {
                Request r;
                int from;
                send: {
                    comm.Isend(value, 0, 1, MPI.LONG, right, 1).Wait();
                }
                receive: {
                    r = comm.Irecv(got, 0, 1, MPI.LONG, left, 1);
                }
                compute: {
                    r.Wait();
                    from = left;
                    seen += got[0] + from - left;
                    value[0] = got[0];
                }
            }
            int from = step;
            seen += from - step;
        }
        Request last;
        last = comm.Irecv(got, 0, 1, MPI.LONG, left, 2);
        Status sent = comm.Isend(value, 0, 1, MPI.LONG, right, 2).Test();
        last.Wait();
        MPI.COMM_WORLD.Isend(got, 0, 1, MPI.LONG, right, 3).Wait();
        MPI.COMM_WORLD.Recv(value, 0, 1, MPI.LONG, left, 3);
        long[] all = new long[1];
        comm.Reduce(new long[] {seen == (long) size * (size - 1) / 2 && sent != null ? 1 : 0}, 0, all, 0, 1,
                MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("request-idioms: " + (all[0] == size ? "OK" : "FAIL " + all[0] + " of " + size));
        }
        MPI.Finalize();
    }
}
