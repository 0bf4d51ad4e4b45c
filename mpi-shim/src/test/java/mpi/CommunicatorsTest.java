package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Dup, Split, Create, Group and Compare, and collectives on the communicators they make. */
@Timeout(120)
class CommunicatorsTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 5, 8, 9})
    void splitByColourOrdersByKeyThenRank(int n) {
        CollectivesTest.job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            // Three colours; the key reverses the order inside each colour, except that ranks 0 and 3 tie.
            final int colour = rank % 3;
            final int key = rank == 3 ? 0 : -rank;
            final Intracomm sub = w.Split(colour, key);
            final int members = (n - colour + 2) / 3;
            assertEquals(members, sub.Size());
            final int[] expectedWorld = java.util.stream.IntStream.range(0, n).filter(r -> r % 3 == colour)
                    .boxed().sorted((a, b) -> {
                        final int ka = a == 3 ? 0 : -a;
                        final int kb = b == 3 ? 0 : -b;
                        return ka != kb ? Integer.compare(ka, kb) : Integer.compare(a, b);
                    }).mapToInt(Integer::intValue).toArray();
            final int[] gathered = new int[members];
            sub.Allgather(new int[] {rank}, 0, 1, MPI.INT, gathered, 0, 1, MPI.INT);
            assertArrayEquals(expectedWorld, gathered);
            assertEquals(members == n ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare(w, sub));
            final Intracomm reversed = w.Split(0, n - rank);
            assertEquals(n - 1 - rank, reversed.Rank());
            assertEquals(n == 1 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.Compare(w, reversed));

            // Collectives on the sub-communicator and on the world interleave without mixing.
            final int[] subSum = new int[1];
            final int[] worldSum = new int[1];
            sub.Allreduce(new int[] {rank}, 0, subSum, 0, 1, MPI.INT, MPI.SUM);
            w.Allreduce(new int[] {1}, 0, worldSum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(java.util.Arrays.stream(expectedWorld).sum(), subSum[0]);
            assertEquals(n, worldSum[0]);
            final int[] root = {sub.Rank() == sub.Size() - 1 ? rank : -1};
            sub.Bcast(root, 0, 1, MPI.INT, sub.Size() - 1);
            assertEquals(expectedWorld[members - 1], root[0]);

            // Point-to-point on the sub-communicator uses its ranks.
            if (sub.Size() > 1) {
                final int[] token = {sub.Rank()};
                final int right = (sub.Rank() + 1) % sub.Size();
                final int left = (sub.Rank() + sub.Size() - 1) % sub.Size();
                sub.Sendrecv_replace(token, 0, 1, MPI.INT, right, 7, left, 7);
                assertEquals(left, token[0]);
            }

            final Intracomm none = w.Split(rank % 2 == 0 ? MPI.UNDEFINED : 1, 0);
            if (rank % 2 == 0) {
                assertNull(none);
            } else {
                assertEquals(n / 2, none.Size());
                none.Barrier();
            }
            final Intracomm again = sub.Split(0, 0);   // a split of a split
            assertEquals(MPI.CONGRUENT, Comm.Compare(sub, again));
            again.Barrier();
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 4, 7})
    void dupCreateGroupCompare(int n) {
        CollectivesTest.job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm dup = w.Dup();
            assertEquals(MPI.IDENT, Comm.Compare(w, w));
            assertEquals(MPI.CONGRUENT, Comm.Compare(w, dup));
            assertEquals(rank, dup.Rank());
            final Object copy = w.clone();
            assertEquals(MPI.CONGRUENT, Comm.Compare(w, (Comm) copy));

            // A message on the duplicate never matches a receive on the world (different contexts).
            if (n > 1) {
                if (rank == 0) {
                    dup.Send(new int[] {1}, 0, 1, MPI.INT, 1, 5);
                    w.Send(new int[] {2}, 0, 1, MPI.INT, 1, 5);
                } else if (rank == 1) {
                    final int[] got = new int[1];
                    w.Recv(got, 0, 1, MPI.INT, 0, 5);
                    assertEquals(2, got[0]);
                    dup.Recv(got, 0, 1, MPI.INT, 0, 5);
                    assertEquals(1, got[0]);
                }
            }

            final Group world = w.Group();
            assertEquals(n, world.Size());
            assertEquals(rank, world.Rank());
            // The even ranks, in reverse order.
            final int[] evens = java.util.stream.IntStream.iterate((n - 1) / 2 * 2, r -> r >= 0, r -> r - 2).toArray();
            final Group g = world.Incl(evens);
            final Intracomm c = w.Create(g);
            if (rank % 2 == 1) {
                assertNull(c);
                assertEquals(MPI.UNDEFINED, g.Rank());
            } else {
                assertNotNull(c);
                assertEquals(g.Rank(), c.Rank());
                assertEquals(evens[c.Rank()], rank);
                assertEquals(MPI.IDENT, Group.Compare(c.Group(), g));
                final int[] sum = new int[1];
                c.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                assertEquals(java.util.Arrays.stream(evens).sum(), sum[0]);
                assertEquals(n == 1 ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare(w, c));
                c.Free();
            }
            assertArrayEquals(new int[] {0, n > 1 ? MPI.UNDEFINED : 0},
                    Group.Translate_ranks(world, new int[] {0, n - 1}, world.Incl(new int[] {0})));
            // COMM_SELF: collectives and creation on a one-process communicator, while the world runs on.
            final int[] self = new int[1];
            MPI.COMM_SELF.Allreduce(new int[] {rank}, 0, self, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(rank, self[0]);
            final Intracomm selfDup = MPI.COMM_SELF.Dup();
            assertEquals(MPI.CONGRUENT, Comm.Compare(MPI.COMM_SELF, selfDup));
            assertEquals(n == 1 ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare(MPI.COMM_WORLD, selfDup));
            assertEquals(0, MPI.COMM_SELF.Split(0, 0).Rank());
            selfDup.Barrier();
            dup.Free();
            final MPIException freed = org.junit.jupiter.api.Assertions.assertThrows(MPIException.class, dup::Barrier);
            assertEquals("Intracomm.Barrier: the communicator has been freed", freed.getMessage());
            w.Barrier();
        });
    }

    /** Contexts agreed over different parents must never collide on a process, even when some members
     *  have used more contexts than others (which once left gaps that a later agreement could fill with
     *  an id already in use). */
    @org.junit.jupiter.api.Test
    void contextsStayDistinctWhenMembersAdvanceUnevenly() {
        CollectivesTest.job(3, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm z = w.Split(rank == 2 ? 1 : 0, 0);   // {0, 1} and {2}
            final Intracomm y = w.Split(rank == 0 ? 1 : 0, 0);   // {1, 2} and {0}
            final Intracomm x = w.Split(rank == 1 ? 1 : 0, 0);   // {0, 2} and {1}
            final java.util.List<Intracomm> held = new java.util.ArrayList<>(java.util.List.of(w, z, y, x));
            if (rank == 2) {
                held.add(z.Dup());                                // rank 2 alone in z: runs ahead
                held.add(z.Dup());
            }
            if (rank == 1) {
                held.add(x.Dup());                                // rank 1 alone in x: runs ahead
                held.add(x.Dup());
            }
            if (rank != 1) {
                held.add(x.Dup());                                // {0, 2}
            }
            if (rank != 2) {
                held.add(z.Dup());                                // {0, 1}
            }
            final long distinct = held.stream().mapToInt(Comm::context).distinct().count();
            assertEquals(held.size(), distinct, "contexts on rank " + rank + ": "
                    + held.stream().map(c -> String.valueOf(c.context())).collect(java.util.stream.Collectors.joining(",")));
            for (Intracomm c : held) {
                c.Barrier();
            }
        });
    }
}
