package bamboo.runtime.comm;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import mpi.MPI;
import mpi.MPIException;

/**
 * {@code mpi.Group} in translated code: an ordered set of tasks. The translator replaces the type
 * {@code mpi.Group} of a program by this class, so the methods keep mpiJava's names and meaning (those of
 * the mpi-shim's {@code Group}): members are task ids in group-rank order, and the group remembers the id
 * of the task that holds it, so {@link #Rank()} works on any group derived from a communicator's group.
 * Immutable; every operation makes a new group.
 *
 * <p>Why this does not reuse {@code mpi.Group}: its constructor and its member list are package-private,
 * and they must stay so, since package {@code mpi} holds only the mpiJava 1.2 API; a translated group
 * also has to be a type of its own (its members are task ids, and it must never reach the shim). Sharing
 * the set logic would mean moving it out of {@code mpi.Group} into a {@code bamboo.shim} class that both
 * call, a change to the shim's public API surface that belongs with the shim; until then the two are
 * kept in step by their tests (the same operations, checks and messages).
 */
public final class TaskGroup {
    /** {@code MPI.GROUP_EMPTY} in translated code. */
    public static final TaskGroup EMPTY = new TaskGroup(new int[0], -1);

    private final int[] members;
    private final int self;

    TaskGroup(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    public int Size() {
        return members.length;
    }

    /** This task's rank in the group, or {@code MPI.UNDEFINED} when it is not a member. */
    public int Rank() {
        final int r = indexOf(self);
        return r < 0 ? MPI.UNDEFINED : r;
    }

    public TaskGroup Incl(int[] ranks) throws MPIException {
        checkRanks("Group.Incl", ranks);
        final int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = members[ranks[i]];
        }
        return new TaskGroup(out, self);
    }

    public TaskGroup Excl(int[] ranks) throws MPIException {
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
        return new TaskGroup(out, self);
    }

    public TaskGroup Range_incl(int[][] ranges) throws MPIException {
        return Incl(expand("Group.Range_incl", ranges));
    }

    public TaskGroup Range_excl(int[][] ranges) throws MPIException {
        return Excl(expand("Group.Range_excl", ranges));
    }

    /** Members of the first group, then those of the second that are not in the first. */
    public static TaskGroup Union(TaskGroup group1, TaskGroup group2) throws MPIException {
        checkNotNull("Group.Union", group1, group2);
        final int[] out = Arrays.copyOf(group1.members, group1.members.length + group2.members.length);
        int n = group1.members.length;
        for (int w : group2.members) {
            if (group1.indexOf(w) < 0) {
                out[n++] = w;
            }
        }
        return new TaskGroup(Arrays.copyOf(out, n), selfOf(group1, group2));
    }

    public static TaskGroup Intersection(TaskGroup group1, TaskGroup group2) throws MPIException {
        checkNotNull("Group.Intersection", group1, group2);
        return group1.filter(group2, true, selfOf(group1, group2));
    }

    public static TaskGroup Difference(TaskGroup group1, TaskGroup group2) throws MPIException {
        checkNotNull("Group.Difference", group1, group2);
        return group1.filter(group2, false, selfOf(group1, group2));
    }

    /** For each rank in {@code group1}, the rank of the same task in {@code group2}, or MPI.UNDEFINED. */
    public static int[] Translate_ranks(TaskGroup group1, int[] ranks1, TaskGroup group2) throws MPIException {
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

    public static int Compare(TaskGroup group1, TaskGroup group2) throws MPIException {
        checkNotNull("Group.Compare", group1, group2);
        return compareMembers(group1.members, group2.members);
    }

    /** Groups hold no resources. */
    public void Free() {
    }

    /** The members as task ids in group-rank order (a copy). */
    public int[] tasks() {
        return members.clone();
    }

    /** The id of the task holding this group, or -1. */
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

    int indexOf(int task) {
        if (task < 0) {
            return -1;
        }
        for (int i = 0; i < members.length; i++) {
            if (members[i] == task) {
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

    private TaskGroup filter(TaskGroup other, boolean keepCommon, int holder) {
        final Map<Integer, Integer> inOther = other.rankMap();
        return new TaskGroup(Arrays.stream(members).filter(w -> inOther.containsKey(w) == keepCommon).toArray(),
                holder);
    }

    private static int selfOf(TaskGroup group1, TaskGroup group2) {
        return group1.self >= 0 ? group1.self : group2.self;
    }

    private static void checkNotNull(String call, TaskGroup group1, TaskGroup group2) throws MPIException {
        if (group1 == null || group2 == null) {
            throw new MPIException(call + ": group" + (group1 == null ? "1" : "2") + " is null");
        }
    }

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
