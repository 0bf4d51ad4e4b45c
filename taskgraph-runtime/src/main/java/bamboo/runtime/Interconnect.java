package bamboo.runtime;

import java.util.List;

/** Placeholder until the shim's threads device lands: messages between processes. */
final class Interconnect {
    Interconnect(Config config, List<Node> nodes, RunControl control) {
        throw new UnsupportedOperationException("Graph.Builder.nodes: more than one node is not available yet");
    }

    void start() {
    }

    void stop() {
    }

    long inFlight() {
        return 0;
    }

    long delivered() {
        return 0;
    }

    List<ThreadStats> stats() {
        return List.of();
    }

    List<TraceLog> traces() {
        return List.of();
    }
}
