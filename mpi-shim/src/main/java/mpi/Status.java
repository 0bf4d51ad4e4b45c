package mpi;

/** What a completed receive (or probe) reports: who sent it, with which tag, and how much. */
public class Status {
    /** Rank of the sender in the communicator of the receive. */
    public int source;
    /** Tag of the message. */
    public int tag;
    /** Index of the completed request in {@code Waitany}/{@code Testany}/{@code Waitsome} arrays, else -1. */
    public int index = -1;

    private int elements;
    private boolean cancelled;
    /** The count of a receive with a type of no elements (nothing on the wire tells it), else -1. */
    private int emptyItems = -1;

    public Status() {
    }

    /** Creates a status for a message of {@code elements} array elements. */
    public Status(int source, int tag, int elements) {
        this.source = source;
        this.tag = tag;
        this.elements = elements;
    }

    /** Number of items of {@code datatype} received; {@link MPI#UNDEFINED} when the elements received do
     *  not make whole items of a derived type. */
    public int Get_count(Datatype datatype) throws MPIException {
        if (datatype == null) {
            throw new MPIException("Status.Get_count: datatype is null");
        }
        final int per = datatype.elementsPerItem();
        if (per == 0) {
            return Math.max(emptyItems, 0);
        }
        if (datatype.isDerived() && elements % per != 0) {
            return MPI.UNDEFINED;
        }
        return elements / per;
    }

    /** Number of basic elements received; {@link MPI#UNDEFINED} for a type of no elements (as MPJ Express
     *  reports it). */
    public int Get_elements(Datatype datatype) throws MPIException {
        if (datatype != null && datatype.isDerived() && datatype.elementsPerItem() == 0) {
            return MPI.UNDEFINED;
        }
        return elements;
    }

    /** Records the count of a receive with a type of no elements, which {@link #Get_count} reports as MPJ
     *  Express does (for the shim's own use). */
    Status receivedItems(Datatype type, int count) {
        if (type.elementsPerItem() == 0) {
            emptyItems = count;
        }
        return this;
    }

    /** True when the request this status belongs to was cancelled. */
    public boolean Test_cancelled() throws MPIException {
        return cancelled;
    }

    /** Number of array elements received (for the shim's own use). */
    public int elements() {
        return elements;
    }

    /** Marks this status as that of a cancelled request (for the shim's own use). */
    public void markCancelled() {
        cancelled = true;
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", elements=" + elements + "]";
    }
}
