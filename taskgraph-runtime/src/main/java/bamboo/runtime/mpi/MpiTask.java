package bamboo.runtime.mpi;

import bamboo.runtime.Task;
import bamboo.shim.engine.Binding;
import bamboo.runtime.comm.TaskComm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The base class of the tasks the translator generates: the MPI semantics a translated program needs
 * beyond {@link Task}'s messages, as methods the generated code calls ({@code bamboo...}, named after the
 * MPI call they stand for).
 *
 * <p>Requests: a send is complete at once (the message is copied), and so is an {@code Irecv} in a
 * receive block (past the region's evaluation point its message is there). An {@code Irecv} outside
 * receive blocks is deferred: noted in post order, and received when a wait or test asks for it. MPI
 * matches a message with the earliest posted receive that matches it, so completing a deferred receive
 * also completes the earlier pending ones whose (source, tag) patterns overlap it (transitively): they
 * are received first, in post order, and each gets the message it would have got untranslated. A
 * request handed out by a wait or a successful test becomes inactive (MPI's null request).
 */
public abstract class MpiTask extends Task {
    /** Deferred receives not received yet, in post order. */
    private final ArrayList<TaskRequest> pending = new ArrayList<>();
    /** What Buffer_attach gave: translated buffered sends copy at once and never use it. */
    private ByteBuffer attached;
    /** The request or array a wait or test that is an evaluation point waits on (set by the generated code). */
    protected Object bambooRequests;
    /** An Iprobe or test found nothing and gave way once: the next time it answers at once. */
    protected boolean bambooYielded;

    /** This task as the world that code left as written sees ({@code MPI.COMM_WORLD.Rank()}), made once. */
    private Binding.WorldView worldView;

    /**
     * Binds this task's view of the world to the thread, for code the translator leaves as written that asks
     * {@code MPI.COMM_WORLD} for its rank or size (a constructor): generated as
     * {@code bambooLeaveWorld(bambooEnterWorld(), new K(...))}, Java's left-to-right evaluation binds the view
     * before the constructor runs.
     */
    protected final boolean bambooEnterWorld() {
        if (worldView == null) {
            worldView = new Binding.WorldView() {
                @Override
                public int rank() {
                    return id();
                }

                @Override
                public int size() {
                    return numTasks();
                }
            };
        }
        Binding.bindView(worldView);
        return true;
    }

    /** Unbinds the view {@link #bambooEnterWorld()} bound and gives back what was made meanwhile. */
    protected final <T> T bambooLeaveWorld(boolean entered, T made) {
        Binding.bindView(null);
        return made;
    }

    /**
     * The communicator statuses are named through: null (the default) when the program receives only on
     * {@code COMM_WORLD}; else the task's world communicator, which names a message's source as a rank and
     * its tag as the user's tag of the communicator it came on ({@link TaskComm#status}).
     */
    protected TaskComm statusCommunicator() {
        return null;
    }

    private Status status(int source, int tag, int count) {
        TaskComm c = statusCommunicator();
        return c == null ? new Status(source, tag, count) : c.status(source, tag, count);
    }

    private boolean overlaps(TaskRequest a, TaskRequest b) {
        if (statusCommunicator() == null) {
            return TaskRequest.overlaps(a.source, a.tag, b.source, b.tag);
        }
        return (a.source == b.source || a.source == MPI.ANY_SOURCE || b.source == MPI.ANY_SOURCE)
                && TaskComm.tagsOverlap(a.tag, b.tag);
    }

    // ---- statuses and probes ------------------------------------------------------------------------

    /** The Status of the message receive() just took (its element count as returned). */
    protected final Status bambooStatus(int count) {
        return status(lastSource(), lastTag(), count);
    }

    /** Probe / Iprobe: the Status of the oldest matching message (left in place), or null. */
    protected final Status bambooProbe(int source, int tag) {
        return probe(source, tag) ? status(lastSource(), lastTag(), lastCount()) : null;
    }

    /** Dry run of a Probe in a firing rule: like bambooProbe, past the messages claimed so far. */
    protected final Status bambooProbeUnclaimed(int source, int tag) {
        return probeUnclaimed(source, tag) ? status(lastSource(), lastTag(), lastCount()) : null;
    }

    /** Dry run of a receive whose Status the rule needs: claims the message, or null. */
    protected final Status bambooClaimStatus(int source, int tag) {
        return claim(source, tag) ? status(lastSource(), lastTag(), lastCount()) : null;
    }

    // ---- point-to-point requests --------------------------------------------------------------------

    /** Isend: the message is copied and on its way at once, so the request is complete. */
    protected final Request bambooIsend(int dest, int tag, Object buf, int offset, int count) {
        send(dest, tag, buf, offset, count);
        return new TaskRequest(dest, tag, null, offset, count, new Status(id(), tag, count), 0);
    }

    /** Irecv past the evaluation point: the message is there and copied at once. */
    protected final Request bambooIrecv(int source, int tag, Object buf, int offset, int count) {
        int n = receive(source, tag, buf, offset, count);
        return new TaskRequest(source, tag, null, offset, count, bambooStatus(n), 0);
    }

    /** Irecv outside a receive block: noted, and received when a wait or test asks for it. */
    protected final Request bambooDefer(int source, int tag, Object buf, int offset, int count) {
        TaskRequest r = new TaskRequest(source, tag, buf, offset, count, null, 0);
        pending.add(r);
        return r;
    }

    // ---- transfers with a datatype held in a variable ----------------------------------------------

    /** Reused for packing and unpacking derived datatypes: grows, never shrinks (kind changes replace it). */
    private Object scratch;

    private int sendElements(int dest, int tag, Object buf, int offset, int count) {
        send(dest, tag, buf, offset, count);
        return count;
    }

    private int receive(TaskRequest r) {
        return r.type == null ? receive(r.source, r.tag, r.buf, r.offset, r.count)
                : receive(r.source, r.tag, r.buf, r.offset, r.count, r.type);
    }

    /** An array of the type's kind of at least {@code elements} elements (this task's scratch). */
    private Object scratch(mpi.Datatype type, int elements) {
        Class<?> component = type.base().arrayClass().getComponentType();
        if (scratch == null || scratch.getClass().getComponentType() != component
                || java.lang.reflect.Array.getLength(scratch) < elements) {
            scratch = java.lang.reflect.Array.newInstance(component, Math.max(elements, 16));
        }
        return scratch;
    }

    /**
     * Send with the mpiJava offset and count in items of {@code type} (a derived type's offset in array
     * elements): a type whose items are consecutive elements goes as it is, any other layout is packed
     * into this task's scratch array first (the send copies it at once). Returns the elements sent.
     */
    protected final int send(int dest, int tag, Object buf, int offset, int count, mpi.Datatype type) {
        int elements = elements("Send", buf, offset, count, type);
        if (type.isContiguous() || type.base() == null) {
            send(dest, tag, type.base() == null ? NOTHING : buf, type.base() == null ? 0 : type.elementOffset(offset),
                    elements);
        } else {
            Object packed = scratch(type, elements);
            type.pack(buf, offset, count, packed);
            send(dest, tag, packed, 0, elements);
        }
        return elements;
    }

    /**
     * Receive with the mpiJava offset and count in items of {@code type}: a layout that is not consecutive
     * elements is received into this task's scratch array and copied to its places, so exactly the
     * type's elements of {@code buf} change. Returns the elements received.
     */
    protected final int receive(int source, int tag, Object buf, int offset, int count, mpi.Datatype type) {
        int elements = elements("Recv", buf, offset, count, type);
        if (type.isContiguous() || type.base() == null) {
            return receive(source, tag, type.base() == null ? NOTHING : buf,
                    type.base() == null ? 0 : type.elementOffset(offset), elements);
        }
        Object packed = scratch(type, elements);
        int n = receive(source, tag, packed, 0, elements);
        type.unpack(packed, n, buf, offset);
        return n;
    }

    /** Isend with a datatype held in a variable: complete at once, like the other sends. */
    protected final Request bambooIsend(int dest, int tag, Object buf, int offset, int count, mpi.Datatype type) {
        int n = send(dest, tag, buf, offset, count, type);
        return new TaskRequest(dest, tag, null, offset, count, new Status(id(), tag, n), 0);
    }

    /** Irecv past the evaluation point with a datatype held in a variable. */
    protected final Request bambooIrecv(int source, int tag, Object buf, int offset, int count, mpi.Datatype type) {
        int n = receive(source, tag, buf, offset, count, type);
        return new TaskRequest(source, tag, null, offset, count, bambooStatus(n), 0);
    }

    /** Irecv outside a receive block with a datatype held in a variable: received when waited for. */
    protected final Request bambooDefer(int source, int tag, Object buf, int offset, int count, mpi.Datatype type) {
        elements("Irecv", buf, offset, count, type);
        TaskRequest r = new TaskRequest(source, tag, buf, offset, count, type, null, 0);
        pending.add(r);
        return r;
    }

    /** Send_init with a datatype held in a variable. */
    protected final Prequest bambooSendInit(int dest, int tag, Object buf, int offset, int count,
                                            mpi.Datatype type) {
        elements("Send_init", buf, offset, count, type);
        return new TaskRequest(dest, tag, buf, offset, count, type, new Status(), TaskRequest.SEND);
    }

    /** Recv_init with a datatype held in a variable. */
    protected final Prequest bambooRecvInit(int source, int tag, Object buf, int offset, int count,
                                            mpi.Datatype type) {
        elements("Recv_init", buf, offset, count, type);
        return new TaskRequest(source, tag, buf, offset, count, type, new Status(), TaskRequest.RECEIVE);
    }

    private static final byte[] NOTHING = new byte[0];

    /** The elements {@code count} items of {@code type} hold, after the checks the shim makes. */
    private static int elements(String call, Object buf, int offset, int count, mpi.Datatype type) {
        if (type == null) {
            throw new IllegalArgumentException(call + ": datatype is null");
        }
        try {
            return type.bufferElements(call, "buf", buf, offset, count);
        } catch (mpi.MPIException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    // ---- persistent requests ------------------------------------------------------------------------

    /** Send_init (and Ssend_, Bsend_, Rsend_init): an inactive persistent send; each Start sends the buffer. */
    protected final Prequest bambooSendInit(int dest, int tag, Object buf, int offset, int count) {
        return new TaskRequest(dest, tag, buf, offset, count, new Status(), TaskRequest.SEND);
    }

    /** Recv_init: an inactive persistent receive; each Start receives one message into the buffer. */
    protected final Prequest bambooRecvInit(int source, int tag, Object buf, int offset, int count) {
        return new TaskRequest(source, tag, buf, offset, count, new Status(), TaskRequest.RECEIVE);
    }

    /**
     * Makes a persistent request active for Start / Startall: a send is sent (the buffer as it is now);
     * returns a receive, which the caller takes or notes, and null for a send or a null array entry.
     */
    private TaskRequest started(Object request, boolean inArray) {
        if (request == null && inArray) {
            return null;
        }
        if (!(request instanceof TaskRequest) || ((TaskRequest) request).persistent == 0) {
            throw new IllegalStateException("Prequest.Start: " + (request == null ? "the request is null"
                    : "not a persistent request (Send_init, Recv_init, ...)"));
        }
        TaskRequest r = (TaskRequest) request;
        if (r.freed) {
            throw new IllegalStateException("Prequest.Start: the request has been freed");
        }
        if (!r.inactive) {
            throw new IllegalStateException("Prequest.Start: the request is still active (Wait for it before "
                    + "starting it again)");
        }
        r.inactive = false;
        if (r.persistent == TaskRequest.SEND) {
            // the buffer as it is now: copied, complete
            int n = r.type == null ? sendElements(r.source, r.tag, r.buf, r.offset, r.count)
                    : send(r.source, r.tag, r.buf, r.offset, r.count, r.type);
            r.status = new Status(id(), r.tag, n);
            return null;
        }
        return r;
    }

    private static Object[] all(Object requests) {
        return requests instanceof Object[] ? (Object[]) requests : new Object[] {requests};
    }

    /** Start / Startall outside receive blocks: sends go at once; receives are noted like an Irecv there. */
    protected final void bambooStart(Object requests) {
        boolean array = requests instanceof Object[];
        for (Object o : all(requests)) {
            TaskRequest r = started(o, array);
            if (r != null) {
                r.status = null;
                pending.add(r);
            }
        }
    }

    /** Start / Startall in a receive block: past the region's evaluation point a receive's message is there. */
    protected final void bambooStartNow(Object requests) {
        boolean array = requests instanceof Object[];
        for (Object o : all(requests)) {
            TaskRequest r = started(o, array);
            if (r != null) {
                r.status = bambooStatus(receive(r));
            }
        }
    }

    /** Dry run of Start / Startall in a firing rule: claims the message of each persistent receive started. */
    protected final boolean bambooClaimStart(Object requests) {
        for (Object o : all(requests)) {
            TaskRequest r = o instanceof TaskRequest ? (TaskRequest) o : null;
            if (r != null && r.persistent == TaskRequest.RECEIVE && !claim(r.source, r.tag)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Request.Free: a persistent request cannot start again; another becomes a null request. A pending
     * receive still takes its message when a later wait needs it, as MPI's matching order requires.
     */
    protected final void bambooFree(Object r) {
        if (r instanceof TaskRequest) {
            ((TaskRequest) r).freed = true;
        }
    }

    /** Request.Is_null: freed, or (not persistent) handed out by a wait or test. */
    protected static boolean bambooIsNull(Object r) {
        TaskRequest b = (TaskRequest) r;
        return b.freed || b.persistent == 0 && b.inactive;
    }

    // ---- buffers ------------------------------------------------------------------------------------

    /** MPI.Buffer_attach: kept for Buffer_detach (translated sends copy at once: Bsend needs no buffer). */
    protected final void bambooBufferAttach(ByteBuffer buffer) {
        if (buffer == null) {
            throw new IllegalArgumentException("MPI.Buffer_attach: buffer is null");
        }
        attached = buffer;
    }

    /** MPI.Buffer_detach: the buffer given to Buffer_attach (or null). */
    protected final ByteBuffer bambooBufferDetach() {
        ByteBuffer b = attached;
        attached = null;
        return b;
    }

    // ---- waits and tests ----------------------------------------------------------------------------

    /**
     * Marks the deferred receives a wait or test of {@code requests} (one request or an array) completes:
     * its own, and every earlier pending one whose pattern overlaps a marked later one, which MPI's
     * matching order completes first.
     */
    private void waitFor(Object requests) {
        for (TaskRequest p : pending) {
            p.wanted = false;
        }
        int last = -1;
        for (Object r : all(requests)) {
            if (r instanceof TaskRequest && ((TaskRequest) r).status == null) {
                ((TaskRequest) r).wanted = true;
                last = Math.max(last, pending.indexOf(r));
            }
        }
        for (int j = last - 1; j >= 0; j--) {
            TaskRequest e = pending.get(j);
            for (int k = j + 1; k <= last && !e.wanted; k++) {
                e.wanted = pending.get(k).wanted && overlaps(e, pending.get(k));
            }
        }
    }

    /** Firing rule of a wait: the message of every marked deferred receive has arrived (claimed in post order). */
    private boolean deferredArrived() {
        unclaim();
        for (TaskRequest p : pending) {
            if (p.wanted && !claim(p.source, p.tag)) {
                return false;
            }
        }
        return true;
    }

    /** Receives the marked deferred receives, in the order they were posted. */
    private void receiveDeferred() {
        for (Iterator<TaskRequest> i = pending.iterator(); i.hasNext();) {
            TaskRequest p = i.next();
            if (p.wanted) {
                p.status = bambooStatus(receive(p));
                p.wanted = false;
                i.remove();
            }
        }
    }

    /** Whether request r is complete, or a deferred receive whose message (and those before it) arrived. */
    private boolean completable(Object r) {
        if (!(r instanceof TaskRequest) || ((TaskRequest) r).status != null) {
            return true;
        }
        waitFor(r);
        return deferredArrived();
    }

    /** Completes request r if it can (see completable); true when it is complete. */
    private boolean complete(Object r) {
        if (!completable(r)) {
            return false;
        }
        if (r instanceof TaskRequest && ((TaskRequest) r).status == null) {
            receiveDeferred();
        }
        return true;
    }

    /** The status of a completed request, which becomes inactive (MPI's null request); index -1. */
    private static Status take(Object r) {
        if (!(r instanceof TaskRequest) || ((TaskRequest) r).inactive) {
            return new Status();
        }
        TaskRequest b = (TaskRequest) r;
        b.inactive = true;
        return new Status(b.status.source, b.status.tag, b.status.elements());
    }

    /** Whether r is an active request (not null, not handed out by a wait or test yet). */
    private static boolean active(Object r) {
        return r instanceof TaskRequest && !((TaskRequest) r).inactive;
    }

    /** Firing rule of Waitall / Wait, yield rule of Testall / Test: every request can complete now. */
    protected final boolean bambooAllCompletable(Object requests) {
        waitFor(requests);
        return deferredArrived();
    }

    /** Firing rule of Waitany / Waitsome: some active request of the array can complete, or none is active. */
    protected final boolean bambooAnyCompletable(Object requests) {
        boolean any = false;
        for (Object r : (Object[]) requests) {
            if (active(r)) {
                any = true;
                if (completable(r)) {
                    return true;
                }
            }
        }
        return !any;
    }

    /** Wait: the request's status (after its evaluation point, if it is a deferred receive). */
    protected final Status bambooWait(Object r) {
        if (!complete(r)) {
            throw new IllegalStateException("Wait on a receive whose message has not arrived");
        }
        return take(r);
    }

    /** Waitall: every request's status, in array order. */
    protected final Status[] bambooWaitall(Object requests) {
        Object[] all = (Object[]) requests;
        waitFor(all);
        if (!deferredArrived()) {
            throw new IllegalStateException("Waitall on a receive whose message has not arrived");
        }
        receiveDeferred();
        Status[] out = new Status[all.length];
        for (int i = 0; i < all.length; i++) {
            out[i] = take(all[i]);
        }
        return out;
    }

    /**
     * Testany: one completed request's status with its index; null when none can complete now; index
     * {@code MPI.UNDEFINED} when none is active.
     */
    protected final Status bambooTestany(Object requests) {
        Object[] all = (Object[]) requests;
        boolean any = false;
        for (int i = 0; i < all.length; i++) {
            if (active(all[i])) {
                any = true;
                if (complete(all[i])) {
                    Status s = take(all[i]);
                    s.index = i;
                    return s;
                }
            }
        }
        if (any) {
            return null;
        }
        Status none = new Status();
        none.index = MPI.UNDEFINED;
        return none;
    }

    /** Waitany: past its evaluation point some active request can complete (or none is active). */
    protected final Status bambooWaitany(Object requests) {
        Status s = bambooTestany(requests);
        if (s == null) {
            throw new IllegalStateException("Waitany on receives none of whose messages has arrived");
        }
        return s;
    }

    /** Testsome: the statuses (with indices) of every request that can complete now; possibly empty. */
    protected final Status[] bambooTestsome(Object requests) {
        Object[] all = (Object[]) requests;
        List<Status> done = new ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            if (active(all[i]) && complete(all[i])) {
                Status s = take(all[i]);
                s.index = i;
                done.add(s);
            }
        }
        return done.toArray(new Status[0]);
    }

    /** Waitsome: past its evaluation point at least one active request can complete (or none is active). */
    protected final Status[] bambooWaitsome(Object requests) {
        return bambooTestsome(requests);
    }

    /** Test: the request's status when it can complete now (it becomes inactive), else null. */
    protected final Status bambooTest(Object r) {
        return complete(r) ? take(r) : null;
    }

    /** Testall: every status when all requests can complete now, else null (and none completes). */
    protected final Status[] bambooTestall(Object requests) {
        waitFor(requests);
        return deferredArrived() ? bambooWaitall(requests) : null;
    }
}
