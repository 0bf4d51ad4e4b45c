package bamboo.runtime.comm;

import bamboo.shim.CartGrid;
import bamboo.shim.GroupSets;
import mpi.MPI;
import mpi.MPIException;

/**
 * {@code mpi.Comm} / {@code mpi.Intracomm} in translated code: a group of tasks and a private matching
 * space. The translator replaces those types by this class; what it does with the calls:
 * <ul>
 *   <li>{@code comm.Send(buf, off, n, type, dest, tag)} becomes
 *       {@code send(comm.task(dest), comm.tag(tag), buf, off, n)}, and receives likewise: ranks are
 *       translated to task ids, tags are encoded into the communicator's context;</li>
 *   <li>collectives (and Split, Dup, Create) are inlined from the collectives library, whose messages use
 *       {@link #collectiveTag(int)}: the communicator's second context, so they never match a user's
 *       receive;</li>
 *   <li>{@code Rank()}, {@code Size()}, {@code Group()}, {@code Free()}, {@code Compare} stay calls on this
 *       class, with mpiJava's names and meaning.</li>
 * </ul>
 *
 * <h2>Contexts and the tag space</h2>
 * The runtime matches messages by (source task, tag) only, so a communicator's context is encoded into
 * the tag. Communicator context {@code c} has two wire contexts, {@code w = 2c} for point-to-point and
 * {@code 2c + 1} for collectives; COMM_WORLD is context 0, COMM_SELF context 1, derived communicators 2
 * and up. Wire context 0 (COMM_WORLD's point-to-point traffic) is the user's tag itself, any tag
 * {@code >= 0}, exactly as untranslated. Every other wire context {@code w} maps tag {@code t} to
 * {@code Integer.MIN_VALUE + (w - 1) * 65536 + t}: a negative number, disjoint from every other context,
 * for {@code 0 <= t <= }{@link #MAX_TAG}. A larger tag on a derived communicator is refused with an
 * exception naming the call (it would collide with the next context). The 32768 wire contexts give
 * {@link #MAX_CONTEXT} communicator contexts; creating more fails the same way.
 *
 * <p>Context ids are agreed as in the mpi-shim: every creation is collective over the parent, each task
 * offers {@link #contextCandidate()} (one above any it has seen), and the maximum is the new context,
 * unused on every member. The counter is per task, shared by the communicators of one task.
 */
public class TaskComm {
    /** The largest tag of a communicator other than COMM_WORLD (and of the collectives library). */
    public static final int MAX_TAG = 0xFFFF;
    /** The largest communicator context id. */
    public static final int MAX_CONTEXT = 16383;
    private static final int TAG_BITS = 16;

    /**
     * A new array of {@code like}'s element type with {@code length} elements: the scratch buffers of the
     * collectives the translator inlines into a task's {@code execute()} (Reduce, Allreduce, Scan, ...).
     *
     * <p>Why not {@code Array.newInstance(like.getClass().getComponentType(), length)} in those bodies:
     * C2 inlines it into the translated {@code execute()} with a class check per call site, and a site that
     * sees a second element type (jacobi3d: the {@code double} Allreduces of every tenth sweep, then the
     * {@code long} checksum at the end of the run) fails that check at its first call after the compile,
     * throws the whole compiled {@code execute()} away and has it compiled again (100-140 ms of C2 time
     * inside the program's run). Here each element type is its own branch of one shared method, whose
     * profile every call site fills.
     *
     * @throws IllegalArgumentException when {@code like} is not an array
     */
    public static Object newBufferLike(Object like, int length) {
        final Class<?> c = like.getClass();
        if (c == double[].class) {
            return new double[length];
        } else if (c == long[].class) {
            return new long[length];
        } else if (c == int[].class) {
            return new int[length];
        } else if (c == float[].class) {
            return new float[length];
        } else if (c == byte[].class) {
            return new byte[length];
        } else if (c == short[].class) {
            return new short[length];
        } else if (c == char[].class) {
            return new char[length];
        } else if (c == boolean[].class) {
            return new boolean[length];
        }
        return reflective(c, length);
    }

