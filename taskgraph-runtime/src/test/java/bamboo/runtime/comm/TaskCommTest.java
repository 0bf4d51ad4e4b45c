package bamboo.runtime.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import mpi.MPI;
import org.junit.jupiter.api.Test;

class TaskCommTest {

    @Test
    void worldKeepsRanksAndTags() {
        TaskComm w = TaskComm.world(3, 8);
        assertEquals(3, w.Rank());
        assertEquals(8, w.Size());
        assertEquals(5, w.task(5));
        assertEquals(1234567, w.tag(1234567));
        assertEquals(Integer.MAX_VALUE, w.tag(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> w.tag(-1));
        assertTrue(w.collectiveTag(0) < 0, "world collectives use a negative context");
    }

    @Test
    void wireTagsOfDistinctContextsNeverCollide() {
        TaskComm w = TaskComm.world(0, 4);
        Set<Integer> seen = new HashSet<>();
        for (int t = 0; t <= TaskComm.MAX_TAG; t += 4093) {
            assertTrue(seen.add(w.tag(t)));
            assertTrue(seen.add(w.collectiveTag(t)));
        }
        assertTrue(seen.add(w.collectiveTag(TaskComm.MAX_TAG)));
        for (int c = 2; c <= TaskComm.MAX_CONTEXT; c += 997) {
            TaskComm d = w.derive(new int[] {0, 1}, c);
            for (int t : new int[] {0, 1, 77, TaskComm.MAX_TAG}) {
                assertTrue(seen.add(d.tag(t)), "context " + c + " tag " + t);
                assertTrue(seen.add(d.collectiveTag(t)), "context " + c + " collective tag " + t);
                assertTrue(d.tag(t) >= d.tagLow() && d.tag(t) <= d.tagHigh());
                assertEquals(t, d.userTag(d.tag(t)));
            }
        }
        TaskComm last = w.derive(new int[] {0}, TaskComm.MAX_CONTEXT);
        assertEquals(-65537, last.collectiveTag(TaskComm.MAX_TAG), "the last context still fits below tag 0");
    }

    @Test
    void aTagTooLargeForADerivedCommunicatorIsRefused() {
        TaskComm d = TaskComm.world(0, 2).derive(new int[] {1, 0}, 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.tag(70000));
        assertTrue(e.getMessage().contains("tag 70000 is out of range"), e.getMessage());
        assertTrue(e.getMessage().contains("0..65535"), e.getMessage());
    }

    @Test
    void deriveTranslatesRanksAndDropsNonMembers() {
        TaskComm w = TaskComm.world(4, 6);
        TaskComm d = w.derive(new int[] {5, 4, 1}, 2);
        assertEquals(1, d.Rank());
        assertEquals(3, d.Size());
        assertEquals(5, d.task(0));
        assertEquals(1, d.task(2));
        assertEquals(2, d.rankOf(1));
        assertEquals(-1, d.rankOf(0));
        assertNull(w.derive(new int[] {0, 1}, 2));
        assertThrows(IllegalArgumentException.class, () -> d.task(3));
    }

    @Test
    void contextsAreAgreedAboveEveryUsedOne() {
        TaskComm w = TaskComm.world(0, 2);
        assertEquals(2, w.contextCandidate());
        w.contextAgreed(7);
        assertEquals(8, w.contextCandidate());
        w.derive(new int[] {0}, 7).contextAgreed(3);
        assertEquals(8, w.contextCandidate(), "shared by the task's communicators, never lowered");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.contextAgreed(TaskComm.MAX_CONTEXT + 1));
        assertTrue(e.getMessage().contains("too many communicators"), e.getMessage());
    }

    @Test
    void compareGroupsAndCreate() throws Exception {
        TaskComm w = TaskComm.world(2, 4);
        TaskComm dup = w.derive(new int[] {0, 1, 2, 3}, 2);
        TaskComm rev = w.derive(new int[] {3, 2, 1, 0}, 3);
        assertEquals(MPI.IDENT, TaskComm.Compare(w, w));
        assertEquals(MPI.CONGRUENT, TaskComm.Compare(w, dup));
        assertEquals(MPI.SIMILAR, TaskComm.Compare(w, rev));
        TaskGroup world = w.Group();
        TaskGroup evens = world.Incl(new int[] {0, 2});
        TaskGroup odds = world.Excl(new int[] {0, 2});
        assertEquals(1, evens.Rank());
        assertEquals(MPI.UNDEFINED, odds.Rank());
        assertEquals(4, TaskGroup.Union(evens, odds).Size());
        assertEquals(0, TaskGroup.Intersection(evens, odds).Size());
        assertArrayEquals(new int[] {0, 2}, TaskGroup.Translate_ranks(evens, new int[] {0, 1}, world));
        TaskComm even = w.create(evens, 4);
        assertEquals(1, even.Rank());
        assertEquals(MPI.UNEQUAL, TaskComm.Compare(w, even));
        assertNull(w.create(odds, 4));
        TaskComm other = TaskComm.world(0, 2);
        assertThrows(mpi.MPIException.class, () -> other.create(world, 5));
        even.Free();
        IllegalStateException e = assertThrows(IllegalStateException.class, even::Rank);
        assertTrue(e.getMessage().contains("freed"));
        assertThrows(mpi.MPIException.class, w::Free);
        assertSame(TaskGroup.EMPTY, TaskGroup.EMPTY);
        assertEquals(0, TaskGroup.EMPTY.Size());
    }

