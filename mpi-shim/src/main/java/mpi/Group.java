package mpi;

import java.util.Arrays;

import bamboo.shim.GroupSets;

/**
 * An ordered set of processes (MPI_Group). Members are kept as world ranks in group-rank order; the
 * group also remembers the world rank of the process that holds it, so that {@link #Rank()} works on any
 * group derived from a communicator's group. Groups are immutable; every operation makes a new one. The
 * set logic and its argument checks are {@link GroupSets}, shared with the runtime's group of tasks.
 */
public class Group {

    private final int[] members;
    private final int self;
    /** {@link MPI#GROUP_NULL}. */
    private final boolean nullHandle;

    /** {@link MPI#GROUP_NULL}. */
    static Group nullHandle() {
        return new Group(new int[0], -1, true);
    }

    private Group(int[] members, int self, boolean nullHandle) {
        this.members = members;
        this.self = self;
        this.nullHandle = nullHandle;
    }

    private Group usable(String call) throws MPIException {
        if (nullHandle) {
            throw new MPIException(call + ": the group is MPI.GROUP_NULL");
        }
        return this;
    }

    /** A group over {@code members} (world ranks, distinct) held by the process of world rank {@code self}
     *  ({@code -1} when unknown, as for {@link MPI#GROUP_EMPTY}). */
    Group(int[] members, int self) {
        this(members, self, false);
    }

    /** Number of processes in the group; {@link MPI#UNDEFINED} for {@link MPI#GROUP_NULL}, as in MPJ
     *  Express. */
    public int Size() throws MPIException {
        return nullHandle ? MPI.UNDEFINED : members.length;
    }

    /** This process's rank in the group, or {@link MPI#UNDEFINED} when it is not a member. */
    public int Rank() throws MPIException {
        usable("Group.Rank");
        final int r = GroupSets.indexOf(members, self);
        return r < 0 ? MPI.UNDEFINED : r;
    }

    /** The group of the members with the given ranks, in that order (MPI_GROUP_INCL). */
    public Group Incl(int[] ranks) throws MPIException {
        usable("Group.Incl");
        return new Group(GroupSets.incl("Group.Incl", members, ranks), self);
    }

    /** The group without the members with the given ranks, others in their order (MPI_GROUP_EXCL). */
    public Group Excl(int[] ranks) throws MPIException {
        usable("Group.Excl");
        return new Group(GroupSets.excl("Group.Excl", members, ranks), self);
    }

    /** Incl over ranks given as (first, last, stride) triples (MPI_GROUP_RANGE_INCL). */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return Incl(GroupSets.expandRanges("Group.Range_incl", ranges));
    }

    /** Excl over ranks given as (first, last, stride) triples (MPI_GROUP_RANGE_EXCL). */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return Excl(GroupSets.expandRanges("Group.Range_excl", ranges));
    }

    /** Members of the first group, then those of the second that are not in the first. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        GroupSets.requireGroups("Group.Union", group1, group2);
        if (group1.nullHandle || group2.nullHandle) {
            return group1.nullHandle ? group2 : group1; // as MPJ Express: the other one (null if both are)
        }
        return new Group(GroupSets.union(group1.members, group2.members), holderOf(group1, group2));
    }

    /** Members of the first group that are also in the second, in the first group's order. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        GroupSets.requireGroups("Group.Intersection", group1, group2);
        if (group1.nullHandle || group2.nullHandle) {
            return MPI.GROUP_NULL;
        }
        return new Group(GroupSets.intersection(group1.members, group2.members), holderOf(group1, group2));
    }

    /** Members of the first group that are not in the second, in the first group's order. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        GroupSets.requireGroups("Group.Difference", group1, group2);
        if (group1.nullHandle || group2.nullHandle) {
            return group1.nullHandle ? MPI.GROUP_NULL : group1;
        }
        return new Group(GroupSets.difference(group1.members, group2.members), holderOf(group1, group2));
    }

    /** For each rank in {@code group1}, the rank of the same process in {@code group2}, or
     *  {@link MPI#UNDEFINED} where it is not a member ({@link MPI#PROC_NULL} stays PROC_NULL). */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        GroupSets.requireGroups("Group.Translate_ranks", group1, group2);
        group1.usable("Group.Translate_ranks");
        group2.usable("Group.Translate_ranks");
        return GroupSets.translateRanks("Group.Translate_ranks", group1.members, ranks1, group2.members);
    }

    /** {@link MPI#IDENT} for the same members in the same order, {@link MPI#SIMILAR} for the same members
     *  in another order, {@link MPI#UNEQUAL} otherwise. */
    public static int Compare(Group group1, Group group2) throws MPIException {
        GroupSets.requireGroups("Group.Compare", group1, group2);
        if (group1.nullHandle && group2.nullHandle) {
            throw new MPIException("Group.Compare: both groups are MPI.GROUP_NULL");
        }
        if (group1.nullHandle || group2.nullHandle) {
            return MPI.UNEQUAL;
        }
        return GroupSets.compare(group1.members, group2.members);
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

    private static int holderOf(Group group1, Group group2) {
        return GroupSets.holderOf(group1.self, group2.self);
    }

    @Override
    public String toString() {
        if (nullHandle) {
            return "MPI.GROUP_NULL";
        }
        return "Group" + Arrays.toString(members);
    }
}
