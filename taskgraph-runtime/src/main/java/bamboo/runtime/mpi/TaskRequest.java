package bamboo.runtime.mpi;

import mpi.MPI;
import mpi.Status;

/**
 * A request of a translated program: complete at once (a send, which copies; a receive whose message
 * was there), or a deferred receive until a wait or test receives it; a persistent one ({@code Send_init},
 * {@code Recv_init}) is inactive until started, and again once waited for. Only {@link MpiTask} reads and
 * changes it; to the program it is an opaque {@code mpi.Prequest}.
 */
public final class TaskRequest extends mpi.Prequest {
    static final int SEND = 1;
    static final int RECEIVE = 2;

    final int source;
    final int tag;
    final Object buf;
    final int offset;
    final int count;
    /** The datatype of a transfer written with a datatype held in a variable (offset and count are then
     *  in its items, moved by {@link MpiTask}'s typed transfers); null when they count array elements. */
    final mpi.Datatype type;
    /** 0, {@link #SEND} or {@link #RECEIVE}. */
    final int persistent;
    /** Set when complete. */
    Status status;
    /** A deferred receive the current wait or test completes. */
    boolean wanted;
    /** Handed out by a wait or test: MPI's null request (a persistent one may be started again). */
    boolean inactive;
    boolean freed;

    TaskRequest(int source, int tag, Object buf, int offset, int count, Status status, int persistent) {
        this(source, tag, buf, offset, count, null, status, persistent);
    }

    TaskRequest(int source, int tag, Object buf, int offset, int count, mpi.Datatype type, Status status,
                int persistent) {
        super(null);
        this.type = type;
        this.source = source;
        this.tag = tag;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.status = status;
        this.persistent = persistent;
        this.inactive = persistent != 0;
    }

    /** Whether MPI could match one message to both patterns (either may hold wildcards). */
    static boolean overlaps(int sourceA, int tagA, int sourceB, int tagB) {
        return (sourceA == sourceB || sourceA == MPI.ANY_SOURCE || sourceB == MPI.ANY_SOURCE)
                && (tagA == tagB || tagA == MPI.ANY_TAG || tagB == MPI.ANY_TAG);
    }

    @Override
    public String toString() {
        return (persistent == SEND ? "persistent send" : persistent == RECEIVE ? "persistent receive"
                : buf != null ? "deferred receive" : "request") + " (peer " + source + ", tag " + tag + ")"
                + (inactive ? " inactive" : status != null ? " complete" : " pending");
    }
}
