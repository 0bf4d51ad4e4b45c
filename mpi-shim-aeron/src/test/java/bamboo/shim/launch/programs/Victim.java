package bamboo.shim.launch.programs;

import java.nio.file.Files;
import java.nio.file.Path;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 1 posts a receive of one object from rank 0 and prints what it got; rank 0 sends only once the
 * file {@code args[0]} exists (the test has attacked meanwhile). With {@code args[1]} = "file" rank 0
 * sends a {@link java.io.File}, a class MPI.OBJECT data may not carry.
 */
public final class Victim {
    private Victim() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        if (rank == 0) {
            final Path go = Path.of(args[0]);
            for (int i = 0; i < 12_000 && !Files.exists(go); i++) {
                Thread.sleep(10);
            }
            final Object payload = args.length > 1 && args[1].equals("file") ? new java.io.File("/etc/passwd")
                    : "genuine";
            MPI.COMM_WORLD.Send(new Object[] {payload}, 0, 1, MPI.OBJECT, 1, 1);
        } else if (rank == 1) {
            final Object[] got = new Object[1];
            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.OBJECT, 0, 1);
            System.out.println("rank 1 received " + got[0]);
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }
}