    private static Object reflective(Class<?> c, int length) {
        final Class<?> element = c.getComponentType();
        if (element == null) {
            throw new IllegalArgumentException("TaskComm.newBufferLike: a message buffer must be an array, got "
                    + c.getName());
        }
        return java.lang.reflect.Array.newInstance(element, length);
    }

    /** Per-task context counter, shared by every communicator of the task, and the communicators by
     *  context (to translate the status of a message back to the communicator it travelled on). */
    static final class Contexts {
        int next = 2;
        TaskComm[] byContext = new TaskComm[4];

        void register(TaskComm c) {
            if (c.context >= byContext.length) {
                byContext = java.util.Arrays.copyOf(byContext, Math.max(c.context + 1, 2 * byContext.length));
            }
            byContext[c.context] = c;
        }

        TaskComm get(int context) {
            return context < byContext.length ? byContext[context] : null;
        }
    }

    private final int[] tasks;
    private final int rank;
    private final int context;
    private final Contexts contexts;
    private boolean freed;

    TaskComm(int[] tasks, int rank, int context, Contexts contexts) {
        this.tasks = tasks;
        this.rank = rank;
        this.context = context;
        this.contexts = contexts;
        contexts.register(this);
    }

    /** {@code MPI.COMM_NULL} in translated code: every call on it fails, as in the shim. */
    public static final TaskComm NULL = new TaskComm();

    private TaskComm() {
        this.tasks = new int[0];
        this.rank = -1;
        this.context = -1;
        this.contexts = null;
    }

    /** COMM_WORLD of task {@code id} among {@code numTasks}. */
    public static TaskComm world(int id, int numTasks) {
        final int[] all = new int[numTasks];
        for (int i = 0; i < numTasks; i++) {
            all[i] = i;
        }
        return new TaskComm(all, id, 0, new Contexts());
    }

    /** COMM_SELF of the task that owns this communicator (context 1: only the task itself talks on it). */
    public TaskComm self() {
        return new TaskComm(new int[] {tasks[rank]}, 0, 1, contexts);
    }

    /** mpiJava: this task's rank in the communicator. */
    public int Rank() {
        check("Rank");
        return rank;
    }

    /** mpiJava: the number of tasks in the communicator. */
    public int Size() {
        check("Size");
        return tasks.length;
    }

    /** mpiJava: the group of the communicator (members as task ids). */
    public TaskGroup Group() {
        check("Group");
        return new TaskGroup(tasks.clone(), tasks[rank]);
    }

