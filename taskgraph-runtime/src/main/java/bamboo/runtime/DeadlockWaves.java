package bamboo.runtime;

/**
 * Node 0's detector of a deadlock across processes: Mattern's four-counter method in waves. A wave asks
 * every node for its {@link WorldMessage.NodeState}; the graph is deadlocked when two consecutive complete
 * waves find every node stalled (no task owned, nothing moved while it looked), as many messages handed
 * to handlers as injected at their destinations (none between processes), some task unfinished, and
 * every node's counters unchanged from one wave to the next. The counters only grow, so equal counters in
 * two waves, the second started after the first ended, mean nothing moved and nothing was in flight in
 * between: no message can ever wake a task again. One JVM's monitor (see {@link Execution}) reads every
 * node directly; here the nodes are processes, so the snapshot is assembled from messages.
 */
final class DeadlockWaves {
    private final int nodes;
    private long epoch;
    private WorldMessage.NodeState[] current;
    private int missing;
    private WorldMessage.NodeState[] previousQuiet;

    DeadlockWaves(int nodes) {
        this.nodes = nodes;
    }

    /** True while a wave waits for answers. */
    boolean inProgress() {
        return missing > 0;
    }

    /** Starts a wave with node 0's own state; returns its epoch (the caller sends QUERY to the others). */
    long start(WorldMessage.NodeState own) {
        epoch++;
        current = new WorldMessage.NodeState[nodes];
        current[0] = own;
        missing = nodes - 1;
        return epoch;
    }

    /** Records an answer; stale or repeated answers are ignored. */
    void answer(int from, long answerEpoch, WorldMessage.NodeState state) {
        if (answerEpoch != epoch || current == null || current[from] != null) {
            return;
        }
        current[from] = state;
        missing--;
    }

    /**
     * After a wave has completed: true when it and the wave before are quiet with the same counters.
     * Call once per completed wave.
     */
    boolean deadlocked() {
        if (current == null || missing > 0) {
            return false;
        }
        WorldMessage.NodeState[] wave = current;
        current = null;
        if (!quiet(wave)) {
            previousQuiet = null;
            return false;
        }
        boolean same = previousQuiet != null;
        for (int n = 0; same && n < nodes; n++) {
            same = wave[n].sameCounters(previousQuiet[n]);
        }
        previousQuiet = wave;
        return same;
    }

    /** Tasks not finished, over every node, in the last complete wave. */
    int unfinished() {
        int u = 0;
        if (previousQuiet != null) {
            for (WorldMessage.NodeState s : previousQuiet) {
                u += s.unfinished;
            }
        }
        return u;
    }

    private static boolean quiet(WorldMessage.NodeState[] wave) {
        long handed = 0;
        long delivered = 0;
        int unfinished = 0;
        for (WorldMessage.NodeState s : wave) {
            if (!s.stalled) {
                return false;
            }
            handed += s.handed;
            delivered += s.delivered;
            unfinished += s.unfinished;
        }
        return handed == delivered && unfinished > 0;
    }
}
