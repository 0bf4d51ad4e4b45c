package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import bamboo.shim.coll.Channel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The contract the collectives layer builds on: derived communicators, contexts and channels. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectiveContractTest {

    @Test
    void worldRanksOfCommWorldIsTheIdentity() {
        Jobs.run(3, (rank, size) -> assertArrayEquals(new int[] {0, 1, 2}, MPI.COMM_WORLD.worldRanks()));
    }

    @Test
    void channelTrafficNeverMatchesUserReceives() {
        Jobs.run(2, (rank, size) -> {
            final Channel ch = MPI.COMM_WORLD.collectiveChannel();
            assertEquals(rank, ch.rank());
            assertEquals(2, ch.size());
            if (rank == 0) {
                ch.send(new int[] {1}, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 1, 0);
            } else {
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(2, got[0], "the user receive skips the collective message");
                assertNull(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                ch.recv(got, 0, 1, MPI.INT, 0, 0);
                assertEquals(1, got[0]);
            }
        });
    }

    @Test
    void channelSendrecvAndNonBlocking() {
        Jobs.run(3, (rank, size) -> {
            final Channel ch = MPI.COMM_WORLD.collectiveChannel();
            final int[] got = new int[1];
            ch.sendrecv(new int[] {rank}, 0, 1, MPI.INT, (rank + 1) % size, 3, got, 0, 1, MPI.INT,
                    (rank + size - 1) % size, 3);
            assertEquals((rank + size - 1) % size, got[0]);
            final Request r = ch.irecv(got, 0, 1, MPI.INT, (rank + 1) % size, 4);
            ch.isend(new int[] {rank * 7}, 0, 1, MPI.INT, (rank + size - 1) % size, 4).Wait();
            r.Wait();
            assertEquals(((rank + 1) % size) * 7, got[0]);
        });
    }

    @Test
    void derivedCommunicatorHasItsOwnRanksAndContext() {
        Jobs.run(4, (rank, size) -> {
            // the odd ranks, in reverse order: world 3 -> 0, world 1 -> 1
            final int candidate = MPI.COMM_WORLD.contextCandidate();
            assertEquals(2, candidate, "COMM_WORLD took context 0 and COMM_SELF context 1");
            MPI.COMM_WORLD.contextAgreed(candidate);
            assertEquals(3, MPI.COMM_WORLD.contextCandidate());
            if (rank % 2 == 0) {
                return;
            }
            final Intracomm odd = new Intracomm(MPI.COMM_WORLD, new int[] {3, 1}, candidate);
            assertEquals(2, odd.Size());
            assertEquals(rank == 3 ? 0 : 1, odd.Rank());
            assertArrayEquals(new int[] {3, 1}, odd.worldRanks());
            final int[] got = new int[1];
            final Status s = odd.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, 1 - odd.Rank(), 0,
                    got, 0, 1, MPI.INT, 1 - odd.Rank(), 0);
            assertEquals(4 - rank, got[0]);
            assertEquals(1 - odd.Rank(), s.source, "status source is a rank of the derived communicator");
            // messages on the world with the same tag do not cross into the derived communicator
            final Channel ch = odd.collectiveChannel();
            assertEquals(odd.Rank(), ch.rank());
        });
    }

    @Test
    void commSelfIsTheCallingRankAlone() {
        Jobs.run(3, (rank, size) -> {
            assertEquals(1, MPI.COMM_SELF.Size());
            assertEquals(0, MPI.COMM_SELF.Rank());
            assertArrayEquals(new int[] {rank}, MPI.COMM_SELF.worldRanks());
            MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, rank, 0);
            MPI.COMM_SELF.Send(new int[] {2}, 0, 1, MPI.INT, 0, 0);
            final int[] got = new int[1];
            final Status s = MPI.COMM_SELF.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            assertEquals(2, got[0], "COMM_SELF has its own context");
            assertEquals(0, s.source);
            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, rank, 0);
            assertEquals(1, got[0]);
            final MPIException e = org.junit.jupiter.api.Assertions.assertThrows(MPIException.class,
                    () -> MPI.COMM_SELF.Send(new int[1], 0, 1, MPI.INT, 1, 0));
            assertEquals("Send: dest 1 is out of range (the communicator has 1 rank: 0..0 or PROC_NULL)",
                    e.getMessage());
        });
    }

    @Test
    void derivedCommunicatorIsolatesMessagesFromTheWorld() {
        Jobs.run(2, (rank, size) -> {
            final Intracomm dup = new Intracomm(MPI.COMM_WORLD, new int[] {0, 1}, 2);
            if (rank == 0) {
                dup.Send(new int[] {10}, 0, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.Send(new int[] {20}, 0, 1, MPI.INT, 1, 0);
            } else {
                final int[] got = new int[1];
                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 0);
                assertEquals(20, got[0]);
                dup.Recv(got, 0, 1, MPI.INT, 0, 0);
                assertEquals(10, got[0]);
            }
        });
    }
}
