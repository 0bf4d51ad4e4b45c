package bamboo.shim.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** A posted receive: waits in the owner's mailbox until a message matches, then holds the outcome. */
final class RecvOp extends Operation {
    final Scope scope;
    final String call;
    final int context;
    /** World rank of the source, or {@link MPI#ANY_SOURCE}. */
    final int source;
    /** Tag, or {@link MPI#ANY_TAG}. */
    final int tag;
    final Object buf;
    /** Offset and capacity in array elements. */
    final int offset;
    final int capacity;
    final Datatype type;

    /** While posted: its place in the posting order, the bucket of its key and its neighbours there. */
    long order;
    MatchTable.Bucket postedIn;
    RecvOp prevPosted;
    RecvOp nextPosted;

    /** Set under the mailbox lock when a message matches; the chain links matches to finish after unlock. */
    Envelope matched;
    RecvOp nextMatch;
    /**
     * True while the owner's thread busy-waits for this receive ({@link Endpoint#await}): a rendezvous
     * sender that matches it then leaves the copy to that thread ({@link #handOff}) instead of writing
     * into the receive buffer from its own core.
     */
    volatile boolean spinning;
    /** The matched message ({@link #matched}) a sender has left for the owner's thread to copy, or null. */
    private volatile Envelope handoff;
    private static final VarHandle HANDOFF;

    static {
        try {
            HANDOFF = MethodHandles.lookup().findVarHandle(RecvOp.class, "handoff", Envelope.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private int gotSource;
    private int gotTag;
    private int gotElements;
    private MPIException error;
    private boolean cancelled;
    private volatile boolean done;

    RecvOp(Endpoint owner, Scope scope, String call, int source, int tag, Object buf, int offset, int capacity,
           Datatype type) {
        super(owner);
        this.scope = scope;
        this.call = call;
        this.context = scope.wireContext();
        this.source = source;
        this.tag = tag;
        this.buf = buf;
        this.offset = offset;
        this.capacity = capacity;
        this.type = type;
    }

    boolean matches(Envelope e) {
        return Matching.matches(e, context, source, tag);
    }

    /** Records the outcome and wakes the owner; called once, outside the mailbox lock. */
    void finish(Envelope e, MPIException failure) {
        gotSource = e.source;
        gotTag = e.tag;
        gotElements = failure == null ? e.elements : 0;
        error = failure;
        done = true;
        owner.completed();
    }

    /** Marks the receive cancelled (already removed from the mailbox). */
    void finishCancelled() {
        cancelled = true;
        gotSource = MPI.ANY_SOURCE;
        gotTag = MPI.ANY_TAG;
        done = true;
        owner.completed();
    }

    /**
     * Whether a sender that has just matched {@code e} to this receive, and nothing else, should leave the
     * copy to the owner ({@link #handOff}): {@code e} is a rendezvous (its data still in the sender's buffer,
     * {@code e.sendOp} set) and the owner's thread busy-waits for this receive.
     */
    boolean takesHandOff(Envelope e) {
        return nextMatch == null && matched == e && e.sendOp != null && spinning;
    }

    /**
     * A sender's thread matched message {@code e} (a rendezvous: the data is still in the sender's buffer)
     * to this receive while its owner spins for it: the owner copies it at its next poll, so the data lands
     * in the cache of the core that reads it next, as it would had the receive come second. The owner's
     * thread is woken in case it has just stopped spinning to park.
     */
    void handOff(Envelope e) {
        handoff = e;
        owner.completed();
    }

    boolean isDone() {
        return done;
    }

    @Override
    public boolean poll() {
        if (done) {
            return true;
        }
        final Envelope h = handoff;
        if (h != null && HANDOFF.compareAndSet(this, h, null)) {
            owner.receives.handoffs++;
            Transfer.finishAll(this); // this.matched == h: copied here, on the receiving rank's thread
            return true;
        }
        owner.mailbox.progress();
        return done;
    }

    @Override
    public long deadline() {
        return owner.mailbox.nextArrival();
    }

    @Override
    public Status complete() throws MPIException {
        if (error != null) {
            throw error;
        }
        if (cancelled) {
            final Status s = new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0);
            s.markCancelled();
            return s;
        }
        return new Status(scope.local(gotSource), gotTag, gotElements);
    }

    @Override
    public boolean cancel() {
        if (done) {
            return cancelled;
        }
        if (owner.mailbox.cancel(this)) {
            finishCancelled();
            return true;
        }
        return false;
    }

    @Override
    public String describe() {
        return call + "(source=" + (source == MPI.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(scope.local(source)))
                + ", tag=" + (tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ", comm=" + scope.name() + ")";
    }
}
