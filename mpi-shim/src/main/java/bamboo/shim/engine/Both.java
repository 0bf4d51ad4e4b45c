package bamboo.shim.engine;

import mpi.MPIException;
import mpi.Status;

/** One request for a receive and a send started together (MPI_ISENDRECV): complete when both are; its
 *  status is the receive's. */
final class Both implements Pending {
    private final Pending receive;
    private final Pending send;
    private final String call;

    Both(Pending receive, Pending send, String call) {
        this.receive = receive;
        this.send = send;
        this.call = call;
    }

    @Override
    public boolean poll() {
        // The receive first: a deferred send (SendOp) may meanwhile be taken straight from the buffer.
        return receive.poll() && send.poll();
    }

    @Override
    public long deadline() {
        return Math.min(receive.deadline(), send.deadline());
    }

    @Override
    public Status complete() throws MPIException {
        send.complete();
        return receive.complete();
    }

    @Override
    public boolean cancel() {
        return false; // MPI cannot cancel half of it; the pair completes
    }

    @Override
    public void free() {
        send.free();
        receive.free();
    }

    @Override
    public Endpoint owner() {
        return receive.owner();
    }

    @Override
    public String describe() {
        return call + ": " + receive.describe() + " and " + send.describe();
    }
}
