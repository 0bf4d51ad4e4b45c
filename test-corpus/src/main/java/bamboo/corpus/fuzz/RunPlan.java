package bamboo.corpus.fuzz;

import java.util.List;

/**
 * Where each program runs: untranslated at every rank count of {@code ranks}; translated at the same
 * task count with every worker count of {@code workers}, on one node and on {@code min(manyNodes, np)}
 * simulated nodes with {@code latencyNanos} between them.
 *
 * @param timeoutMillis how long one translated run may take before it is reported as hanging
 */
public record RunPlan(List<Integer> ranks, List<Integer> workers, int manyNodes, long latencyNanos, long timeoutMillis) {
    public RunPlan {
        ranks = List.copyOf(ranks);
        workers = List.copyOf(workers);
        if (ranks.isEmpty() || ranks.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("rank counts must be >= 1, got " + ranks);
        }
        if (workers.isEmpty() || workers.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("worker counts must be >= 1, got " + workers);
        }
        if (manyNodes < 1) {
            throw new IllegalArgumentException("node count must be >= 1, got " + manyNodes);
        }
    }

    /** The default plan of {@code ./bamboo fuzz}: 1, 2, 3, 5 and 8 ranks, 1 and 2 workers, 1 and 3 nodes. */
    public static RunPlan standard() {
        return new RunPlan(List.of(1, 2, 3, 5, 8), List.of(1, 2), 3, 20_000, 60_000);
    }

    /** The same plan at other rank counts. */
    public RunPlan withRanks(List<Integer> newRanks) {
        return new RunPlan(newRanks, workers, manyNodes, latencyNanos, timeoutMillis);
    }

    /** The same plan with other worker counts. */
    public RunPlan withWorkers(List<Integer> newWorkers) {
        return new RunPlan(ranks, newWorkers, manyNodes, latencyNanos, timeoutMillis);
    }

    /** The same plan with at most {@code nodes} simulated nodes. */
    public RunPlan withNodes(int nodes) {
        return new RunPlan(ranks, workers, nodes, latencyNanos, timeoutMillis);
    }
}
