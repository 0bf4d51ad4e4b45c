package bamboo.shim.engine;

import mpi.MPI;

/** The MPI matching rule on (context, source, tag) with wildcards. */
final class Matching {
    private Matching() {
    }

    static boolean matches(Envelope e, int context, int source, int tag) {
        return e.context == context && (source == MPI.ANY_SOURCE || source == e.source)
                && (tag == MPI.ANY_TAG || tag == e.tag);
    }
}
