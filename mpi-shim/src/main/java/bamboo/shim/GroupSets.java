package bamboo.shim;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import mpi.MPI;
import mpi.MPIException;

/**
 * The set logic of an MPI group over its members, an {@code int[]} in group-rank order (world ranks for
 * {@code mpi.Group}, task ids for the runtime's {@code TaskGroup}): inclusion and exclusion by rank or
 * rank range, union, intersection, difference, rank translation and comparison, with mpiJava's argument
 * checks and messages.
 *
 * <p>Why a class of its own: {@code mpi.Group} and the translated programs' {@code TaskGroup} are two
 * types (package {@code mpi} holds only the mpiJava API, and a translated group must never reach the
 * shim), but what their operations mean is one thing. Both hold their members and the id of the holder
 * and call these functions, so a fix or a check made here holds for both. Every result is a new array;
 * arguments are never changed or kept.
 */
public final class GroupSets {

    private GroupSets() {
    }

    /** The members with the given ranks, in that order (MPI_GROUP_INCL). */
    public static int[] incl(String call, int[] members, int[] ranks) throws MPIException {
        checkRanks(call, members.length, ranks);
        final int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = members[ranks[i]];
        }
        return out;
    }

    /** The members without those with the given ranks, others in their order (MPI_GROUP_EXCL). */
    public static int[] excl(String call, int[] members, int[] ranks) throws MPIException {
        checkRanks(call, members.length, ranks);
        final boolean[] drop = new boolean[members.length];
        for (int r : ranks) {
            drop[r] = true;
        }
        final int[] out = new int[members.length - ranks.length];
        int n = 0;
        for (int i = 0; i < members.length; i++) {
            if (!drop[i]) {
                out[n++] = members[i];
            }
        }
        return out;
    }

    /** The ranks named by (first, last, stride) triples, in order (for MPI_GROUP_RANGE_INCL/EXCL; the
     *  ranks are checked by {@link #incl}/{@link #excl}). */
    public static int[] expandRanges(String call, int[][] ranges) throws MPIException {
        if (ranges == null) {
            throw new MPIException(call + ": ranges is null");
        }
        int[] out = new int[8];
        int n = 0;
        for (int i = 0; i < ranges.length; i++) {
            final int[] t = ranges[i];
            if (t == null || t.length != 3 || t[2] == 0) {
                throw new MPIException(call + ": ranges[" + i + "] must be {first, last, stride} with stride != 0");
            }
            // Bounded by the (checked later) group size, so a stride pointing away from last ends at once.
            for (int r = t[0]; t[2] > 0 ? r <= t[1] : r >= t[1]; r += t[2]) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = r;
                if (n > (1 << 24)) {
                    throw new MPIException(call + ": ranges[" + i + "] names too many ranks");
                }
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Members of the first, then those of the second that are not in the first. */
    public static int[] union(int[] members1, int[] members2) {
        final int[] out = Arrays.copyOf(members1, members1.length + members2.length);
        int n = members1.length;
        for (int w : members2) {
            if (indexOf(members1, w) < 0) {
                out[n++] = w;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Members of the first that are also in the second, in the first's order. */
    public static int[] intersection(int[] members1, int[] members2) {
        return filter(members1, members2, true);
    }

    /** Members of the first that are not in the second, in the first's order. */
    public static int[] difference(int[] members1, int[] members2) {
        return filter(members1, members2, false);
    }

    /** For each rank in the first group, the rank of the same member in the second, or
     *  {@link MPI#UNDEFINED} where it is not one ({@link MPI#PROC_NULL} stays PROC_NULL). */
    public static int[] translateRanks(String call, int[] members1, int[] ranks1, int[] members2)
            throws MPIException {
        if (ranks1 == null) {
            throw new MPIException(call + ": ranks1 is null");
        }
        final Map<Integer, Integer> rankIn2 = rankMap(members2);
        final int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            final int r = ranks1[i];
            if (r == MPI.PROC_NULL) {
                out[i] = MPI.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= members1.length) {
                throw new MPIException(call + ": ranks1[" + i + "] = " + r
                        + " is not a rank of group1 (size " + members1.length + ")");
            }
            out[i] = rankIn2.getOrDefault(members1[r], MPI.UNDEFINED);
        }
        return out;
    }

    /** {@link MPI#IDENT} for the same members in the same order, {@link MPI#SIMILAR} for the same members
     *  in another order, {@link MPI#UNEQUAL} otherwise. */
    public static int compare(int[] members1, int[] members2) {
        if (Arrays.equals(members1, members2)) {
            return MPI.IDENT;
        }
        final int[] s1 = members1.clone();
        final int[] s2 = members2.clone();
        Arrays.sort(s1);
        Arrays.sort(s2);
        return Arrays.equals(s1, s2) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** The rank of {@code member} in the group, or -1 (also for a negative {@code member}: no holder). */
    public static int indexOf(int[] members, int member) {
        if (member < 0) {
            return -1;
        }
        for (int i = 0; i < members.length; i++) {
            if (members[i] == member) {
                return i;
            }
        }
        return -1;
    }

    /** The holder of a group made from two: the first's when it has one, else the second's (-1: none). */
    public static int holderOf(int holder1, int holder2) {
        return holder1 >= 0 ? holder1 : holder2;
    }

    /** Throws the two-group operations' error when either group is null. */
    public static void requireGroups(String call, Object group1, Object group2) throws MPIException {
        if (group1 == null || group2 == null) {
            throw new MPIException(call + ": group" + (group1 == null ? "1" : "2") + " is null");
        }
    }

    /** Ranks must be valid ranks of a group of {@code size} and distinct. */
    private static void checkRanks(String call, int size, int[] ranks) throws MPIException {
        if (ranks == null) {
            throw new MPIException(call + ": ranks is null");
        }
        final boolean[] seen = new boolean[size];
        for (int i = 0; i < ranks.length; i++) {
            final int r = ranks[i];
            if (r < 0 || r >= size) {
                throw new MPIException(call + ": ranks[" + i + "] = " + r + " is not a rank of a group of size "
                        + size);
            }
            if (seen[r]) {
                throw new MPIException(call + ": ranks[" + i + "] = " + r + " appears twice");
            }
            seen[r] = true;
        }
    }

    private static Map<Integer, Integer> rankMap(int[] members) {
        final Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < members.length; i++) {
            map.put(members[i], i);
        }
        return map;
    }

    private static int[] filter(int[] members, int[] other, boolean keepCommon) {
        final Map<Integer, Integer> inOther = rankMap(other);
        return Arrays.stream(members).filter(w -> inOther.containsKey(w) == keepCommon).toArray();
    }
}
