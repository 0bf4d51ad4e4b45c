package mpi;

import bamboo.shim.nativempi.Buffers;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A handle on a non-blocking operation. The data of a send is copied into native memory when it starts
 * (a Java array cannot stay pinned across calls); a receive lands in native memory and is copied into the
 * array when the request completes. Once {@link #Wait()} or a successful {@link #Test()} has completed it,
 * the request is null: waiting again returns an empty status at once, as for {@code MPI_REQUEST_NULL}.
 */
public class Request {
    private static final int NONE = 0;
    private static final int NATIVE = 1;
    private static final int DONE = 2;
    private static final int OBJECT_RECV = 3;

    private int kind;
    private long req;
    private MemorySegment buffer;
    private boolean recv;
    private Object array;
    private int at;
    private Datatype.Base base;
    private Status done;
    private boolean cancelRequested;
    // An object receive: the message is taken (matched, sized, received) when the request is waited for.
    private long comm;
    private int source;
    private int tag;
    private int capacity;
    private String call;

    /** An inactive request (persistent requests before {@link Prequest#Start()}). */
    Request() {
    }

    /** A request of the library, with the native buffer it owns until it completes. */
    static Request nativeOp(long req, MemorySegment buffer, boolean recv, Object array, int at, Datatype.Base base,
                            String call) {
        final Request r = new Request();
        r.become(req, buffer, recv, array, at, base, call);
        return r;
    }

    void become(long req, MemorySegment buffer, boolean recv, Object array, int at, Datatype.Base base, String call) {
        this.kind = NATIVE;
        this.req = req;
        this.buffer = buffer;
        this.recv = recv;
        this.array = array;
        this.at = at;
        this.base = base;
        this.call = call;
        this.cancelRequested = false;
    }

    /** An operation that completed when it started (a message to or from PROC_NULL, a buffered send). */
    static Request completed(Status s) {
        final Request r = new Request();
        r.becomeDone(s);
        return r;
    }

    void becomeDone(Status s) {
        kind = DONE;
        done = s;
    }

    /** A receive of objects: matched and received when the request is waited for or tested. */
    static Request objectRecv(long comm, int source, int tag, Object[] array, int at, int capacity, String call) {
        final Request r = new Request();
        r.becomeObjectRecv(comm, source, tag, array, at, capacity, call);
        return r;
    }

    void becomeObjectRecv(long comm, int source, int tag, Object[] array, int at, int capacity, String call) {
        kind = OBJECT_RECV;
        this.comm = comm;
        this.source = source;
        this.tag = tag;
        this.array = array;
        this.at = at;
        this.capacity = capacity;
        this.call = call;
        this.cancelRequested = false;
    }

    /** Blocks until the operation completes; returns its status. */
    public Status Wait() throws MPIException {
        return kind == NONE ? emptyStatus() : complete(true);
    }

    /** The status when the operation has completed (the request becomes null), else null. */
    public Status Test() throws MPIException {
        return kind == NONE ? emptyStatus() : complete(false);
    }

    /** Tries to cancel the operation; {@link Status#Test_cancelled()} on its status tells whether it was. */
    public void Cancel() throws MPIException {
        if (kind == NATIVE) {
            final Scratch sc = Scratch.get();
            Lib.setHandle(sc.handle, 0, req);
            try {
                Native.ok((int) Lib.Comms.CANCEL.invokeExact(sc.handle), "Request.Cancel");
            } catch (Throwable t) {
                throw Native.fail("Request.Cancel", t);
            }
            cancelRequested = true;
        } else if (kind == OBJECT_RECV) {
            final Status s = emptyStatus();
            s.markCancelled();
            becomeDone(s);
        }
    }

    /** True for a null request (completed and waited for, or freed). */
    public boolean Is_null() {
        return kind == NONE;
    }

    /** Releases the handle; the operation itself still completes (its native buffer is then not reused). */
    public void Free() throws MPIException {
        if (kind == NATIVE) {
            final Scratch sc = Scratch.get();
            Lib.setHandle(sc.handle, 0, req);
            try {
                Native.ok((int) Lib.Comms.REQUEST_FREE.invokeExact(sc.handle), "Request.Free");
            } catch (Throwable t) {
                throw Native.fail("Request.Free", t);
            }
        }
        clear();
    }

    boolean active() {
        return kind != NONE;
    }

    private void clear() {
        kind = NONE;
        buffer = null;
        array = null;
        done = null;
    }

    /** Completes the operation (waiting when {@code block}); null when it has not completed. */
    private Status complete(boolean block) throws MPIException {
        final String what = block ? "Request.Wait" : "Request.Test";
        switch (kind) {
            case DONE -> {
                final Status s = done;
                finished();
                return s;
            }
            case OBJECT_RECV -> {
                final Status s = Comm.receiveObjects(call, comm, source, tag, (Object[]) array, at, capacity, block);
                if (s != null) {
                    finished();
                }
                return s;
            }
            default -> {
            }
        }
        final Scratch sc = Scratch.get();
        Lib.setHandle(sc.handle, 0, req);
        try {
            final int rc = block ? (int) Lib.WAIT.invokeExact(sc.handle, sc.status)
                    : (int) Lib.TEST.invokeExact(sc.handle, sc.flag, sc.status);
            Native.ok(rc, call + " (" + what + ")");
            if (!block && sc.flag.get(ValueLayout.JAVA_INT, 0) == 0) {
                return null;
            }
            final Status s;
            if (recv) {
                final int elements = Native.bytes(sc, sc.status, call) / base.bytes();
                Data.copyOut(buffer, array, at, elements, base);
                s = Native.status(sc.status, elements);
            } else {
                s = emptyStatus();
            }
            if (cancelRequested) {
                Native.ok((int) Lib.Comms.TEST_CANCELLED.invokeExact(sc.status, sc.flag), what);
                if (sc.flag.get(ValueLayout.JAVA_INT, 0) != 0) {
                    s.markCancelled();
                }
            }
            Buffers.give(buffer);
            finished();
            return s;
        } catch (Throwable t) {
            throw Native.fail(what, t);
        }
    }

    /** Called when the operation has completed and its status was taken; a persistent request overrides
     *  it to become inactive rather than null. */
    void finished() {
        clear();
    }

    // ---- arrays of requests --------------------------------------------------------------------------

    /** Waits for every request; returns their statuses (empty statuses for null requests). */
    public static Status[] Waitall(Request[] array) throws MPIException {
        check("Request.Waitall", array);
        final Status[] statuses = new Status[array.length];
        MPIException first = null;
        for (int i = 0; i < array.length; i++) {
            try {
                statuses[i] = array[i] == null ? emptyStatus() : array[i].Wait();
            } catch (MPIException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return statuses;
    }

    /** Waits for one request to complete; its status carries its {@code index}, or {@link MPI#UNDEFINED}
     *  when no request is active. */
    public static Status Waitany(Request[] array) throws MPIException {
        check("Request.Waitany", array);
        while (true) {
            final Status s = Testany(array);
            if (s != null) {
                return s;
            }
            Thread.onSpinWait();
        }
    }

    /** Waits until at least one active request completes; returns the statuses of all that have, each with
     *  its {@code index} (an empty array when no request is active). */
    public static Status[] Waitsome(Request[] array) throws MPIException {
        check("Request.Waitsome", array);
        final Status first = Waitany(array);
        if (first.index == MPI.UNDEFINED) {
            return new Status[0];
        }
        final Status[] more = Testsome(array);
        final Status[] all = new Status[more.length + 1];
        all[0] = first;
        System.arraycopy(more, 0, all, 1, more.length);
        return all;
    }

    /** All statuses when every request has completed, else null (and no request is consumed). */
    public static Status[] Testall(Request[] array) throws MPIException {
        check("Request.Testall", array);
        // Completed operations are held in DONE until all have completed, so none is consumed early.
        for (Request r : array) {
            if (r != null && (r.kind == NATIVE || r.kind == OBJECT_RECV)) {
                final Status s = r.complete(false);
                if (s == null) {
                    return null;
                }
                r.becomeDone(s);
            }
        }
        return Waitall(array);
    }

    /** The status (with {@code index}) of one completed request, null when none has completed, or a status
     *  with index {@link MPI#UNDEFINED} when no request is active. */
    public static Status Testany(Request[] array) throws MPIException {
        check("Request.Testany", array);
        boolean any = false;
        for (int i = 0; i < array.length; i++) {
            final Request r = array[i];
            if (r != null && r.kind != NONE) {
                any = true;
                final Status s = r.complete(false);
                if (s != null) {
                    s.index = i;
                    return s;
                }
            }
        }
        if (!any) {
            final Status s = emptyStatus();
            s.index = MPI.UNDEFINED;
            return s;
        }
        return null;
    }

    /** The statuses (with {@code index}) of the requests that have completed; possibly empty. */
    public static Status[] Testsome(Request[] array) throws MPIException {
        check("Request.Testsome", array);
        final java.util.List<Status> done = new java.util.ArrayList<>();
        for (int i = 0; i < array.length; i++) {
            final Request r = array[i];
            if (r != null && r.kind != NONE) {
                final Status s = r.complete(false);
                if (s != null) {
                    s.index = i;
                    done.add(s);
                }
            }
        }
        return done.toArray(new Status[0]);
    }

    private static void check(String call, Request[] array) throws MPIException {
        if (array == null) {
            throw new MPIException(call + ": the request array is null");
        }
    }

    static Status emptyStatus() {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0);
    }
}
