package testprog;

import java.io.Serializable;
import mpi.MPI;
import mpi.MPIException;

/** Sends an object of a program class: the receiver must get an instance of its own rank's class. */
public class ObjectProgram {
    /** A program class, loaded separately by each rank. */
    public static final class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        final double x;

        Particle(double x) {
            this.x = x;
        }
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.Rank() == 0) {
            MPI.COMM_WORLD.Send(new Object[] {new Particle(2.5)}, 0, 1, MPI.OBJECT, 1, 0);
        } else {
            final Object[] in = new Object[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.OBJECT, 0, 0);
            final Particle p = (Particle) in[0]; // ClassCastException if resolved in rank 0's loader
            if (p.x != 2.5 || Particle.class.getClassLoader() != ObjectProgram.class.getClassLoader()) {
                throw new IllegalStateException("wrong particle " + p.x);
            }
        }
        MPI.Finalize();
    }
}
