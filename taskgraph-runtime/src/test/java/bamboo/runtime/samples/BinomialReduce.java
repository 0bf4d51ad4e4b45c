package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/**
 * Sum of one value per task to task 0 along a binomial tree, {@code rounds} times in a row; internal
 * nodes combine what they receive and forward it (a receive block that sends). Task i contributes
 * {@code (i + 1) * (round + 1)}; task 0 stores each round's sum in {@code sums}.
 */
public final class BinomialReduce extends Task {
    static final int TAG = 7;

    private final int rounds;
    private final long[] sums;
    private final long[] buf = new long[1];
    private long acc;
    private int round;
    private int mask;

    public BinomialReduce(int rounds, long[] sums) {
        this.rounds = rounds;
        this.sums = sums;
    }

    public static Graph.Builder graph(int n, int rounds, long[] sums) {
        return Graph.builder(n, id -> new BinomialReduce(rounds, sums));
    }

    /** The expected sum of round {@code r} for {@code n} tasks. */
    public static long expected(int n, int r) {
        return (long) n * (n + 1) / 2 * (r + 1);
    }

    @Override
    protected Outcome execute() {
        while (round < rounds) {
            if (mask == 0) {
                acc = (long) (id() + 1) * (round + 1);
                mask = 1;
            }
            while (mask < numTasks()) {
                if ((id() & mask) != 0) {
                    buf[0] = acc;
                    send(id() - mask, TAG, buf, 0, 1);
                    break;
                }
                if (id() + mask < numTasks()) {
                    if (!ready()) {
                        return Outcome.WAITING;
                    }
                    receive(id() + mask, TAG, buf, 0, 1);
                    acc += buf[0];
                }
                mask <<= 1;
            }
            if (id() == 0) {
                sums[round] = acc;
            }
            round++;
            mask = 0;
        }
        return Outcome.FINISHED;
    }

    @Override
    protected boolean ready() {
        return arrived(id() + mask, TAG);
    }
}
