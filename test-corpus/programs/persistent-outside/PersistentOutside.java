import bamboo.Bamboo;
import mpi.*;

/**
 * Persistent requests outside regions, on a derived communicator: a ring on a Split of COMM_WORLD with
 * reversed ranks, a Send_init to the next rank and a Recv_init from ANY_SOURCE with ANY_TAG. Each round
 * starts both with Startall and takes the statuses of Waitall (an evaluation point: the started receive
 * is deferred like an Irecv), then starts them again one by one and polls the receive with Test (a yield
 * point) before waiting for the send. Statuses name ranks and tags of the ring. A last region passes
 * each sum once round the ring. After Free, Is_null holds.
 */
@Bamboo
public class PersistentOutside {
    static final int ROUNDS = 6;
    static final int TAG = 510;
    static final int TAG_RESULT = 511;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Intracomm ring = MPI.COMM_WORLD.Split(0, size - 1 - rank);
        int me = ring.Rank();
        int next = (me + 1) % size;
        int prev = (me + size - 1) % size;
        long[] token = new long[2];
        long[] got = new long[2];
        Prequest sendNext = ring.Send_init(token, 0, 2, MPI.LONG, next, TAG);
        Prequest recvAny = ring.Recv_init(got, 0, 2, MPI.LONG, MPI.ANY_SOURCE, MPI.ANY_TAG);
        Prequest[] pair = {recvAny, sendNext};
        long acc = 0;
        long bad = 0;
        for (int round = 0; round < ROUNDS; round++) {
            token[0] = me * 100L + round;
            token[1] = me;
            Prequest.Startall(pair);
            Status[] st = Request.Waitall(pair);
            if (st[0].source != prev || st[0].tag != TAG || got[1] != prev) bad++;
            acc += got[0];
            token[0] = round + 1;
            recvAny.Start();
            sendNext.Start();
            Status s = recvAny.Test();
            while (s == null) {
                Thread.yield();
                s = recvAny.Test();
            }
            if (s.source != prev || s.tag != TAG) bad++;
            acc += got[0] * 7;
            sendNext.Wait();
        }
        // A last check in a region: each rank's sum travels once round the ring.
        long[] mineAcc = {acc};
        long[] prevAcc = new long[1];
        Request[] check = new Request[2];
        olap: {
            receive: {
                check[0] = ring.Irecv(prevAcc, 0, 1, MPI.LONG, prev, TAG + 2);
            }
            send: {
                check[1] = ring.Isend(mineAcc, 0, 1, MPI.LONG, next, TAG + 2);
            }
            compute: {
                Request.Waitall(check);
            }
        }
        if (prevAcc[0] != expected((prev + size - 1) % size)) bad++;
        recvAny.Free();
        sendNext.Free();
        if (!recvAny.Is_null() || !sendNext.Is_null()) bad++;
        ring.Free();
        long[] mine = {me, acc, bad};
        if (rank != 0) {
            MPI.COMM_WORLD.Send(mine, 0, 3, MPI.LONG, 0, TAG_RESULT);
        } else {
            long[] all = new long[3 * size];
            System.arraycopy(mine, 0, all, 0, 3);
            for (int src = 1; src < size; src++) MPI.COMM_WORLD.Recv(all, 3 * src, 3, MPI.LONG, src, TAG_RESULT);
            boolean ok = true;
            for (int r = 0; r < size; r++) {
                long ringRank = all[3 * r];
                long from = (ringRank + size - 1) % size;
                ok &= ringRank == size - 1 - r && all[3 * r + 1] == expected(from) && all[3 * r + 2] == 0;
            }
            System.out.println("persistent-outside rounds=" + ROUNDS + (ok ? " OK" : " FAIL"));
        }
        MPI.Finalize();
    }

    /** What a rank whose ring predecessor is {@code from} accumulates. */
    static long expected(long from) {
        long e = 0;
        for (int round = 0; round < ROUNDS; round++) e += from * 100L + round + (round + 1) * 7L;
        return e;
    }
}
