package bamboo.shim.device.threads;

import mpi.MPIException;
import mpi.Status;

/**
 * A send that completes when a receive has matched and copied it: rendezvous sends above the eager limit
 * (the receiver copies straight out of the sender's buffer) and synchronous sends.
 */
final class SendOp implements Pending {
    private final Endpoint owner;
    private final Mailbox destination;
    private final Scope scope;
    private final int dest;
    private final int tag;
    private final String call;
    /** The receiver's eager budget when this send went by rendezvous only because it was used up. */
    private final ByteBudget overBudget;
    Envelope envelope;
    private boolean cancelled;
    private volatile boolean done;

    SendOp(Endpoint owner, Mailbox destination, Scope scope, int dest, int tag, String call, ByteBudget overBudget) {
        this.overBudget = overBudget;
        this.owner = owner;
        this.destination = destination;
        this.scope = scope;
        this.dest = dest;
        this.tag = tag;
        this.call = call;
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
        destination.progress();
        return done;
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
    public Endpoint owner() {
        return owner;
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
