package bamboo.examples.moldyn;

import static bamboo.examples.moldyn.kernel.MdBench.energy;
import static bamboo.examples.moldyn.kernel.MdBench.force;
import static bamboo.examples.moldyn.kernel.MdBench.gEnergy;
import static bamboo.examples.moldyn.kernel.MdBench.nPart;
import static bamboo.examples.moldyn.kernel.MdBench.total;

import bamboo.Bamboo;
import bamboo.examples.common.Params;
import bamboo.examples.common.Reference;
import bamboo.examples.common.Report;
import bamboo.examples.moldyn.kernel.MdBench;
import bamboo.examples.moldyn.kernel.Particles;
import mpi.MPI;
import mpi.MPIException;

/**
 * Molecular dynamics of Lennard-Jones particles in the style of the Java Grande MPJ benchmarks: every
 * process holds all coordinates, computes the forces on its block of particles, and the forces and the
 * potential energy are {@code Allreduce}d each step before every process moves all particles. Rank 0
 * checks positions, velocities and energy.
 *
 * <p>Arguments ({@code key=value}): {@code mm} (particles per lattice side, default 12: 1728 particles),
 * {@code steps} (20), {@code dt} (0.002), {@code warmup} (true: an untimed {@code MdBench.warmUp()} before
 * the timer), {@code check} (the expected {@link Reference}; computed on rank 0 if absent).
 */
@Bamboo
public class Annotated {
    static final String APP = "moldyn";
    static final String FORM = "annotated";

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        Params p = new Params(APP, argv);
        int mm = p.positive("mm", 12);
        int steps = p.positive("steps", 20);
        double dt = p.positiveReal("dt", 0.002);
        String check = p.text("check", "");
        boolean warmup = p.flag("warmup", true);
        p.requireAllUsed();
        if (warmup) {
            MdBench.warmUp();  // untimed, and before the constructor: it uses the statics too
        }
        new MdBench(MPI.COMM_WORLD.Size(), MPI.COMM_WORLD.Rank(), mm, dt);

        MPI.COMM_WORLD.Barrier();
        double t0 = MPI.Wtime();
        for (int step = 0; step < steps; step++) {
            olap: {
            compute: {
            MdBench.forces();
            MPI.COMM_WORLD.Allreduce(force[0], 0, total[0], 0, nPart, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.Allreduce(force[1], 0, total[1], 0, nPart, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.Allreduce(force[2], 0, total[2], 0, nPart, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.Allreduce(energy, 0, gEnergy, 0, 1, MPI.DOUBLE, MPI.SUM);
            MdBench.move();
            }
            }
        }
        double[] time = {MPI.Wtime() - t0};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);

        if (MdBench.rank == 0) {
            double e = gEnergy[0] + Particles.kinetic(MdBench.vel);
            Report.info(APP, FORM, nPart + " particles, " + steps + " steps, " + MdBench.nprocess
                    + " ranks, energy " + e);
            Reference ref = check.isEmpty() ? Particles.sequential(mm, steps, dt) : Reference.decode(APP, check);
            // the potential energy is a sum over processes, reduced in another order than sequentially
            Report.verify(APP, FORM, "energy", Particles.checksum(MdBench.pos, MdBench.vel), e, ref, 1e-10);
            Report.time(APP, FORM, maxTime[0]);
        }
        MPI.Finalize();
    }
}
