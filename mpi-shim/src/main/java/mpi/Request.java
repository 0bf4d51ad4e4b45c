package mpi;

import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.Pending;
import bamboo.shim.engine.WaitCondition;

/**
 * A handle on a non-blocking operation. Once {@link #Wait()} or a successful {@link #Test()} has completed
 * it, the request is null ({@link #Is_null()}): waiting on it again returns an empty status at once, as
 * waiting on {@code MPI_REQUEST_NULL} does. Java {@code null} elements of request arrays are skipped like
 * null requests.
 */
public class Request {
    private volatile Pending pending;
    /** Runs when an operation of this request completes, before its status is returned (a receive with a
     *  derived datatype scatters its elements into the user's buffer here); null for most requests. */
    private final Completion after;

    /** What a request does with a completed operation's status before returning it. */
    @FunctionalInterface
    interface Completion {
        void done(Status status) throws MPIException;
    }

    /** A request on a started operation (the device creates them). */
    protected Request(Pending pending) {
        this.pending = pending;
        this.after = null;
    }

    /** A request on a started operation that runs {@code after} when it completes. */
    Request(Pending pending, Completion after) {
        this.pending = pending;
        this.after = after;
    }

    /** An inactive request (persistent requests before {@link Prequest#Start()}). */
    Request() {
        this.after = null;
    }

    /** An inactive persistent request whose every completion runs {@code after}. */
    Request(Completion after) {
        this.after = after;
    }

    /** Blocks until the operation completes; returns its status. */
    public Status Wait() throws MPIException {
        final Pending p = pending;
        if (p == null) {
            return emptyStatus();
        }
        p.owner().touch();
        if (!p.poll()) {
            p.owner().await(p, "Wait");
        }
        return finish(p);
    }

    /** The status when the operation has completed (the request becomes null), else null. */
    public Status Test() throws MPIException {
        final Pending p = pending;
        if (p == null) {
            return emptyStatus();
        }
        p.owner().touch();
        if (p.poll()) {
            return finish(p);
        }
        p.owner().pollMissed(); // with a core gate: let a rank of the node that waits for the core run
        return null;
    }

    /** Tries to cancel the operation; {@link Status#Test_cancelled()} on its status tells whether it was. */
    public void Cancel() throws MPIException {
        final Pending p = pending;
        if (p != null) {
            p.owner().touch();
            p.cancel();
        }
    }

    /** True for a null request (completed and waited for, or freed). */
    public boolean Is_null() {
        return pending == null;
    }

    /** Releases the handle; the operation itself still completes. */
    public void Free() throws MPIException {
        final Pending p = pending;
        if (p != null) {
            p.free();
        }
        pending = null;
    }

    // ---- arrays of requests --------------------------------------------------------------------------

