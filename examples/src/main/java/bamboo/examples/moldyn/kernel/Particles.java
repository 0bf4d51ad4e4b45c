package bamboo.examples.moldyn.kernel;

import bamboo.examples.common.Hash;
import bamboo.examples.common.Reference;

/**
 * The arithmetic of the molecular-dynamics example that holds no state: Lennard-Jones particles in a
 * periodic cube (reduced units, density 0.8, cut-off 2.5 or half the box), the force on one particle
 * from all the others, the time step (symplectic Euler), and the sequential run the distributed ones are
 * checked against. Coordinates are {@code double[3][N]}: x, y and z rows.
 */
public final class Particles {
    static final double DENSITY = 0.8;

    private Particles() {
    }

    /** The side of the cube that holds {@code mm^3} particles at the density. */
    public static double side(int mm) {
        return Math.cbrt(mm * mm * mm / DENSITY);
    }

    /** Squared cut-off radius for a cube of side {@code side}. */
    public static double cutoff2(double side) {
        double rc = Math.min(2.5, side / 2);
        return rc * rc;
    }

    /** Places {@code mm^3} particles on a jittered lattice and gives them small velocities. */
    public static void initial(int mm, double[][] pos, double[][] vel) {
        double a = side(mm) / mm;
        int p = 0;
        for (int ix = 0; ix < mm; ix++) {
            for (int iy = 0; iy < mm; iy++) {
                for (int iz = 0; iz < mm; iz++) {
                    int[] cell = {ix, iy, iz};
                    for (int d = 0; d < 3; d++) {
                        pos[d][p] = (cell[d] + 0.5 + 0.1 * (unit(p, d) - 0.5)) * a;
                        vel[d][p] = unit(p, d + 3) - 0.5;
                    }
                    p++;
                }
            }
        }
    }

    /** A value in [0, 1) from particle {@code p} and stream {@code s}. */
    private static double unit(int p, int s) {
        return (Hash.mix(p * 8L + s + 1) >>> 11) * 0x1.0p-53;
    }

    /**
     * The force on particle {@code i} from every other (minimum image, cut off) into {@code force[d][i]};
     * returns its share of the potential energy (half of its pair energies).
     */
    public static double force(int i, double[][] pos, double[][] force, double side, double rc2) {
        final double[] x = pos[0], y = pos[1], z = pos[2];
        final double xi = x[i], yi = y[i], zi = z[i];
        final double half = side / 2;
        double fx = 0, fy = 0, fz = 0, u = 0;
        for (int j = 0, n = x.length; j < n; j++) {
            if (j == i) {
                continue;
            }
            double dx = wrap(xi - x[j], side, half);
            double dy = wrap(yi - y[j], side, half);
            double dz = wrap(zi - z[j], side, half);
            double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < rc2) {
                double sr2 = 1.0 / r2;
                double sr6 = sr2 * sr2 * sr2;
                double f = 24.0 * sr6 * (2.0 * sr6 - 1.0) * sr2;
                fx += f * dx;
                fy += f * dy;
                fz += f * dz;
                u += 2.0 * sr6 * (sr6 - 1.0);
            }
        }
        force[0][i] = fx;
        force[1][i] = fy;
        force[2][i] = fz;
        return u;
    }

    private static double wrap(double d, double side, double half) {
        return d > half ? d - side : d < -half ? d + side : d;
    }

    /** One step of every particle under {@code force}: velocities, then positions, kept in the box. */
    public static void move(double[][] pos, double[][] vel, double[][] force, double dt, double side) {
        for (int d = 0; d < 3; d++) {
            double[] x = pos[d], v = vel[d], f = force[d];
            for (int p = 0; p < x.length; p++) {
                v[p] += dt * f[p];
                double nx = x[p] + dt * v[p];
                x[p] = nx < 0 ? nx + side : nx >= side ? nx - side : nx;
            }
        }
    }

    /** The kinetic energy of all particles (unit mass), summed in particle order. */
    public static double kinetic(double[][] vel) {
        double k = 0;
        for (int p = 0; p < vel[0].length; p++) {
            k += 0.5 * (vel[0][p] * vel[0][p] + vel[1][p] * vel[1][p] + vel[2][p] * vel[2][p]);
        }
        return k;
    }

    /** {@link Hash} of the positions and velocities, by particle and coordinate. */
    public static long checksum(double[][] pos, double[][] vel) {
        long sum = 0;
        int n = pos[0].length;
        for (int d = 0; d < 3; d++) {
            for (int p = 0; p < n; p++) {
                // + 0.0 makes a -0.0 (a sum of zeros may give either sign) count as 0.0
                sum += Hash.term((long) d * n + p, pos[d][p] + 0.0);
                sum += Hash.term((long) (d + 3) * n + p, vel[d][p] + 0.0);
            }
        }
        return sum;
    }

    /** What {@code steps} steps of {@code mm^3} particles must report: the checksum and the total energy
     *  (potential energy of the last force evaluation plus the final kinetic energy). */
    public static Reference sequential(int mm, int steps, double dt) {
        int n = mm * mm * mm;
        double[][] pos = new double[3][n];
        double[][] vel = new double[3][n];
        double[][] force = new double[3][n];
        initial(mm, pos, vel);
        double side = side(mm);
        double rc2 = cutoff2(side);
        double epot = 0;
        for (int s = 0; s < steps; s++) {
            epot = 0;
            for (int i = 0; i < n; i++) {
                epot += force(i, pos, force, side, rc2);
            }
            move(pos, vel, force, dt, side);
        }
        return new Reference(checksum(pos, vel), epot + kinetic(vel));
    }
}
