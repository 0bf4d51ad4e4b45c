package mpi;

import bamboo.shim.engine.Binding;
import bamboo.shim.engine.Checks;
import bamboo.shim.engine.Claimed;
import bamboo.shim.engine.Endpoint;

/**
 * A message taken out of matching by a matched probe ({@link Comm#Mprobe}, {@link Comm#Improbe}; MPI-3.0's
 * MPI_Message): it can be received only through this handle, once, with {@link #Mrecv} or {@link #Imrecv},
 * so two threads that probe and then receive can never take each other's message. After the receive
 * the handle is null ({@link #Is_null()}, MPI_MESSAGE_NULL). {@link #NO_PROC} is the message of a probe on
 * {@link MPI#PROC_NULL} (MPI_MESSAGE_NO_PROC): receiving it completes at once with source
 * {@code PROC_NULL}, tag {@code ANY_TAG} and count 0. An extension of mpiJava 1.2.
 */
public final class Message {
    /** The message a matched probe on {@link MPI#PROC_NULL} returns (MPI_MESSAGE_NO_PROC). */
    public static final Message NO_PROC = new Message(null, null);

    private final Endpoint endpoint;
    private final Claimed claimed;
    private volatile boolean received;

    Message(Endpoint endpoint, Claimed claimed) {
        this.endpoint = endpoint;
        this.claimed = claimed;
    }

    /** The status of the message as probed: source, tag, and the count ({@link Status#Get_count}). */
    public Status Get_status() {
        if (claimed == null) {
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        final Status s = claimed.status();
        return new Status(s.source, s.tag, s.elements());
    }

    /** True for {@link #NO_PROC}. */
    public boolean Is_no_proc() {
        return claimed == null;
    }

    /** True once the message has been received (MPI_MESSAGE_NULL); never for {@link #NO_PROC}. */
    public boolean Is_null() {
        return received;
    }

    /**
     * Receives the message into at most {@code count} items of {@code buf} from {@code offset} (MPI_MRECV);
     * a longer message is an error (MPI_ERR_TRUNCATE), as for {@link Comm#Recv}.
     */
    public Status Mrecv(Object buf, int offset, int count, Datatype datatype) throws MPIException {
        return receive("Message.Mrecv", buf, offset, count, datatype).Wait();
    }

    /** Nonblocking {@link #Mrecv} (MPI_IMRECV): the message has arrived already, so the request is
     *  complete at once; its {@code Wait} gives the status (or the error, e.g. truncation). */
    public Request Imrecv(Object buf, int offset, int count, Datatype datatype) throws MPIException {
        return receive("Message.Imrecv", buf, offset, count, datatype);
    }

    private Request receive(String call, Object buf, int offset, int count, Datatype datatype) throws MPIException {
        final Endpoint e = claimed == null ? Binding.current() : endpoint;
        if (e == null) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        e.check(call);
        final int capacity = Checks.buffer(call, "buf", buf, offset, count, datatype);
        if (claimed == null) { // a receive from PROC_NULL: complete at once, nothing written
            return new Request(e.irecv(e.world().worldScope(), buf, offset, capacity, datatype, MPI.PROC_NULL,
                    MPI.ANY_TAG, call));
        }
        if (received) {
            throw new MPIException(call + ": the message has been received already (it is MPI_MESSAGE_NULL now)");
        }
        final Request r = new Request(e.mrecv(claimed, buf, offset * datatype.elementsPerItem(), capacity,
                datatype, call));
        received = true;
        return r;
    }

    @Override
    public String toString() {
        return claimed == null ? "MPI_MESSAGE_NO_PROC" : "Message" + Get_status();
    }
}
