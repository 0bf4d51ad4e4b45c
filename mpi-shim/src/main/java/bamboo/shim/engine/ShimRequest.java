package bamboo.shim.engine;

import mpi.Request;

/** The {@link Request} the engine itself hands out (the collectives' channels): {@code mpi} makes its own. */
final class ShimRequest extends Request {
    ShimRequest(Pending pending) {
        super(pending);
    }
}
