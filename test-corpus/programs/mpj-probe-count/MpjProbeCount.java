import bamboo.Bamboo;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * MPJ Express style, no throws clauses: every rank sends rank 0 a message of a length only the sender
 * knows; rank 0 probes each (ANY_SOURCE), sizes its buffer from Get_count, and receives it from the
 * source the Status names. Around it, a region of Irecv/Isend pairs with a neighbour completed by
 * Waitall, whose statuses say who sent what.
 */
@Bamboo
public class MpjProbeCount {
    static final int TAG = 21;

    public static void main(String[] args) {
        MPI.Init(args);
        boolean ok = true;
        long[] out = new long[4];
        long[] in = new long[4];
        Request[] pair = new Request[2];
        for (int round = 1; round <= 4; round++) {
            int right = (MPI.COMM_WORLD.Rank() + 1) % MPI.COMM_WORLD.Size();
            int left = (MPI.COMM_WORLD.Rank() + MPI.COMM_WORLD.Size() - 1) % MPI.COMM_WORLD.Size();
            olap: {
                receive: {
                    pair[0] = MPI.COMM_WORLD.Irecv(in, 0, round, MPI.LONG, left, round);
                }
                send: {
                    for (int i = 0; i < round; i++) {
                        out[i] = 1000L * MPI.COMM_WORLD.Rank() + 10 * round + i;
                    }
                    pair[1] = MPI.COMM_WORLD.Isend(out, 0, round, MPI.LONG, right, round);
                }
                compute: {
                    Status[] st = Request.Waitall(pair);
                    ok &= st[0].source == left && st[0].tag == round && st[0].Get_count(MPI.LONG) == round;
                    for (int i = 0; i < round; i++) {
                        ok &= in[i] == 1000L * left + 10 * round + i;
                    }
                }
            }
        }
        if (MPI.COMM_WORLD.Rank() != 0) {
            int n = MPI.COMM_WORLD.Rank() % 4 + 1;
            int[] data = new int[n];
            for (int i = 0; i < n; i++) {
                data[i] = MPI.COMM_WORLD.Rank() * 100 + i;
            }
            MPI.COMM_WORLD.Send(data, 0, n, MPI.INT, 0, TAG);
        } else {
            boolean[] heard = new boolean[MPI.COMM_WORLD.Size()];
            for (int k = 1; k < MPI.COMM_WORLD.Size(); k++) {
                Status p = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, TAG);
                int n = p.Get_count(MPI.INT);
                int[] data = new int[n];
                Status r = MPI.COMM_WORLD.Recv(data, 0, n, MPI.INT, p.source, TAG);
                ok &= r.source == p.source && n == p.source % 4 + 1 && !heard[p.source];
                heard[p.source] = true;
                for (int i = 0; i < n; i++) {
                    ok &= data[i] == p.source * 100 + i;
                }
            }
        }
        int[] flag = {ok ? 1 : 0};
        int[] all = new int[1];
        MPI.COMM_WORLD.Allreduce(flag, 0, all, 0, 1, MPI.INT, MPI.MIN);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("mpj-probe-count probed lengths and neighbour rounds" + (all[0] == 1 ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }
}
