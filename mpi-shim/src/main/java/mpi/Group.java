package mpi;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * An ordered set of processes (MPI_Group). Members are kept as world ranks in group-rank order; the
 * group also remembers the world rank of the process that holds it, so that {@link #Rank()} works on any
 * group derived from a communicator's group. Groups are immutable; every operation makes a new one.
 */
public class Group {

    private final int[] members;
    private final int self;

    /** A group over {@code members} (world ranks, distinct) held by the process of world rank {@code self}
     *  ({@code -1} when unknown, as for {@link MPI#GROUP_EMPTY}). */
    Group(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    /** Number of processes in the group. */
    public int Size() throws MPIException {
        return members.length;
    }

    /** This process's rank in the group, or {@link MPI#UNDEFINED} when it is not a member. */
    public int Rank() throws MPIException {
        final int r = indexOf(self);
        return r < 0 ? MPI.UNDEFINED : r;
    }

    /** The group of the members with the given ranks, in that order (MPI_GROUP_INCL). */
    public Group Incl(int[] ranks) throws MPIException {
        checkRanks("Group.Incl", ranks);
        final int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = members[ranks[i]];
        }
        return new Group(out, self);
    }

    /** The group without the members with the given ranks, others in their order (MPI_GROUP_EXCL). */
    public Group Excl(int[] ranks) throws MPIException {
        checkRanks("Group.Excl", ranks);
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
        return new Group(out, self);
    }

    /** Incl over ranks given as (first, last, stride) triples (MPI_GROUP_RANGE_INCL). */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return Incl(expand("Group.Range_incl", ranges));
    }

    /** Excl over ranks given as (first, last, stride) triples (MPI_GROUP_RANGE_EXCL). */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return Excl(expand("Group.Range_excl", ranges));
    }

    /** Members of the first group, then those of the second that are not in the first. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        checkNotNull("Group.Union", group1, group2);
        final int[] out = Arrays.copyOf(group1.members, group1.members.length + group2.members.length);
        int n = group1.members.length;
        for (int w : group2.members) {
            if (group1.indexOf(w) < 0) {
                out[n++] = w;
            }
        }
        return new Group(Arrays.copyOf(out, n), selfOf(group1, group2));
    }

    /** Members of the first group that are also in the second, in the first group's order. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        checkNotNull("Group.Intersection", group1, group2);
        return group1.filter(group2, true, selfOf(group1, group2));
    }

    /** Members of the first group that are not in the second, in the first group's order. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        checkNotNull("Group.Difference", group1, group2);
        return group1.filter(group2, false, selfOf(group1, group2));
    }

    /** For each rank in {@code group1}, the rank of the same process in {@code group2}, or
     *  {@link MPI#UNDEFINED} where it is not a member ({@link MPI#PROC_NULL} stays PROC_NULL). */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        checkNotNull("Group.Translate_ranks", group1, group2);
        if (ranks1 == null) {
            throw new MPIException("Group.Translate_ranks: ranks1 is null");
        }
        final Map<Integer, Integer> rankIn2 = group2.rankMap();
        final int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            final int r = ranks1[i];
            if (r == MPI.PROC_NULL) {
                out[i] = MPI.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= group1.members.length) {
                throw new MPIException("Group.Translate_ranks: ranks1[" + i + "] = " + r
                        + " is not a rank of group1 (size " + group1.members.length + ")");
            }
            out[i] = rankIn2.getOrDefault(group1.members[r], MPI.UNDEFINED);
        }
        return out;
    }

    /** {@link MPI#IDENT} for the same members in the same order, {@link MPI#SIMILAR} for the same members
     *  in another order, {@link MPI#UNEQUAL} otherwise. */
    public static int Compare(Group group1, Group group2) throws MPIException {
        checkNotNull("Group.Compare", group1, group2);
        return compareMembers(group1.members, group2.members);
    }

    /** Groups hold no resources; kept for source compatibility. */
    public void Free() throws MPIException {
    }

    /** The members as world ranks, in group-rank order (a copy). */
    int[] worldRanks() {
        return members.clone();
    }

    /** The world rank of the process holding this group, or -1. */
    int self() {
        return self;
    }

    static int compareMembers(int[] a, int[] b) {
        if (Arrays.equals(a, b)) {
            return MPI.IDENT;
        }
        final int[] sa = a.clone();
        final int[] sb = b.clone();
        Arrays.sort(sa);
        Arrays.sort(sb);
        return Arrays.equals(sa, sb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    private int indexOf(int worldRank) {
        if (worldRank < 0) {
            return -1;
        }
        for (int i = 0; i < members.length; i++) {
            if (members[i] == worldRank) {
                return i;
            }
        }
        return -1;
    }

    private Map<Integer, Integer> rankMap() {
        final Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < members.length; i++) {
            map.put(members[i], i);
        }
        return map;
    }

    private Group filter(Group other, boolean keepCommon, int holder) {
        final Map<Integer, Integer> inOther = other.rankMap();
        return new Group(Arrays.stream(members).filter(w -> inOther.containsKey(w) == keepCommon).toArray(),
                holder);
    }

    private static int selfOf(Group group1, Group group2) {
        return group1.self >= 0 ? group1.self : group2.self;
    }

    private static void checkNotNull(String call, Group group1, Group group2) throws MPIException {
        if (group1 == null || group2 == null) {
            throw new MPIException(call + ": group" + (group1 == null ? "1" : "2") + " is null");
        }
    }

    /** Ranks must be valid ranks of this group and distinct. */
    private void checkRanks(String call, int[] ranks) throws MPIException {
        if (ranks == null) {
            throw new MPIException(call + ": ranks is null");
        }
        final boolean[] seen = new boolean[members.length];
        for (int i = 0; i < ranks.length; i++) {
            final int r = ranks[i];
            if (r < 0 || r >= members.length) {
                throw new MPIException(call + ": ranks[" + i + "] = " + r + " is not a rank of a group of size "
                        + members.length);
            }
            if (seen[r]) {
                throw new MPIException(call + ": ranks[" + i + "] = " + r + " appears twice");
            }
            seen[r] = true;
        }
    }

    private static int[] expand(String call, int[][] ranges) throws MPIException {
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

    @Override
    public String toString() {
        return "Group" + Arrays.toString(members);
    }
}
