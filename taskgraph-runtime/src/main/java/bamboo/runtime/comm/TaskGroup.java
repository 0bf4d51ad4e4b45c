package bamboo.runtime.comm;

import java.util.Arrays;

import bamboo.shim.GroupSets;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code mpi.Group} in translated code: an ordered set of tasks. The translator replaces the type
 * {@code mpi.Group} of a program by this class, so the methods keep mpiJava's names and meaning (those of
 * the mpi-shim's {@code Group}): members are task ids in group-rank order, and the group remembers the id
 * of the task that holds it, so {@link #Rank()} works on any group derived from a communicator's group.
 * Immutable; every operation makes a new group.
 *
 * <p>Why a type of its own and not {@code mpi.Group}: package {@code mpi} holds only the mpiJava 1.2 API
 * (its group's constructor and member list are package-private), and a translated group's members are
 * task ids that must never reach the shim. What the operations mean is one thing, though: both classes
 * hold their members and holder and call the shim's {@link GroupSets} for the set logic, its argument
 * checks and messages.
 */
public final class TaskGroup {
    /** {@code MPI.GROUP_EMPTY} in translated code. */
    public static final TaskGroup EMPTY = new TaskGroup(new int[0], -1);
    /** {@code MPI.GROUP_NULL} in translated code, with the shim's meaning (MPJ Express's). */
    public static final TaskGroup NULL = new TaskGroup(new int[0], -1);

    private final int[] members;
    private final int self;

    TaskGroup(int[] members, int self) {
        this.members = members;
        this.self = self;
    }

    public int Size() {
        return this == NULL ? MPI.UNDEFINED : members.length;
    }

    private void usable(String call) throws MPIException {
        if (this == NULL) {
            throw new MPIException(call + ": the group is MPI.GROUP_NULL");
        }
    }

    /** This task's rank in the group, or {@code MPI.UNDEFINED} when it is not a member. */
    public int Rank() {
        usable("Group.Rank");
        final int r = GroupSets.indexOf(members, self);
        return r < 0 ? MPI.UNDEFINED : r;
    }

    public TaskGroup Incl(int[] ranks) throws MPIException {
        usable("Group.Incl");
        return new TaskGroup(GroupSets.incl("Group.Incl", members, ranks), self);
    }

    public TaskGroup Excl(int[] ranks) throws MPIException {
        usable("Group.Excl");
        return new TaskGroup(GroupSets.excl("Group.Excl", members, ranks), self);
    }

    public TaskGroup Range_incl(int[][] ranges) throws MPIException {
        return Incl(GroupSets.expandRanges("Group.Range_incl", ranges));
    }

    public TaskGroup Range_excl(int[][] ranges) throws MPIException {
        return Excl(GroupSets.expandRanges("Group.Range_excl", ranges));
    }

    /** Members of the first group, then those of the second that are not in the first. */
    public static TaskGroup Union(TaskGroup group1, TaskGroup group2) throws MPIException {
        GroupSets.requireGroups("Group.Union", group1, group2);
        if (group1 == NULL || group2 == NULL) {
            return group1 == NULL ? group2 : group1;
        }
        return new TaskGroup(GroupSets.union(group1.members, group2.members), holderOf(group1, group2));
    }

    public static TaskGroup Intersection(TaskGroup group1, TaskGroup group2) throws MPIException {
        GroupSets.requireGroups("Group.Intersection", group1, group2);
        if (group1 == NULL || group2 == NULL) {
            return NULL;
        }
        return new TaskGroup(GroupSets.intersection(group1.members, group2.members), holderOf(group1, group2));
    }

    public static TaskGroup Difference(TaskGroup group1, TaskGroup group2) throws MPIException {
        GroupSets.requireGroups("Group.Difference", group1, group2);
        if (group1 == NULL || group2 == NULL) {
            return group1 == NULL ? NULL : group1;
        }
        return new TaskGroup(GroupSets.difference(group1.members, group2.members), holderOf(group1, group2));
    }

    /** For each rank in {@code group1}, the rank of the same task in {@code group2}, or MPI.UNDEFINED. */
    public static int[] Translate_ranks(TaskGroup group1, int[] ranks1, TaskGroup group2) throws MPIException {
        GroupSets.requireGroups("Group.Translate_ranks", group1, group2);
        group1.usable("Group.Translate_ranks");
        group2.usable("Group.Translate_ranks");
        return GroupSets.translateRanks("Group.Translate_ranks", group1.members, ranks1, group2.members);
    }

    public static int Compare(TaskGroup group1, TaskGroup group2) throws MPIException {
        GroupSets.requireGroups("Group.Compare", group1, group2);
        if (group1 == NULL && group2 == NULL) {
            throw new MPIException("Group.Compare: both groups are MPI.GROUP_NULL");
        }
        if (group1 == NULL || group2 == NULL) {
            return MPI.UNEQUAL;
        }
        return GroupSets.compare(group1.members, group2.members);
    }

    /** Groups hold no resources. */
    public void Free() {
    }

    /** The members as task ids in group-rank order (a copy). */
    public int[] tasks() {
        return members.clone();
    }

    private static int holderOf(TaskGroup group1, TaskGroup group2) {
        return GroupSets.holderOf(group1.self, group2.self);
    }

    @Override
    public String toString() {
        if (this == NULL) {
            return "MPI.GROUP_NULL";
        }
        return "Group" + Arrays.toString(members);
    }
}
