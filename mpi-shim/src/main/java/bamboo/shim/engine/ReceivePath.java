package bamboo.shim.engine;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * The receive side of one rank: what arrives (a local sender's {@link #deposit}, a transport's
 * {@link #deliverRemote}), receives, probes, matched probes and takes by reference, and the flow-control
 * budget of the eager copies the rank holds unreceived. Waiting is its {@link WaitPath}'s.
 */
final class ReceivePath {
    private final Endpoint endpoint;
    private final World world;
    private final int rank;
    private final Mailbox mailbox;
    private final EnvelopePool envelopes;
    private final WaitPath waits;
    /** Flow control: the bytes of eager copies this rank holds for receives not yet posted (and in transit). */
    final ByteBudget unexpected;
    /** Deposits into this rank's mailbox that woke its waiters (see {@link #deposit}); racy, for tests. */
    long depositWakeups;
    /** Rendezvous messages a sender left for this rank's spinning thread to copy ({@link RecvOp#handOff});
     *  racy, for tests. */
    long handoffs;

    ReceivePath(Endpoint endpoint, WaitPath waits) {
        this.endpoint = endpoint;
        this.world = endpoint.world;
        this.rank = endpoint.rank;
        this.mailbox = endpoint.mailbox;
        this.envelopes = endpoint.envelopes;
        this.waits = waits;
        this.unexpected = new ByteBudget(world.eagerBudget());
    }

    /** Hands {@code e} (ready, no sender's operation) to this rank's mailbox and wakes whoever must look. */
    void deposit(Envelope e) {
        final Mailbox box = mailbox;
        // Read before and compared after: a deposit that neither became matchable nor brought the next
        // simulated arrival forward changes nothing a waiter looks at (each waits for a match or until the
        // next arrival, read after it registered), so waking them would only cost a futile wake-up each.
        // Both counters only move on under the lock, so a deposit that changed either one shows as a
        // difference.
        final long arrivalsBefore = box.arrivals();
        final long nextBefore = box.nextArrival();
        final RecvOp matches = box.send(e, world.network(), rank);
        if (matches != null && matches.takesHandOff(e)) {
            matches.handOff(e); // a rendezvous into a receive whose rank busy-waits for it: that rank copies
        } else if (matches != null) {
            Transfer.finishAll(matches);
        } else if (box.arrivals() != arrivalsBefore && waits.arrivalWatchers.get() != 0
                || box.nextArrival() != nextBefore) {
            // The watcher count is read after the deposit's unlock and raised before a watcher's own look
            // under the lock: either the watcher sees the message or the sender sees the watcher.
            depositWakeups++;
            waits.waiters.signal(); // a prober, or a waiter that must re-read the next arrival time
        }
    }

    /** {@link Endpoint#deliverRemote(int, int, int, Datatype.Base, int, Object, boolean, Runnable)}. */
    void deliverRemote(int context, int source, int tag, Datatype.Base base, int elements, Object data,
                       boolean pooled, Runnable onMatched) {
        final int bytes = base == Datatype.Base.OBJECT ? ((byte[]) data).length : elements * base.bytes();
        final Envelope e = new Envelope(context, source, tag, base, elements, data, 0, bytes, null);
        e.onMatched = onMatched;
        e.pooled = pooled && base != Datatype.Base.OBJECT;
        // Already copied by the transport: counted, so that local senders see the budget in use and
        // go by rendezvous, but never refused here (back pressure between processes is the transport's).
        unexpected.charge(bytes);
        e.budget = unexpected;
        final RecvOp matches = mailbox.send(e, world.network(), rank);
        if (matches != null) {
            Transfer.finishAll(matches);
        }
        waits.completed(); // an arrival from another process is progress too (and may satisfy a prober)
    }

    Pending irecv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                  String call) {
        if (source == MPI.PROC_NULL) {
            return new Completed(endpoint, MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final RecvOp r = new RecvOp(endpoint, scope, call, from, tag, buf, offset, capacity, type);
        mailbox.post(r);
        return r;
    }

    Status recv(Scope scope, Object buf, int offset, int capacity, Datatype type, int source, int tag,
                String call) throws MPIException {
        final Pending r = irecv(scope, buf, offset, capacity, type, source, tag, call);
        if (!r.poll()) {
            waits.await(r, null);
        }
        return r.complete();
    }

    Status iprobe(Scope scope, int source, int tag) {
        if (source == MPI.PROC_NULL) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        return mailbox.probe(scope, from, tag);
    }

    Status probe(Scope scope, int source, int tag, String call) {
        final Status now = iprobe(scope, source, tag);
        return now != null ? now : awaitArrival(new ProbeWait(scope, source, tag, call));
    }

    /** {@link Endpoint#take}. */
    boolean take(Scope scope, int source, int tag, Taken into) {
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final Envelope e = mailbox.take(scope.wireContext(), from, tag);
        if (e == null) {
            return false;
        }
        // A rendezvous or synchronous send hands over the sender's own buffer: copy it out.
        final boolean borrowed = e.sendOp != null && e.base != Datatype.Base.OBJECT;
        into.data = borrowed ? Transfer.copyOf(e.data, e.dataOffset, e.elements) : e.data;
        into.pooled = borrowed || e.pooled;
        into.source = scope.local(e.source);
        into.tag = e.tag;
        into.elements = e.elements;
        into.base = e.base;
        final int h = e.headerLength;
        into.headerLength = h;
        if (h > 0) {
            System.arraycopy(e.header, 0, into.header, 0, h);
        }
        if (e.budget != null) {
            e.budget.release(e.bytes);
        }
        if (e.onMatched != null) {
            e.onMatched.run();
        }
        if (e.sendOp != null) {
            e.sendOp.finish();
        }
        if (e.recyclable) {
            envelopes.put(e); // read: out of the mailbox, and no sender's operation refers to it
        }
        waits.completions++; // progress, for the deadlock watch (nobody waits on a take: no signal)
        return true;
    }

    /** {@link Endpoint#improbe}. */
    Claimed improbe(Scope scope, int source, int tag) {
        final int from = source == MPI.ANY_SOURCE ? MPI.ANY_SOURCE : scope.worldRank(source);
        final Envelope e = mailbox.take(scope.wireContext(), from, tag);
        return e == null ? null : new Claimed(e, scope);
    }

    Claimed mprobe(Scope scope, int source, int tag, String call) {
        final Claimed now = improbe(scope, source, tag);
        return now != null ? now : awaitArrival(new ClaimWait(scope, source, tag, call));
    }

    /** Waits until {@code w} finds its message (nothing had arrived when the caller looked). */
    private <T> T awaitArrival(ArrivalWait<T> w) {
        waits.awaitArrivalOf(w);
        return w.found;
    }

    /** {@link Endpoint#mrecv}. */
    Pending mrecv(Claimed m, Object buf, int offset, int capacity, Datatype type, String call) throws MPIException {
        if (!m.receive()) {
            throw new MPIException(call + ": the message has been received already (it is MPI_MESSAGE_NULL now)");
        }
        final Envelope e = m.envelope;
        final RecvOp r = new RecvOp(endpoint, m.scope, call, e.source, e.tag, buf, offset, capacity, type);
        r.matched = e;
        Transfer.finishAll(r);
        return r;
    }

    /** A wait for an arrived message matching a pattern ({@link #probe}, {@link #mprobe}): what it found
     *  once {@link #ready}. */
    private abstract class ArrivalWait<T> implements WaitCondition {
        final Scope scope;
        final int source;
        final int tag;
        private final String call;
        volatile T found;

        ArrivalWait(Scope scope, int source, int tag, String call) {
            this.scope = scope;
            this.source = source;
            this.tag = tag;
            this.call = call;
        }

        /** The message if one has arrived now, else null. */
        abstract T look();

        @Override
        public boolean ready() {
            if (found == null) {
                found = look();
            }
            return found != null;
        }

        @Override
        public long deadline() {
            return mailbox.nextArrival();
        }

        @Override
        public String describe() {
            return call + "(source=" + (source == MPI.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source)) + ", tag="
                    + (tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ", comm=" + scope.name() + ")";
        }
    }

    private final class ProbeWait extends ArrivalWait<Status> {
        ProbeWait(Scope scope, int source, int tag, String call) {
            super(scope, source, tag, call);
        }

        @Override
        Status look() {
            return iprobe(scope, source, tag);
        }
    }

    private final class ClaimWait extends ArrivalWait<Claimed> {
        ClaimWait(Scope scope, int source, int tag, String call) {
            super(scope, source, tag, call);
        }

        @Override
        Claimed look() {
            return improbe(scope, source, tag);
        }
    }
}
