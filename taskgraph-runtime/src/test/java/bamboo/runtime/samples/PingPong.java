package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/**
 * Two tasks bounce a message of {@code elements} longs {@code rounds} times. Task 0 calls
 * {@code probe.round(r)} before round r (benchmarks read clocks and allocation counters there).
 */
public final class PingPong extends Task {
    static final int TAG = 3;

    /** Called by task 0, on its worker, before each round. */
    @FunctionalInterface
    public interface Probe {
        void round(int round);
    }

    private final int rounds;
    private final long[] buf;
    private final Probe probe;
    private int round;
    private boolean started;

    public PingPong(int rounds, int elements, Probe probe) {
        this.rounds = rounds;
        this.buf = new long[elements];
        this.probe = probe;
    }

    public static Graph.Builder graph(int rounds, int elements, Probe probe) {
        return Graph.builder(2, id -> new PingPong(rounds, elements, probe));
    }

    @Override
    protected Outcome execute() {
        int peer = 1 - id();
        if (id() == 0 && !started) {
            started = true;
            if (probe != null) {
                probe.round(0);
            }
            send(peer, TAG, buf, 0, buf.length);
        }
        while (true) {
            if (!ready()) {
                return Outcome.WAITING;
            }
            receive(peer, TAG, buf, 0, buf.length);
            round++;
            if (id() == 0) {
                if (probe != null) {
                    probe.round(round);
                }
                if (round == rounds) {
                    return Outcome.FINISHED;
                }
            }
            send(peer, TAG, buf, 0, buf.length);
            if (id() == 1 && round == rounds) {
                return Outcome.FINISHED;
            }
        }
    }

    @Override
    protected boolean ready() {
        return arrived(1 - id(), TAG);
    }
}
