package bamboo.shim.launch.programs;

import bamboo.shim.engine.Binding;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends {@code args[0]} messages of 1 MiB to rank 1, which receives none of them for two seconds,
 * then all; rank 1 prints whether the unexpected bytes it held stayed within its budget (plus one
 * message, which may be let in when nothing is held).
 */
public final class Flood {
    private static final int MIB = 1 << 20;

    private Flood() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        final int n = Integer.parseInt(args[0]);
        final byte[] b = new byte[MIB];
        if (MPI.COMM_WORLD.Rank() == 0) {
            for (int i = 0; i < n; i++) {
                b[0] = (byte) i;
                MPI.COMM_WORLD.Send(b, 0, MIB, MPI.BYTE, 1, 1);
            }
        } else {
            Thread.sleep(2000);
            boolean inOrder = true;
            for (int i = 0; i < n; i++) {
                MPI.COMM_WORLD.Recv(b, 0, MIB, MPI.BYTE, 0, 1);
                inOrder &= b[0] == (byte) i;
            }
            final var budget = Binding.current().unexpectedBudget();
            System.out.println("received " + n + " in order: " + inOrder + ", held within the budget: "
                    + (budget.peak() <= budget.limit() + MIB));
        }
        MPI.Finalize();
    }
}
