package bamboo.shim.job;

/** What one rank runs in {@link ThreadsJob#run}: MPI is already initialised (a later {@code MPI.Init} is
 *  accepted once), and {@code MPI.COMM_WORLD} is this rank's. */
@FunctionalInterface
public interface RankBody {
    void run(int rank, int size) throws Exception;
}
