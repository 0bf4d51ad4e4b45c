package bamboo.bench.apps;

/**
 * The application bench's switches, all in one place: each turns off a step the bench takes by default, to
 * measure what the step changes (the bench's header says which are off).
 * <ul>
 * <li>{@code -Dbamboo.gate=false}: simulated nodes' threads may run on any core, not only the node's own;</li>
 * <li>{@code -Dbamboo.gate.handlers=false}: bamboo's message handler gets a core beside the node's workers;</li>
 * <li>{@code -Dbamboo.settle=false}: no garbage collection between timed runs.</li>
 * </ul>
 */
final class BenchConfiguration {
    static final String GATE = "bamboo.gate";
    static final String GATE_HANDLERS = "bamboo.gate.handlers";
    static final String SETTLE = "bamboo.settle";

    private BenchConfiguration() {
    }

    /** Whether each simulated node's ranks run on the node's own cores only. */
    static boolean coreGate() {
        return on(GATE);
    }

    /** Whether each node's message handler shares the node's cores with its workers (needs the core gate). */
    static boolean handlersGated() {
        return coreGate() && on(GATE_HANDLERS);
    }

    /** Whether the bench collects garbage and lets the JIT go quiet between timed runs. */
    static boolean settle() {
        return on(SETTLE);
    }

    private static boolean on(String property) {
        return !"false".equalsIgnoreCase(System.getProperty(property));
    }
}
