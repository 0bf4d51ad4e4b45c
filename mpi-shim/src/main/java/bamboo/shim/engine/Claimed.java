package bamboo.shim.engine;

import mpi.Status;

/**
 * A message taken out of matching by a matched probe ({@link Endpoint#improbe}): no other receive or probe
 * can see it any more, and only {@link Endpoint#mrecv} receives it, once. A rendezvous or synchronous
 * sender still waits until then.
 */
public final class Claimed {
    final Envelope envelope;
    final Scope scope;
    private final Status status;
    private boolean received;

    Claimed(Envelope envelope, Scope scope) {
        this.envelope = envelope;
        this.scope = scope;
        this.status = new Status(scope.local(envelope.source), envelope.tag, envelope.elements);
    }

    /** The message's status (source in the communicator, tag, count in array elements), as the probe saw it. */
    public Status status() {
        return status;
    }

    /** Marks the message received; false when it was already. */
    synchronized boolean receive() {
        if (received) {
            return false;
        }
        received = true;
        return true;
    }
}
