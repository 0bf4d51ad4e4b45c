package mpi;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * An ordered set of processes (MPI_Group), kept as ranks of COMM_WORLD in group-rank order, together with
 * the world rank of the process holding it, so {@link #Rank()} works on any derived group. Immutable.
 */
public class Group {
    private final int[] members;
    private final int self;

    Group(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    int[] worldRanks() {
        return members;
    }

    /** Number of processes in the group. */
    public int Size() throws MPIException {
        return members.length;
    }

    /** This process's rank in the group, or {@link MPI#UNDEFINED} when it is not a member. */
    public int Rank() throws MPIException {
        final int r = indexOf(members, self);
        return r < 0 ? MPI.UNDEFINED : r;
    }

    /** The members with the given ranks, in that order (MPI_GROUP_INCL). */
    public Group Incl(int[] ranks) throws MPIException {
        checkRanks("Group.Incl", ranks);
        final int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = members[ranks[i]];
        }
        return new Group(out, self);
    }

    /** The members without the given ranks, the others in their order (MPI_GROUP_EXCL). */
    public Group Excl(int[] ranks) throws MPIException {
        checkRanks("Group.Excl", ranks);
        final boolean[] drop = new boolean[members.length];
        for (int r : ranks) {
            drop[r] = true;
        }
        final int[] out = new int[members.length - ranks.length];
        int k = 0;
        for (int i = 0; i < members.length; i++) {
            if (!drop[i]) {
                out[k++] = members[i];
            }
        }
        return new Group(out, self);
    }

    /** Incl over (first, last, stride) triples (MPI_GROUP_RANGE_INCL). */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return Incl(expand("Group.Range_incl", ranges));
    }

    /** Excl over (first, last, stride) triples (MPI_GROUP_RANGE_EXCL). */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return Excl(expand("Group.Range_excl", ranges));
    }

    /** Members of the first group, then those of the second not in the first. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        both("Group.Union", group1, group2);
        final Set<Integer> s = new LinkedHashSet<>();
        for (int m : group1.members) {
            s.add(m);
        }
        for (int m : group2.members) {
            s.add(m);
        }
        return new Group(s.stream().mapToInt(Integer::intValue).toArray(), holder(group1, group2));
    }

    /** Members of the first group that are also in the second, in the first's order. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        both("Group.Intersection", group1, group2);
        return new Group(Arrays.stream(group1.members).filter(m -> indexOf(group2.members, m) >= 0).toArray(),
                holder(group1, group2));
    }

    /** Members of the first group that are not in the second, in the first's order. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        both("Group.Difference", group1, group2);
        return new Group(Arrays.stream(group1.members).filter(m -> indexOf(group2.members, m) < 0).toArray(),
                holder(group1, group2));
    }

    /** The ranks in {@code group2} of the processes with ranks {@code ranks1} in {@code group1}
     *  ({@link MPI#UNDEFINED} for those not in it). */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        both("Group.Translate_ranks", group1, group2);
        group1.checkRanks("Group.Translate_ranks", ranks1);
        final int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            final int r = indexOf(group2.members, group1.members[ranks1[i]]);
            out[i] = r < 0 ? MPI.UNDEFINED : r;
        }
        return out;
    }

    /** {@link MPI#IDENT} (same members, same order), {@link MPI#SIMILAR} (same members) or {@link MPI#UNEQUAL}. */
    public static int Compare(Group group1, Group group2) throws MPIException {
        both("Group.Compare", group1, group2);
        if (Arrays.equals(group1.members, group2.members)) {
            return MPI.IDENT;
        }
        final int[] a = group1.members.clone();
        final int[] b = group2.members.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return Arrays.equals(a, b) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** Groups hold no library resources; kept for source compatibility. */
    public void Free() throws MPIException {
    }

    private void checkRanks(String call, int[] ranks) throws MPIException {
        if (ranks == null) {
            throw new MPIException(call + ": ranks is null");
        }
        final boolean[] seen = new boolean[members.length];
        for (int r : ranks) {
            if (r < 0 || r >= members.length) {
                throw new MPIException(call + ": rank " + r + " is not in the group (size " + members.length + ")");
            }
            if (seen[r]) {
                throw new MPIException(call + ": rank " + r + " is given twice");
            }
            seen[r] = true;
        }
    }

    private static int[] expand(String call, int[][] ranges) throws MPIException {
        if (ranges == null) {
            throw new MPIException(call + ": ranges is null");
        }
        final java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int[] t : ranges) {
            if (t == null || t.length < 3 || t[2] == 0) {
                throw new MPIException(call + ": each range must be (first, last, stride) with a stride other than 0");
            }
            for (int r = t[0]; t[2] > 0 ? r <= t[1] : r >= t[1]; r += t[2]) {
                out.add(r);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void both(String call, Group a, Group b) throws MPIException {
        if (a == null || b == null) {
            throw new MPIException(call + ": group" + (a == null ? "1" : "2") + " is null");
        }
    }

    private static int holder(Group a, Group b) {
        return a.self >= 0 ? a.self : b.self;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return "Group" + Arrays.toString(members);
    }
}
