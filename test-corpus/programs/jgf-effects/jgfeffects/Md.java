package corpus.jgfeffects;

import mpi.*;

/** The kernel: statics and fields as MolDyn and MonteCarlo keep them. */
public class Md {
    public static double count = 0.0;
    public static Particle[] one;
    static String prompt = "md> ";
    static final int PARTS = 4;

    int rank;
    double vel;
    long total;
    String shown;

    public Md(int rank) {
        this.rank = rank;
        this.shown = prompt;
    }

    public void run(int nprocess, int iters) throws MPIException {
        one = new Particle[PARTS];
        for (int i = 0; i < PARTS; i++) {
            one[i] = new Particle(rank * PARTS + i - 3);
        }
        long[] ring = {0};
        long[] got = {0};
        int right = (rank + 1) % nprocess;
        int left = (rank + nprocess - 1) % nprocess;
        for (int it = 0; it < iters; it++) {
            vel = 0.0;
            count = 0.0;
            for (int i = 0; i < PARTS; i++) {
                vel = vel + one[i].velavg(1.5);
            }
            ring[0] = (long) vel + (long) count;
            olap: {
                compute: {
                    MPI.COMM_WORLD.Sendrecv(ring, 0, 1, MPI.LONG, right, 7, got, 0, 1, MPI.LONG, left, 7);
                    total += got[0];
                }
            }
            for (int i = 0; i < PARTS; i++) {
                one[i].xv = one[i].xv + 1;
            }
        }
    }

    public long total() {
        return total;
    }

    public String shown() {
        return shown;
    }

    /** What every rank sends, summed over ranks and iterations: what the ranks receive in all. */
    public static long reference(int nprocess, int iters) {
        long t = 0;
        for (int r = 0; r < nprocess; r++) {
            for (int it = 0; it < iters; it++) {
                for (int i = 0; i < PARTS; i++) {
                    long x = Math.abs((long) r * PARTS + i - 3 + it);
                    t += x + (x > 1 ? 1 : 0);
                }
            }
        }
        return t;
    }
}
