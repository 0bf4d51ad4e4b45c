import bamboo.Bamboo;
import mpi.*;

/**
 * Messages from unknown senders with unknown tags: every rank sends a data-dependent subset of the other
 * ranks one message each, with a tag that encodes the round; how many a rank will get is announced by an
 * Allreduce of per-destination counts. The receive block drains them with Probe(ANY_SOURCE, tag of the
 * round) and receives exactly the probed message (its source); a second batch travels on a duplicate
 * communicator that carries nothing else, so an Iprobe(ANY_SOURCE, ANY_TAG) loop outside the region can
 * drain it. Every sum is commutative, so arrival order does not matter.
 */
@Bamboo
public class WildcardDrain {
    static final int ROUNDS = 4;
    static final int TAG_BASE = 420;
    static final int TAG_LATE = 430;
    static final int TAG_RESULT = 431;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long total = 0;
        long late = 0;
        int[] perDest = new int[size];
        int[] incoming = new int[size];
        long[] msg = new long[2];
        long[] in = new long[2];
        Intracomm lateComm = MPI.COMM_WORLD.Dup();
        for (int round = 0; round < ROUNDS; round++) {
            java.util.Arrays.fill(perDest, 0);
            for (int d = 0; d < size; d++) if (sends(rank, d, round)) perDest[d] = 1;
            MPI.COMM_WORLD.Allreduce(perDest, 0, incoming, 0, size, MPI.INT, MPI.SUM);
            int expectedHere = incoming[rank];
            Request[] reqs = new Request[size];
            olap: {
                send: {
                    for (int d = 0; d < size; d++) {
                        if (perDest[d] == 1) {
                            msg[0] = value(rank, d, round);
                            msg[1] = rank;
                            reqs[d] = MPI.COMM_WORLD.Isend(new long[] {msg[0], msg[1]}, 0, 2, MPI.LONG, d, TAG_BASE + round);
                        }
                    }
                }
                receive: {
                    for (int k = 0; k < expectedHere; k++) {
                        Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, TAG_BASE + round);
                        MPI.COMM_WORLD.Recv(in, 0, 2, MPI.LONG, st.source, st.tag);
                        if (in[1] != st.source || st.tag != TAG_BASE + round) total += 1_000_000;
                        total += in[0];
                    }
                }
                compute: {
                    Request.Waitall(reqs);
                }
            }
            // Second batch: one message to the next rank, drained by polling.
            Request r = lateComm.Isend(new long[] {rank * 10L + round, rank}, 0, 2, MPI.LONG, (rank + 1) % size, TAG_LATE);
            Status st = null;
            while (st == null) {
                st = lateComm.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                if (st == null) Thread.yield();
            }
            lateComm.Recv(in, 0, 2, MPI.LONG, st.source, st.tag);
            if (st.tag != TAG_LATE || st.source != (rank - 1 + size) % size) late += 1_000_000;
            late += in[0];
            r.Wait();
        }
        lateComm.Free();
        long[] mine = {total, late};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 2, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] got = new long[2 * size];
            got[0] = total;
            got[1] = late;
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(got, 2 * src, 2, MPI.LONG, src, TAG_RESULT);
            boolean ok = true;
            for (int d = 0; d < size; d++) {
                long e = 0;
                long el = 0;
                for (int round = 0; round < ROUNDS; round++) {
                    for (int s = 0; s < size; s++) if (sends(s, d, round)) e += value(s, d, round);
                    el += ((d - 1 + size) % size) * 10L + round;
                }
                ok &= got[2 * d] == e && got[2 * d + 1] == el;
            }
            System.out.println("wildcard-drain rounds=" + ROUNDS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    static boolean sends(int from, int to, int round) {
        return (from * 7 + to * 3 + round) % 3 != 0;
    }

    static long value(int from, int to, int round) {
        return from * 1000L + to * 10L + round;
    }
}
