package bamboo.shim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

/** The set logic both {@code mpi.Group} and the runtime's {@code TaskGroup} call: results, the argument
 *  checks with their messages (source and expected message side by side), and untouched arguments. */
class GroupSetsTest {

    private static final int[] M = {5, 2, 0, 4, 1, 3};

    @Test
    void inclAndExclKeepTheOrderAsked() throws MPIException {
        assertArrayEquals(new int[] {4, 2}, GroupSets.incl("Group.Incl", M, new int[] {3, 1}));
        assertArrayEquals(new int[] {0, 4, 1, 3}, GroupSets.excl("Group.Excl", M, new int[] {1, 0}));
        assertArrayEquals(new int[0], GroupSets.incl("Group.Incl", M, new int[0]));
        assertArrayEquals(new int[] {5, 2, 0, 4, 1, 3}, M, "members are never changed");
    }

    @Test
    void rangesExpandInBothDirections() throws MPIException {
        assertArrayEquals(new int[] {0, 2, 4}, GroupSets.expandRanges("Group.Range_incl", new int[][] {{0, 4, 2}}));
        assertArrayEquals(new int[] {5, 4, 3, 1}, GroupSets.expandRanges("Group.Range_incl", new int[][] {{5, 3, -1}, {1, 1, 1}}));
        assertArrayEquals(new int[0], GroupSets.expandRanges("Group.Range_incl", new int[][] {{3, 1, 1}}),
                "a stride pointing away from last names no rank");
        for (int n = 0; n < 20; n++) {
            assertEquals(n, GroupSets.expandRanges("x", new int[][] {{0, n - 1, 1}}).length, "grows past 8 ranks");
        }
    }

    @Test
    void badArgumentsNameTheCallAndTheArgument() {
        assertMessage("Group.Incl: ranks[1] = 6 is not a rank of a group of size 6",
                () -> GroupSets.incl("Group.Incl", M, new int[] {0, 6}));
        assertMessage("Group.Excl: ranks[1] = 2 appears twice", () -> GroupSets.excl("Group.Excl", M, new int[] {2, 2}));
        assertMessage("Group.Incl: ranks is null", () -> GroupSets.incl("Group.Incl", M, null));
        assertMessage("Group.Range_excl: ranges[0] must be {first, last, stride} with stride != 0",
                () -> GroupSets.expandRanges("Group.Range_excl", new int[][] {{0, 3, 0}}));
        assertMessage("Group.Range_incl: ranges is null", () -> GroupSets.expandRanges("Group.Range_incl", null));
        assertMessage("Group.Union: group2 is null", () -> GroupSets.requireGroups("Group.Union", M, null));
        assertMessage("Group.Compare: group1 is null", () -> GroupSets.requireGroups("Group.Compare", null, M));
        assertMessage("Group.Translate_ranks: ranks1[0] = 3 is not a rank of group1 (size 3)",
                () -> GroupSets.translateRanks("Group.Translate_ranks", new int[] {5, 2, 0}, new int[] {3}, M));
        assertMessage("Group.Translate_ranks: ranks1 is null",
                () -> GroupSets.translateRanks("Group.Translate_ranks", M, null, M));
    }

    @Test
    void setOperationsKeepTheFirstOrder() {
        final int[] a = {5, 2, 0};
        final int[] b = {1, 0, 5};
        assertArrayEquals(new int[] {5, 2, 0, 1}, GroupSets.union(a, b));
        assertArrayEquals(new int[] {5, 0}, GroupSets.intersection(a, b));
        assertArrayEquals(new int[] {2}, GroupSets.difference(a, b));
        assertArrayEquals(new int[0], GroupSets.difference(a, a));
        assertArrayEquals(new int[] {5, 2, 0}, a);
    }

    @Test
    void translateCompareAndHolder() throws MPIException {
        final int[] a = {5, 2, 0};
        final int[] b = {1, 0, 5};
        assertArrayEquals(new int[] {2, MPI.UNDEFINED, 1, MPI.PROC_NULL},
                GroupSets.translateRanks("t", a, new int[] {0, 1, 2, MPI.PROC_NULL}, b));
        assertEquals(MPI.IDENT, GroupSets.compare(a, new int[] {5, 2, 0}));
        assertEquals(MPI.SIMILAR, GroupSets.compare(a, new int[] {0, 5, 2}));
        assertEquals(MPI.UNEQUAL, GroupSets.compare(a, b));
        assertArrayEquals(new int[] {5, 2, 0}, a, "compare sorts copies");
        assertEquals(1, GroupSets.indexOf(a, 2));
        assertEquals(-1, GroupSets.indexOf(a, 7));
        assertEquals(-1, GroupSets.indexOf(new int[] {-1}, -1), "a negative holder is never a member");
        assertEquals(3, GroupSets.holderOf(3, 1));
        assertEquals(1, GroupSets.holderOf(-1, 1));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(MPIException.class, call).getMessage());
    }
}
