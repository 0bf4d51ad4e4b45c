import bamboo.Bamboo;
import mpi.MPI;
import mpi.Status;

/**
 * Written the way MPJ Express's examples are: no throws clauses (MPIException is unchecked), the rank
 * asked of MPI.COMM_WORLD at each use, Object[] buffers of serialisable values. Every rank sends a
 * String and an Integer[] to rank 0, which takes them in arrival order with ANY_SOURCE and reads the
 * sender and the tag from the Status fields and the length from Get_count; a ring passes an Object[]
 * token around in a region.
 */
@Bamboo
public class MpjObjects {
    static final int TAG_NAME = 7;
    static final int TAG_VALUES = 8;
    static final int TAG_RING = 9;

    public static void main(String[] args) {
        MPI.Init(args);
        String[] name = {"rank-" + MPI.COMM_WORLD.Rank()};
        Integer[] values = new Integer[MPI.COMM_WORLD.Rank() % 3 + 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = MPI.COMM_WORLD.Rank() * 10 + i;
        }
        Object[] token = {0};
        Object[] got = new Object[1];
        for (int lap = 0; lap < 3; lap++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.OBJECT, (MPI.COMM_WORLD.Rank() + 1) % MPI.COMM_WORLD.Size(),
                            TAG_RING);
                }
                receive: {
                    MPI.COMM_WORLD.Recv(got, 0, 1, MPI.OBJECT,
                            (MPI.COMM_WORLD.Rank() + MPI.COMM_WORLD.Size() - 1) % MPI.COMM_WORLD.Size(), TAG_RING);
                }
                compute: {
                    token[0] = (Integer) got[0] + MPI.COMM_WORLD.Rank() + 1;
                }
            }
        }
        if (MPI.COMM_WORLD.Rank() != 0) {
            MPI.COMM_WORLD.Send(name, 0, 1, MPI.OBJECT, 0, TAG_NAME);
            MPI.COMM_WORLD.Send(values, 0, values.length, MPI.OBJECT, 0, TAG_VALUES);
        } else {
            boolean ok = true;
            int seen = 0;
            long total = 0;
            for (int k = 1; k < 2 * MPI.COMM_WORLD.Size() - 1; k++) {
                Object[] box = new Object[3];
                Status s = MPI.COMM_WORLD.Recv(box, 0, 3, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                if (s.tag == TAG_NAME) {
                    ok &= s.Get_count(MPI.OBJECT) == 1 && ("rank-" + s.source).equals(box[0]);
                    seen++;
                } else {
                    ok &= s.tag == TAG_VALUES && s.Get_count(MPI.OBJECT) == s.source % 3 + 1;
                    for (int i = 0; i < s.Get_count(MPI.OBJECT); i++) {
                        ok &= box[i].equals(s.source * 10 + i);
                        total += (Integer) box[i];
                    }
                }
            }
            long expected = 0;
            for (int r = 1; r < MPI.COMM_WORLD.Size(); r++) {
                for (int i = 0; i <= r % 3; i++) {
                    expected += r * 10 + i;
                }
            }
            // The token: each lap every rank adds rank + 1 to what its left neighbour had.
            int[] t = new int[MPI.COMM_WORLD.Size()];
            for (int lap = 0; lap < 3; lap++) {
                int[] next = new int[t.length];
                for (int r = 0; r < t.length; r++) {
                    next[r] = t[(r + t.length - 1) % t.length] + r + 1;
                }
                t = next;
            }
            ok &= seen == MPI.COMM_WORLD.Size() - 1 && total == expected && (Integer) token[0] == t[0];
            System.out.println("mpj-objects names and values from every rank, ring token" + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }
}
