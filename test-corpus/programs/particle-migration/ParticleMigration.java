import bamboo.Bamboo;
import mpi.*;

/**
 * Particles as objects: each rank owns the particles whose position lies in its slice of a periodic line
 * and moves them every step; particles that leave the slice travel to the neighbouring rank as an
 * Object[] of Particle records (MPI.OBJECT, by serialisation), preceded by their count in the same
 * region's first message. Positions are integers, so the final set is exact; rank 0 gathers it.
 */
@Bamboo
public class ParticleMigration {
    static final int L = 96;
    static final int PARTICLES = 40;
    static final int STEPS = 12;
    /** Tags by direction of travel, so that with two ranks (left and right the same) nothing mixes. */
    static final int TAG_COUNT_LEFTWARD = 410;
    static final int TAG_COUNT_RIGHTWARD = 411;
    static final int TAG_MOVE_LEFTWARD = 412;
    static final int TAG_MOVE_RIGHTWARD = 413;
    static final int TAG_RESULT = 414;

    /** A particle: an id, a position on the line and a velocity (at most one slice per step). */
    record Particle(int id, int x, int v) implements java.io.Serializable {
        Particle moved() {
            return new Particle(id, Math.floorMod(x + v, L), v);
        }
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        java.util.List<Particle> mine = new java.util.ArrayList<>();
        for (Particle p : initial()) if (owner(p.x(), size) == rank) mine.add(p);
        int[] outCounts = new int[2];
        int[] inLeft = new int[1];
        int[] inRight = new int[1];
        Request[] reqs = new Request[4];
        for (int step = 0; step < STEPS; step++) {
            java.util.List<Particle> stay = new java.util.ArrayList<>();
            java.util.List<Particle> toLeft = new java.util.ArrayList<>();
            java.util.List<Particle> toRight = new java.util.ArrayList<>();
            for (Particle p : mine) {
                Particle q = p.moved();
                int o = owner(q.x(), size);
                if (o == rank) stay.add(q);
                else if (o == right && p.v() > 0) toRight.add(q);
                else toLeft.add(q);
            }
            Object[] sendLeft = toLeft.toArray();
            Object[] sendRight = toRight.toArray();
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(inLeft, 0, 1, MPI.INT, left, TAG_COUNT_RIGHTWARD);
                    reqs[1] = MPI.COMM_WORLD.Irecv(inRight, 0, 1, MPI.INT, right, TAG_COUNT_LEFTWARD);
                }
                send: {
                    outCounts[0] = sendLeft.length;
                    outCounts[1] = sendRight.length;
                    reqs[2] = MPI.COMM_WORLD.Isend(outCounts, 0, 1, MPI.INT, left, TAG_COUNT_LEFTWARD);
                    reqs[3] = MPI.COMM_WORLD.Isend(outCounts, 1, 1, MPI.INT, right, TAG_COUNT_RIGHTWARD);
                }
                compute: {
                    Request.Waitall(reqs);
                }
            }
            Object[] fromLeft = new Object[inLeft[0]];
            Object[] fromRight = new Object[inRight[0]];
            olap: {
                receive: {
                    reqs[0] = MPI.COMM_WORLD.Irecv(fromLeft, 0, fromLeft.length, MPI.OBJECT, left, TAG_MOVE_RIGHTWARD);
                    reqs[1] = MPI.COMM_WORLD.Irecv(fromRight, 0, fromRight.length, MPI.OBJECT, right, TAG_MOVE_LEFTWARD);
                }
                send: {
                    reqs[2] = MPI.COMM_WORLD.Isend(sendLeft, 0, sendLeft.length, MPI.OBJECT, left, TAG_MOVE_LEFTWARD);
                    reqs[3] = MPI.COMM_WORLD.Isend(sendRight, 0, sendRight.length, MPI.OBJECT, right, TAG_MOVE_RIGHTWARD);
                }
                compute: {
                    Request.Waitall(reqs);
                    for (Object o : fromLeft) stay.add((Particle) o);
                    for (Object o : fromRight) stay.add((Particle) o);
                }
            }
            mine = stay;
        }
        int bad = 0;
        for (Particle p : mine) if (owner(p.x(), size) != rank) bad++;
        Object[] out = mine.toArray();
        int[] meta = {out.length, bad};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(meta, 0, 2, MPI.INT, 0, TAG_RESULT);
            MPI.COMM_WORLD.Send(out, 0, out.length, MPI.OBJECT, 0, TAG_RESULT);
        } else {
            java.util.List<Particle> all = new java.util.ArrayList<>(mine);
            for (int src = 1; src < size; src++) {
                MPI.COMM_WORLD.Recv(meta, 0, 2, MPI.INT, src, TAG_RESULT);
                bad += meta[1];
                Object[] got = new Object[meta[0]];
                MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.OBJECT, src, TAG_RESULT);
                for (Object o : got) all.add((Particle) o);
            }
            all.sort(java.util.Comparator.comparingInt(Particle::id));
            java.util.List<Particle> expected = new java.util.ArrayList<>(initial());
            for (int step = 0; step < STEPS; step++) expected.replaceAll(Particle::moved);
            long check = 0;
            for (Particle p : all) check += (long) (p.id() + 1) * p.x();
            boolean ok = bad == 0 && all.equals(expected);
            System.out.println("particle-migration particles=" + all.size() + " check=" + check + (ok ? " OK" : " FAIL misplaced=" + bad));
        }
        MPI.Finalize();
    }

    static java.util.List<Particle> initial() {
        java.util.List<Particle> ps = new java.util.ArrayList<>();
        for (int id = 0; id < PARTICLES; id++) ps.add(new Particle(id, (id * 37) % L, (id % 5) - 2));
        return ps;
    }

    /** Rank owning position x: ranks own equal-ish slices of the line. */
    static int owner(int x, int size) {
        return (int) ((long) x * size / L);
    }
}
