package mpi;

/** An intra-communicator: point-to-point from {@link Comm} plus collectives and communicator creation. */
public class Intracomm extends Comm {

    /** COMM_WORLD (created once by {@link MPI}). */
    Intracomm() {
        super();
    }

    Intracomm(Comm parent, int[] worldRanks, int context) {
        super(parent, worldRanks, context);
    }
}
