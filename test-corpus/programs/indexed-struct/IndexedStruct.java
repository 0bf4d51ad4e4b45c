import bamboo.Bamboo;
import mpi.*;

/**
 * Particles stored as records of four ints (id, x, y, charge) in one int[]. Each ring step sends the
 * (x, y) of every record as one item of a Struct whose MPI.LB and MPI.UB make the extent four elements,
 * so count items walk the records, and the charges through an Indexed type; the receive lands them
 * straight into the matching fields of the records of another array, leaving the ids alone. Sendrecv
 * of an Indexed pick, a Bcast of a Vector type and Get_count with derived types are checked on the side.
 */
@Bamboo
public class IndexedStruct {
    static final int N = 6;
    static final int STEPS = 5;
    static final int REC = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        Datatype xy = Datatype.Struct(new int[] {1, 2, 1}, new int[] {0, 1, REC},
                new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        xy.Commit();
        int[] lengths = new int[N];
        int[] displs = new int[N];
        for (int i = 0; i < N; i++) {
            lengths[i] = 1;
            displs[i] = i * REC + 3;
        }
        Datatype charges = Datatype.Indexed(lengths, displs, MPI.INT);
        charges.Commit();
        int[] mine = new int[N * REC];
        int[] in = new int[N * REC];
        for (int i = 0; i < N; i++) {
            mine[i * REC] = -1 - i;
            in[i * REC] = -1 - i;
            fill(mine, i, rank, 0);
        }
        boolean ok = true;
        for (int step = 1; step <= STEPS; step++) {
            olap: {
                send: {
                    MPI.COMM_WORLD.Send(mine, 0, N, xy, right, 1);
                    MPI.COMM_WORLD.Send(mine, 0, 1, charges, right, 2);
                }
                receive: {
                    Status a = MPI.COMM_WORLD.Recv(in, 0, N, xy, left, 1);
                    Status b = MPI.COMM_WORLD.Recv(in, 0, 1, charges, left, 2);
                    ok &= a.Get_count(xy) == N && b.Get_count(charges) == 1 && b.Get_elements(MPI.INT) == N;
                }
                compute: {
                    int from = (rank - step % size + size * STEPS) % size;
                    int[] want = new int[N * REC];
                    for (int i = 0; i < N; i++) {
                        want[i * REC] = -1 - i;
                        fill(want, i, from, step - 1);
                    }
                    ok &= java.util.Arrays.equals(in, want);
                    for (int i = 0; i < N; i++) {
                        mine[i * REC + 1] = in[i * REC + 1] + 1;
                        mine[i * REC + 2] = in[i * REC + 2] + 1;
                        mine[i * REC + 3] = in[i * REC + 3] + 1;
                    }
                }
            }
        }
        // Corners of a 3 x 3 block picked by an Indexed type, swapped with the neighbours.
        Datatype corners = Datatype.Indexed(new int[] {1, 1, 1, 1}, new int[] {0, 2, 6, 8}, MPI.LONG);
        long[] out = new long[9];
        long[] got = new long[9];
        for (int k = 0; k < 9; k++) {
            out[k] = 100L * rank + k;
        }
        Status s = MPI.COMM_WORLD.Sendrecv(out, 0, 1, corners, right, 3, got, 0, 1, corners, left, 3);
        for (int k = 0; k < 9; k++) {
            ok &= got[k] == (k % 2 == 0 && k != 4 ? 100L * left + k : 0);
        }
        ok &= s.Get_count(corners) == 1 && s.source == left;
        // The root's diagonal broadcast into everyone's diagonal.
        Datatype diagonal = Datatype.Vector(3, 1, 4, MPI.INT);
        int[] square = new int[9];
        if (rank == 0) {
            square[0] = 7;
            square[4] = 8;
            square[8] = 9;
        }
        square[1] = rank;
        MPI.COMM_WORLD.Bcast(square, 0, 1, diagonal, 0);
        ok &= square[0] == 7 && square[4] == 8 && square[8] == 9 && square[1] == rank;
        int[] all = {ok ? 0 : 1};
        int[] bad = new int[1];
        MPI.COMM_WORLD.Reduce(all, 0, bad, 0, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("indexed-struct records=" + N + " steps=" + STEPS
                    + (bad[0] == 0 ? " OK" : " FAIL on " + bad[0] + " ranks"));
        }
        MPI.Finalize();
    }

    /** Record i's (x, y, charge) as rank {@code r} makes them, each moved {@code moves} times. */
    static void fill(int[] a, int i, int r, int moves) {
        a[i * REC + 1] = 10 * r + i + moves;
        a[i * REC + 2] = 20 * r - i + moves;
        a[i * REC + 3] = r * r + 3 * i + moves;
    }
}
