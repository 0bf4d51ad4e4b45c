package bamboo.corpus;

import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.ShimRun;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a compiled corpus program untranslated on the mpi-shim's threads device ({@link ShimRun}), and
 * keeps the reference run (one node, no latency) of each program and rank count.
 */
final class UntranslatedRunner {
    private static final Map<String, RunOutcome> REFERENCE = new ConcurrentHashMap<>();

    private UntranslatedRunner() {
    }

    /** Runs {@code program} on {@code np} ranks over {@code nodes} simulated nodes. */
    static RunOutcome run(CorpusProgram program, int np, int nodes, long latencyNanos) {
        return ShimRun.run(program.name(), ProgramCompiler.compile(program), program.mainClass(), np, nodes, latencyNanos);
    }

    /** The untranslated run on one node without latency: what every other run is compared with. */
    static RunOutcome reference(CorpusProgram program, int np) {
        return REFERENCE.computeIfAbsent(program.name() + "@" + np, k -> run(program, np, 1, 0));
    }
}
