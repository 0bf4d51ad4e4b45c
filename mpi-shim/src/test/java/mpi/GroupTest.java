package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GroupTest {

    /** The group of a 6-process world as held by world rank 2, in a scrambled order. */
    private final Group g = new Group(new int[] {5, 2, 0, 4, 1, 3}, 2);

    @Test
    void sizeAndRank() throws MPIException {
        assertEquals(6, g.Size());
        assertEquals(1, g.Rank());
        assertEquals(0, MPI.GROUP_EMPTY.Size());
        assertEquals(MPI.UNDEFINED, MPI.GROUP_EMPTY.Rank());
    }

    @Test
    void inclExclAndRanges() throws MPIException {
        final Group in = g.Incl(new int[] {3, 1});
        assertArrayEquals(new int[] {4, 2}, in.worldRanks());
        assertEquals(1, in.Rank());
        final Group ex = g.Excl(new int[] {1, 0});
        assertArrayEquals(new int[] {0, 4, 1, 3}, ex.worldRanks());
        assertEquals(MPI.UNDEFINED, ex.Rank());
        assertArrayEquals(new int[] {5, 0, 1}, g.Range_incl(new int[][] {{0, 4, 2}}).worldRanks());
        assertArrayEquals(new int[] {3, 1, 4, 2}, g.Range_incl(new int[][] {{5, 3, -1}, {1, 1, 1}}).worldRanks());
        assertArrayEquals(new int[] {2, 4, 3}, g.Range_excl(new int[][] {{0, 4, 2}}).worldRanks());
        assertEquals(0, g.Incl(new int[0]).Size());
    }

    @Test
    void badRanksAreReported() {
        final MPIException e = assertThrows(MPIException.class, () -> g.Incl(new int[] {0, 6}));
        assertTrue(e.getMessage().contains("Group.Incl: ranks[1] = 6"), e.getMessage());
        final MPIException d = assertThrows(MPIException.class, () -> g.Excl(new int[] {2, 2}));
        assertTrue(d.getMessage().contains("appears twice"), d.getMessage());
        assertThrows(MPIException.class, () -> g.Incl(null));
        assertThrows(MPIException.class, () -> g.Range_incl(new int[][] {{0, 3, 0}}));
        assertThrows(MPIException.class, () -> Group.Union(g, null));
    }

    @Test
    void setOperationsKeepFirstGroupsOrder() throws MPIException {
        final Group a = g.Incl(new int[] {0, 1, 2});   // world 5, 2, 0
        final Group b = g.Incl(new int[] {4, 2, 0});   // world 1, 0, 5
        assertArrayEquals(new int[] {5, 2, 0, 1}, Group.Union(a, b).worldRanks());
        assertArrayEquals(new int[] {5, 0}, Group.Intersection(a, b).worldRanks());
        assertArrayEquals(new int[] {2}, Group.Difference(a, b).worldRanks());
        assertEquals(0, Group.Difference(a, a).Size());
        assertEquals(1, Group.Union(MPI.GROUP_EMPTY, a).Rank(), "holder carried over from the non-empty group");
    }

    @Test
    void translateAndCompare() throws MPIException {
        final Group a = g.Incl(new int[] {0, 1, 2});   // world 5, 2, 0
        final Group b = g.Incl(new int[] {4, 2, 0});   // world 1, 0, 5
        assertArrayEquals(new int[] {2, MPI.UNDEFINED, 1}, Group.Translate_ranks(a, new int[] {0, 1, 2}, b));
        assertEquals(MPI.IDENT, Group.Compare(a, g.Incl(new int[] {0, 1, 2})));
        assertEquals(MPI.SIMILAR, Group.Compare(a, g.Incl(new int[] {2, 0, 1})));
        assertEquals(MPI.UNEQUAL, Group.Compare(a, b));
        assertArrayEquals(new int[] {2, 2, MPI.PROC_NULL}, Group.Translate_ranks(a, new int[] {0, 0, MPI.PROC_NULL}, b));
        assertThrows(MPIException.class, () -> Group.Translate_ranks(a, new int[] {3}, b));
    }
}