    /** The checks and messages are the shim's (GroupSets), word for word those of mpi.Group. */
    @Test
    void groupRangesAndBadArgumentsAsInTheShim() throws Exception {
        TaskGroup world = TaskComm.world(1, 6).Group();
        TaskGroup g = world.Incl(new int[] {5, 2, 0, 4, 1, 3});
        assertArrayEquals(new int[] {5, 0, 1}, g.Range_incl(new int[][] {{0, 4, 2}}).tasks());
        assertArrayEquals(new int[] {2, 4, 3}, g.Range_excl(new int[][] {{0, 4, 2}}).tasks());
        assertEquals(4, g.Rank());
        assertEquals(MPI.SIMILAR, TaskGroup.Compare(world, g));
        assertEquals(MPI.IDENT, TaskGroup.Compare(g, world.Incl(new int[] {5, 2, 0, 4, 1, 3})));
        assertArrayEquals(new int[] {2}, TaskGroup.Difference(g.Incl(new int[] {0, 1, 2}), world.Incl(new int[] {1, 0, 5})).tasks());
        assertEquals("Group.Incl: ranks[1] = 6 is not a rank of a group of size 6",
                assertThrows(mpi.MPIException.class, () -> g.Incl(new int[] {0, 6})).getMessage());
        assertEquals("Group.Excl: ranks[1] = 2 appears twice",
                assertThrows(mpi.MPIException.class, () -> g.Excl(new int[] {2, 2})).getMessage());
        assertEquals("Group.Range_incl: ranges[0] must be {first, last, stride} with stride != 0",
                assertThrows(mpi.MPIException.class, () -> g.Range_incl(new int[][] {{0, 3, 0}})).getMessage());
        assertEquals("Group.Union: group2 is null",
                assertThrows(mpi.MPIException.class, () -> TaskGroup.Union(g, null)).getMessage());
        assertEquals("Group.Translate_ranks: ranks1[0] = 6 is not a rank of group1 (size 6)",
                assertThrows(mpi.MPIException.class, () -> TaskGroup.Translate_ranks(g, new int[] {6}, world)).getMessage());
    }

    @Test
    void receiveWildcardsOfADerivedCommunicatorStayInsideIt() {
        TaskComm w = TaskComm.world(0, 4);
        TaskComm d = w.derive(new int[] {2, 0, 3}, 5);
        TaskComm other = w.derive(new int[] {2, 0, 3}, 6);
        assertEquals(bamboo.runtime.Task.ANY_SOURCE, d.source(MPI.ANY_SOURCE));
        assertEquals(3, d.source(2));
        assertEquals(bamboo.runtime.Task.ANY_TAG, w.recvTag(MPI.ANY_TAG));
        assertEquals(w.tag(9), w.recvTag(9));
        assertEquals(d.tag(9), d.recvTag(9));
        int any = d.recvTag(MPI.ANY_TAG);
        for (int t : new int[] {0, 1, 4242, TaskComm.MAX_TAG}) {
            assertTrue(bamboo.runtime.Task.tagMatches(any, d.tag(t)), "tag " + t);
            assertFalse(bamboo.runtime.Task.tagMatches(any, d.collectiveTag(t)), "collective tag " + t);
            assertFalse(bamboo.runtime.Task.tagMatches(any, other.tag(t)), "other communicator's tag " + t);
            assertFalse(bamboo.runtime.Task.tagMatches(any, w.tag(t)), "world tag " + t);
            assertFalse(bamboo.runtime.Task.tagMatches(MPI.ANY_TAG, d.tag(t)), "ANY_TAG on a derived tag " + t);
        }
        assertTrue(TaskComm.tagsOverlap(any, d.tag(3)));
        assertTrue(TaskComm.tagsOverlap(d.tag(3), any));
        assertFalse(TaskComm.tagsOverlap(any, other.tag(3)));
        assertFalse(TaskComm.tagsOverlap(any, MPI.ANY_TAG));
        assertTrue(TaskComm.tagsOverlap(MPI.ANY_TAG, 3));
    }

    @Test
    void statusesNameRanksAndTagsOfTheCommunicatorTheMessageCameOn() {
        TaskComm w = TaskComm.world(4, 6);
        TaskComm d = w.derive(new int[] {5, 4, 1}, 2);
        mpi.Status s = w.status(1, d.tag(77), 3);
        assertEquals(2, s.source, "task 1 is rank 2 of the derived communicator");
        assertEquals(77, s.tag);
        mpi.Status viaDerived = d.status(5, d.tag(0), 1);
        assertEquals(0, viaDerived.source);
        assertEquals(0, viaDerived.tag);
        mpi.Status world = d.status(5, 12, 1);
        assertEquals(5, world.source, "COMM_WORLD messages keep task ids as ranks");
        assertEquals(12, world.tag);
    }
}
