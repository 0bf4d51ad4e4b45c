package mpi;

/** An intra-communicator: point-to-point from {@link Comm} plus collectives and communicator creation. */
public class Intracomm extends Comm {

    Intracomm(Comm parent, int[] worldRanks, int context) {
        super(parent, worldRanks, context);
    }
}
