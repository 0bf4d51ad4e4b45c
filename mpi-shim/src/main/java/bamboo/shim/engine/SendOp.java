package bamboo.shim.engine;

import mpi.MPIException;
import mpi.Status;

/**
 * A send that completes when a receive has matched and copied it: rendezvous sends above the eager limit
 * (the receiver copies straight out of the sender's buffer) and synchronous sends.
 *
 * <p>Also a <em>deferred eager send</em> ({@link #deferred(Endpoint, Mailbox, Scope, int, int, String, Object,
 * int, int)}): a non-blocking standard send that would have been copied at once (eager) but found no
 * posted receive. It waits like a rendezvous, so a receive posted before the sender waits copies the
 * data once, straight from the sender's buffer, with no eager copy allocated; but as soon as the sender
 * polls it (Wait, Test, Waitall...) and no receive has claimed it yet, the sender makes the eager copy
 * then and the send completes at once, as an eager send would have. The sender's buffer is untouched
 * in between: MPI forbids changing it before the send completes.
 */
final class SendOp extends Operation {
    private final Mailbox destination;
    private final Scope scope;
    private final int dest;
    private final int tag;
    private final String call;
    /** The receiver's eager budget when this send went by rendezvous only because it was used up. */
    private final ByteBudget overBudget;
    Envelope envelope;
    /** For a deferred eager send, the sender's buffer and offset (what the eager copy is made of); else null. */
    private final Object deferredBuf;
    private final int deferredOffset;
    private final int deferredElements;
    private boolean cancelled;
    private volatile boolean done;

    SendOp(Endpoint owner, Mailbox destination, Scope scope, int dest, int tag, String call, ByteBudget overBudget) {
        this(owner, destination, scope, dest, tag, call, overBudget, null, 0, 0);
    }

    private SendOp(Endpoint owner, Mailbox destination, Scope scope, int dest, int tag, String call,
                   ByteBudget overBudget, Object deferredBuf, int deferredOffset, int deferredElements) {
        super(owner);
        this.deferredBuf = deferredBuf;
        this.deferredOffset = deferredOffset;
        this.deferredElements = deferredElements;
        this.overBudget = overBudget;
        this.destination = destination;
        this.scope = scope;
        this.dest = dest;
        this.tag = tag;
        this.call = call;
    }

    /** A deferred eager send of {@code elements} primitive elements of {@code buf} from {@code offset}. */
    static SendOp deferred(Endpoint owner, Mailbox destination, Scope scope, int dest, int tag, String call,
                           Object buf, int offset, int elements) {
        return new SendOp(owner, destination, scope, dest, tag, call, null, buf, offset, elements);
    }

    /** Called by whoever copied the data out (or cancelled the send). */
    void finish() {
        done = true;
        owner.completed();
    }

    @Override
    public boolean poll() {
        if (done) {
            return true;
        }
        if (deferredBuf != null) {
            detach();
            return done;
        }
        destination.progress();
        return done;
    }

    /** A deferred send is best waited for after the other requests of a Waitall: meanwhile its receiver
     *  may post the receive and take the data straight from the sender's buffer. */
    @Override
    public boolean waitLast() {
        return deferredBuf != null;
    }

    /** Freed before completion, a deferred send is copied now: the caller cannot tell when the receiver
     *  would have read the buffer. */
    @Override
    public void free() {
        if (deferredBuf != null && !done) {
            detach();
        }
    }

    /** The sender's side of a deferred send: make the eager copy and complete, unless a receive has claimed
     *  the message (it then completes this send when its copy is done). */
    private void detach() {
        if (envelope.taken) {
            return; // a receive is copying it out, and completes this send then
        }
        final Object copy = Transfer.copyOf(deferredBuf, deferredOffset, deferredElements);
        if (destination.detach(envelope, this, copy)) {
            finish();
        } else {
            PayloadPool.shared().release(copy); // a receive claimed it meanwhile: the copy was never seen
        }
    }

    @Override
    public long deadline() {
        final long arrival = envelope.arrival;
        return arrival != 0 && arrival - System.nanoTime() > 0 ? arrival : Long.MAX_VALUE;
    }

    @Override
    public Status complete() throws MPIException {
        final Status s = new Status(dest, tag, cancelled ? 0 : envelope.elements);
        if (cancelled) {
            s.markCancelled();
        }
        return s;
    }

    @Override
    public boolean cancel() {
        if (done) {
            return cancelled;
        }
        if (destination.cancel(envelope)) {
            cancelled = true;
            finish();
            return true;
        }
        return false;
    }

    @Override
    public String describe() {
        final String what = call + "(dest=" + dest + ", tag=" + tag + ", comm=" + scope.name() + ") until rank "
                + dest + " receives it";
        return overBudget == null ? what : what + " (flow control: rank " + dest + " holds " + overBudget.used()
                + " bytes of unexpected messages, its eager budget is " + overBudget.limit()
                + " bytes; raise it with JobConfig.withEagerBudget or --eager-budget)";
    }
}
