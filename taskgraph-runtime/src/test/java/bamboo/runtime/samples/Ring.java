package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/**
 * A token travels around a ring of N tasks {@code rounds} times; every task adds one. Written the way the
 * translator writes tasks: an {@code execute()} state machine that returns WAITING at its evaluation
 * point and a firing rule over {@code arrived()}.
 */
public final class Ring extends Task {
    static final int TAG = 1;

    private final int rounds;
    private final long[] result;
    private final long[] buf = new long[1];
    private int state;
    private int round;

    public Ring(int rounds, long[] result) {
        this.rounds = rounds;
        this.result = result;
    }

    /** A builder for the ring of {@code n} tasks; the token ends in {@code result[0]}. */
    public static Graph.Builder graph(int n, int rounds, long[] result) {
        return Graph.builder(n, id -> new Ring(rounds, result));
    }

    private int next() {
        return (id() + 1) % numTasks();
    }

    private int prev() {
        return (id() + numTasks() - 1) % numTasks();
    }

    @Override
    protected Outcome execute() {
        if (state == 0) {
            state = 1;
            if (id() == 0) {
                buf[0] = 0;
                send(next(), TAG, buf, 0, 1);
            }
        }
        while (true) {
            if (!ready()) {
                return Outcome.WAITING;
            }
            receive(prev(), TAG, buf, 0, 1);
            round++;
            buf[0]++;
            if (id() == 0 && round == rounds) {
                result[0] = buf[0];
                return Outcome.FINISHED;
            }
            send(next(), TAG, buf, 0, 1);
            if (round == rounds) {
                return Outcome.FINISHED;
            }
        }
    }

    @Override
    protected boolean ready() {
        return arrived(prev(), TAG);
    }
}