    /** Waits for every request; returns their statuses (empty statuses for null requests). */
    public static Status[] Waitall(Request[] array) throws MPIException {
        checkArray("Request.Waitall", array);
        // Operations that complete at once when polled but cost less when left a moment (deferred eager
        // sends) are waited for by the second loop, after the others.
        for (Request r : array) {
            final Pending p = r == null ? null : r.pending;
            if (p != null && !p.waitLast()) {
                p.owner().touch();
                if (!p.poll()) {
                    p.owner().await(p, "Waitall");
                }
            }
        }
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

    /** Waits for one request to complete; its status carries its {@code index}, or
     *  {@link MPI#UNDEFINED} when no request is active. */
    public static Status Waitany(Request[] array) throws MPIException {
        checkArray("Request.Waitany", array);
        final Any any = new Any(array, "Waitany");
        if (any.owner == null) {
            return undefinedIndex();
        }
        any.owner.touch();
        any.owner.await(any, "Waitany");
        final Status s = array[any.completed].finish(array[any.completed].pending);
        s.index = any.completed;
        return s;
    }

    /** Waits until at least one active request completes; returns the statuses of all that have
     *  completed, each with its {@code index} (an empty array when no request is active). */
    public static Status[] Waitsome(Request[] array) throws MPIException {
        checkArray("Request.Waitsome", array);
        final Any any = new Any(array, "Waitsome");
        if (any.owner == null) {
            return new Status[0];
        }
        any.owner.touch();
        any.owner.await(any, "Waitsome");
        return collectCompleted(array);
    }

    /** All statuses when every request has completed, else null (and no request is consumed). */
    public static Status[] Testall(Request[] array) throws MPIException {
        checkArray("Request.Testall", array);
        for (Request r : array) {
            final Pending p = r == null ? null : r.pending;
            if (p != null) {
                p.owner().touch();
                if (!p.poll()) {
                    p.owner().pollMissed();
                    return null;
                }
            }
        }
        return Waitall(array);
    }

    /** The status (with {@code index}) of one completed request, null when none has completed, or a
     *  status with index {@link MPI#UNDEFINED} when no request is active. */
    public static Status Testany(Request[] array) throws MPIException {
        checkArray("Request.Testany", array);
        Endpoint owner = null;
        for (int i = 0; i < array.length; i++) {
            final Pending p = array[i] == null ? null : array[i].pending;
            if (p != null) {
                owner = p.owner();
                owner.touch();
                if (p.poll()) {
                    final Status s = array[i].finish(p);
                    s.index = i;
                    return s;
                }
            }
        }
        if (owner == null) {
            return undefinedIndex();
        }
        owner.pollMissed();
        return null;
    }

    /** The statuses (with {@code index}) of the requests that have completed; possibly empty. */
    public static Status[] Testsome(Request[] array) throws MPIException {
        checkArray("Request.Testsome", array);
        final Status[] done = collectCompleted(array);
        if (done.length == 0) {
            for (Request r : array) {
                final Pending p = r == null ? null : r.pending;
                if (p != null) {
                    p.owner().pollMissed();
                    break;
                }
            }
        }
        return done;
    }

    // ---- internals -----------------------------------------------------------------------------------

    /** Makes {@code p} this request's operation (persistent requests start again). */
    void activate(Pending p) {
        pending = p;
    }

    boolean active() {
        return pending != null;
    }

    private Status finish(Pending p) throws MPIException {
        pending = null;
        final Status s = p.complete();
        if (after != null) {
            after.done(s);
        }
        return s;
    }

    private static Status[] collectCompleted(Request[] array) throws MPIException {
        int n = 0;
        final Status[] done = new Status[array.length];
        MPIException first = null;
        for (int i = 0; i < array.length; i++) {
            final Pending p = array[i] == null ? null : array[i].pending;
            if (p != null && p.poll()) {
                try {
                    final Status s = array[i].finish(p);
                    s.index = i;
                    done[n++] = s;
                } catch (MPIException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return java.util.Arrays.copyOf(done, n);
    }

    private static void checkArray(String call, Request[] array) throws MPIException {
        if (array == null) {
            throw new MPIException(call + ": the request array is null");
        }
    }

    static Status emptyStatus() {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0);
    }

    private static Status undefinedIndex() {
        final Status s = emptyStatus();
        s.index = MPI.UNDEFINED;
        return s;
    }

    /** Holds when any active request of the array has completed. */
    private static final class Any implements WaitCondition {
        private final Request[] array;
        private final String call;
        final Endpoint owner;
        int completed = -1;

        Any(Request[] array, String call) {
            this.array = array;
            this.call = call;
            Endpoint o = null;
            for (Request r : array) {
                final Pending p = r == null ? null : r.pending;
                if (p != null) {
                    o = p.owner();
                    break;
                }
            }
            this.owner = o;
        }

        @Override
        public boolean ready() {
            for (int i = 0; i < array.length; i++) {
                final Pending p = array[i] == null ? null : array[i].pending;
                if (p != null && p.poll()) {
                    completed = i;
                    return true;
                }
            }
            return false;
        }

        @Override
        public long deadline() {
            long d = Long.MAX_VALUE;
            for (Request r : array) {
                final Pending p = r == null ? null : r.pending;
                if (p != null) {
                    d = Math.min(d, p.deadline());
                }
            }
            return d;
        }

        @Override
        public String describe() {
            final StringBuilder b = new StringBuilder("any of [");
            boolean first = true;
            for (Request r : array) {
                final Pending p = r == null ? null : r.pending;
                if (p != null) {
                    b.append(first ? "" : ", ").append(p.describe());
                    first = false;
                }
            }
            return b.append(']').toString();
        }

        @Override
        public String toString() {
            return call;
        }
    }
}
