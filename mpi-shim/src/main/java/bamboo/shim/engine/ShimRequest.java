package bamboo.shim.engine;

import mpi.Request;

/** The {@link Request} the threads device hands out. */
public final class ShimRequest extends Request {
    public ShimRequest(Pending pending) {
        super(pending);
    }
}