    /** mpiJava: IDENT for the same communicator, CONGRUENT for the same members in the same order, SIMILAR
     *  for the same members in another order, UNEQUAL otherwise. */
    public static int Compare(TaskComm comm1, TaskComm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw new MPIException("Compare: comm" + (comm1 == null ? "1" : "2") + " is null");
        }
        comm1.check("Compare");
        comm2.check("Compare");
        if (comm1 == comm2) {
            return MPI.IDENT;
        }
        final int groups = GroupSets.compare(comm1.tasks, comm2.tasks);
        return groups == MPI.IDENT ? MPI.CONGRUENT : groups;
    }

    /** mpiJava: later calls on the communicator fail; COMM_WORLD cannot be freed. */
    public void Free() throws MPIException {
        check("Free");
        if (context == 0) {
            throw new MPIException("Free: MPI.COMM_WORLD cannot be freed");
        }
        freed = true;
    }

    /** Predefined attributes this task deleted ({@link #Attr_delete}). */
    private java.util.Set<Integer> deletedAttributes;

    /** mpiJava: COMM_WORLD's predefined attributes, as the shim's {@code Comm.Attr_get} gives them:
     *  {@code MPI.TAG_UB}, {@code MPI.HOST} ({@code PROC_NULL}) and {@code MPI.IO} (the caller's rank). */
    public Object Attr_get(int keyval) throws MPIException {
        check("Attr_get");
        if (context == 0 && (deletedAttributes == null || !deletedAttributes.contains(keyval))) {
            if (keyval == MPI.TAG_UB) {
                return MPI.TAG_UB;
            } else if (keyval == MPI.HOST) {
                return MPI.PROC_NULL;
            } else if (keyval == MPI.IO) {
                return rank;
            }
        }
        throw new MPIException("Attr_get: no value for key " + keyval + " on " + this);
    }

    /** mpiJava: a later {@link #Attr_get} of the key fails on this task. */
    public void Attr_delete(int keyval) throws MPIException {
        check("Attr_delete");
        if (deletedAttributes == null) {
            deletedAttributes = new java.util.HashSet<>();
        }
        deletedAttributes.add(keyval);
    }

    /** mpiJava: translated communicators are intra-communicators. */
    public boolean Test_inter() {
        check("Test_inter");
        return false;
    }

    // ---- used by translated code ----------------------------------------------------------------------

    /** The task id of communicator rank {@code rank} (a destination or source); MPI.PROC_NULL stays. */
    public int task(int rank) {
        check("point-to-point");
        if (rank == MPI.PROC_NULL) {
            return bamboo.runtime.Task.PROC_NULL;
        }
        if (rank < 0 || rank >= tasks.length) {
            throw new IllegalArgumentException(this + ": rank " + rank + " is not a rank of this communicator (size "
                    + tasks.length + ")");
        }
        return tasks[rank];
    }

    /** The task id a receive or probe names as its source: communicator rank {@code rank}, or the wildcard
     *  MPI.ANY_SOURCE (the tag then limits the match to this communicator's members). */
    public int source(int rank) {
        return rank == MPI.ANY_SOURCE ? bamboo.runtime.Task.ANY_SOURCE : task(rank);
    }

    /** The wire tag (or wildcard) a receive or probe names: {@link #tag(int)}, and MPI.ANY_TAG as the
     *  wildcard of this communicator's point-to-point tags ({@code Task.anyTagInBlock}). */
    public int recvTag(int tag) {
        if (tag != MPI.ANY_TAG) {
            return tag(tag);
        }
        check("point-to-point");
        return context == 0 ? bamboo.runtime.Task.ANY_TAG : bamboo.runtime.Task.anyTagInBlock(2 * context - 1);
    }

    /**
     * The Status of a message this task received or probed, from the runtime's view of it (source task,
     * wire tag): the source as a rank and the tag as the user's tag of the communicator the message
     * travelled on, known from the wire tag's context among this task's communicators. Messages of
     * COMM_WORLD (tags >= 0) come out as they are.
     */
    public mpi.Status status(int sourceTask, int wireTag, int count) {
        if (wireTag >= 0 || sourceTask == MPI.PROC_NULL) {
            return new mpi.Status(sourceTask, wireTag, count);
        }
        int wire = ((wireTag - Integer.MIN_VALUE) >>> TAG_BITS) + 1;
        TaskComm c = contexts.get(wire / 2);
        if (c == null) {
            return new mpi.Status(sourceTask, wireTag, count);
        }
        return new mpi.Status(c.rankOf(sourceTask), wireTag - base(wire), count);
    }

    /** Whether receive tag patterns {@code a} and {@code b} (wire tags or wildcards) can match one message. */
    public static boolean tagsOverlap(int a, int b) {
        return a == b || bamboo.runtime.Task.tagMatches(a, b) || bamboo.runtime.Task.tagMatches(b, a);
    }

    /** The communicator rank of task {@code task}, or -1 if it is not a member (for a Status's source). */
    public int rankOf(int task) {
        for (int i = 0; i < tasks.length; i++) {
            if (tasks[i] == task) {
                return i;
            }
        }
        return -1;
    }

    /** The wire tag of a user's point-to-point tag on this communicator. */
    public int tag(int tag) {
        if (context == 0) {
            if (tag < 0) {
                throw new IllegalArgumentException(this + ": tag " + tag + " is out of range (0.." + MPI.TAG_UB + ")");
            }
            return tag;
        }
        return encode(2 * context, tag, "tag");
    }

    /** The wire tag of a collective's tag (the collectives library's, 0..MAX_TAG) on this communicator. */
    public int collectiveTag(int tag) {
        return encode(2 * context + 1, tag, "collective tag");
    }

    /** The user's tag of wire tag {@code wire} received on this communicator's point-to-point context. */
    public int userTag(int wire) {
        return context == 0 ? wire : wire - tagLow();
    }

    /** The smallest wire tag of this communicator's point-to-point context (for wildcard matching). */
    public int tagLow() {
        return context == 0 ? 0 : base(2 * context);
    }

    /** The largest wire tag of this communicator's point-to-point context (for wildcard matching). */
    public int tagHigh() {
        return context == 0 ? Integer.MAX_VALUE : base(2 * context) + MAX_TAG;
    }

    private int encode(int wire, int tag, String what) {
        if (tag < 0 || tag > MAX_TAG) {
            throw new IllegalArgumentException(this + ": " + what + " " + tag + " is out of range: translated programs "
                    + "support tags 0.." + MAX_TAG + " on communicators other than MPI.COMM_WORLD (the tag space "
                    + "also carries the communicator's context)");
        }
        return base(wire) + tag;
    }

    private static int base(int wire) {
        return Integer.MIN_VALUE + ((wire - 1) << TAG_BITS);
    }

    /** The context this task offers for a new communicator: one above every context it has used. */
    public int contextCandidate() {
        return contexts.next;
    }

    /** Records the agreed context (the maximum of the members' candidates) as used by this task. */
    public void contextAgreed(int agreed) {
        if (agreed > MAX_CONTEXT) {
            throw new IllegalStateException("too many communicators: a translated program may create at most "
                    + (MAX_CONTEXT - 1) + " communicators along one task's history (contexts are encoded into the "
                    + "tag space); free-and-recreate does not reuse them");
        }
        contexts.next = Math.max(contexts.next, agreed + 1);
    }

    /**
     * The communicator over {@code parentRanks} (ranks of this communicator, in the new rank order) with
     * context {@code agreed}, or null when this task is not among them.
     */
    public TaskComm derive(int[] parentRanks, int agreed) {
        final int[] members = new int[parentRanks.length];
        int mine = -1;
        for (int i = 0; i < parentRanks.length; i++) {
            members[i] = task(parentRanks[i]);
            if (parentRanks[i] == rank) {
                mine = i;
            }
        }
        return mine < 0 ? null : new TaskComm(members, mine, agreed, contexts);
    }

    /** The communicator over {@code group} (a subset of this one) with context {@code agreed}; null outside. */
    public TaskComm create(TaskGroup group, int agreed) throws MPIException {
        if (group == null) {
            throw new MPIException("Intracomm.Create: group is null");
        }
        final int[] members = group.tasks();
        int mine = -1;
        for (int i = 0; i < members.length; i++) {
            if (rankOf(members[i]) < 0) {
                throw new MPIException("Intracomm.Create: group " + group + " has a process outside this communicator");
            }
            if (members[i] == tasks[rank]) {
                mine = i;
            }
        }
        return mine < 0 ? null : new TaskComm(members, mine, agreed, contexts);
    }

    /**
     * The Cartesian communicator {@code Create_cart} makes of this one: its first places ranks, in their
     * order (ranks are never reordered, as in the mpi-shim), with context {@code agreed}; null for the ranks
     * beyond the grid.
     */
    public TaskCartcomm cart(int[] dims, boolean[] periods, int agreed) throws MPIException {
        final int places = CartGrid.checkGrid("Intracomm.Create_cart", dims, periods, Size());
        if (rank >= places) {
            return null;
        }
        return new TaskCartcomm(java.util.Arrays.copyOf(tasks, places), rank, agreed, contexts, dims.clone(),
                periods.clone());
    }

    /** mpiJava: what topology the communicator has; translated plain communicators have none. */
    public int Topo_test() {
        check("Topo_test");
        return MPI.UNDEFINED;
    }

    final int[] members() {
        return tasks;
    }

    final int myRank() {
        return rank;
    }

    final int contextId() {
        return context;
    }

    final Contexts contexts() {
        return contexts;
    }

    void check(String call) {
        if (context < 0) {
            throw new MPIException(call + ": the communicator is MPI.COMM_NULL");
        }
        if (freed) {
            throw new IllegalStateException(call + ": the communicator has been freed");
        }
    }

    @Override
    public String toString() {
        return context < 0 ? "MPI.COMM_NULL" : context == 0 ? "MPI.COMM_WORLD" : context == 1 ? "MPI.COMM_SELF" : "Comm[context " + context + "]";
    }
}
