package mpi;

/** What a completed receive (or a probe) reports: who sent the message, its tag, and how much it held. */
public class Status {
    /** Rank of the sender in the communicator of the receive. */
    public int source;
    /** Tag of the message. */
    public int tag;
    /** Index of the completed request in {@code Waitany}/{@code Testany}/{@code Waitsome} arrays, else -1. */
    public int index = -1;

    private int elements;
    /** Bytes of a probed message, whose datatype is not known yet; -1 once received. */
    private int bytes = -1;
    private boolean cancelled;

    public Status() {
    }

    /** A status for a message of {@code elements} array elements. */
    public Status(int source, int tag, int elements) {
        this.source = source;
        this.tag = tag;
        this.elements = elements;
    }

    /** The status of a probed message of {@code bytes} bytes. */
    static Status probed(int source, int tag, int bytes) {
        final Status s = new Status(source, tag, 0);
        s.bytes = bytes;
        return s;
    }

    /** Number of items of {@code datatype} received (for a probe: that the message holds). */
    public int Get_count(Datatype datatype) throws MPIException {
        if (datatype == null) {
            throw new MPIException("Status.Get_count: datatype is null");
        }
        if (bytes >= 0) {
            return bytes / datatype.itemBytes();
        }
        return elements / datatype.elementsPerItem();
    }

    /** Number of basic elements received. */
    public int Get_elements(Datatype datatype) throws MPIException {
        if (bytes >= 0 && datatype != null) {
            return bytes / datatype.base().bytes();
        }
        return elements;
    }

    /** True when the request this status belongs to was cancelled. */
    public boolean Test_cancelled() throws MPIException {
        return cancelled;
    }

    /** Number of array elements received. */
    public int elements() {
        return elements;
    }

    /** Marks this status as that of a cancelled request. */
    public void markCancelled() {
        cancelled = true;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", elements=" + elements + "]";
    }
}
