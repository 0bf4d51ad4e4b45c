package bamboo.examples.moldyn.kernel;

import bamboo.examples.common.Decomp;
import bamboo.examples.common.JitSettle;

/**
 * A molecular-dynamics run of {@code mm^3} Lennard-Jones particles, written the way the Java Grande MPJ
 * benchmarks are: rank, process count, the block of particles whose forces this process computes, the
 * replicated coordinates and the force and energy buffers are public statics set by the constructor. No
 * MPI here: each step {@link #forces()} fills {@link #force} (zero outside the own block) and
 * {@link #energy}, the program sums them over the processes into {@link #total} and {@link #gEnergy},
 * and {@link #move()} advances every particle, the same on every process.
 */
public class MdBench {
    public static int nprocess;
    public static int rank;
    public static int mm;
    public static int nPart;
    /** The particles whose forces this process computes: {@code first} up to {@code last}, exclusive. */
    public static int first;
    public static int last;
    public static double side;
    public static double rc2;
    public static double dt;
    public static double[][] pos;
    public static double[][] vel;
    public static double[][] force;
    public static double[][] total;
    /** Potential energy of this process's particles, then summed over the processes. */
    public static double[] energy;
    public static double[] gEnergy;

    /** Makes process {@code rank}'s share of a fresh run the current one. */
    public MdBench(int nprocess, int rank, int mm, double dt) {
        MdBench.nprocess = nprocess;
        MdBench.rank = rank;
        MdBench.mm = mm;
        MdBench.dt = dt;
        nPart = mm * mm * mm;
        Decomp.requireSplittable("moldyn", "particles (mm^3)", nPart, nprocess, 1);
        first = Decomp.start(nPart, nprocess, rank);
        last = first + Decomp.size(nPart, nprocess, rank);
        side = Particles.side(mm);
        rc2 = Particles.cutoff2(side);
        pos = new double[3][nPart];
        vel = new double[3][nPart];
        force = new double[3][nPart];
        total = new double[3][nPart];
        energy = new double[1];
        gEnergy = new double[1];
        Particles.initial(mm, pos, vel);
    }

    /** The forces on this process's particles, and their potential energy. */
    public static void forces() {
        double u = 0;
        for (int i = first; i < last; i++) {
            u += Particles.force(i, pos, force, side, rc2);
        }
        energy[0] = u;
    }

    /** Advances every particle under the summed forces {@link #total}. */
    public static void move() {
        Particles.move(pos, vel, total, dt, side);
    }

    /** Rounds of {@link #warmUp()}: steps of a small system, enough for C2 to compile the step. */
    private static final int WARM_UP_ROUNDS = 300;

    /**
     * Compiles the step before the timer starts, on a small system of its own. It overwrites the statics:
     * call it before the constructor that sets up the real problem.
     */
    public static void warmUp() {
        new MdBench(1, 0, 5, 0.002);
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            forces();
            System.arraycopy(force[0], 0, total[0], 0, nPart);
            System.arraycopy(force[1], 0, total[1], 0, nPart);
            System.arraycopy(force[2], 0, total[2], 0, nPart);
            move();
        }
        JitSettle.await();
    }
}
