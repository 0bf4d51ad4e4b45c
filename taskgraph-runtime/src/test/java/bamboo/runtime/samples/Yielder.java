package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/** Tasks that only give way: each execution returns YIELDED until {@code rounds} executions are done.
 *  On one worker, every execution after the first is a pure task switch through the run queue. */
public final class Yielder extends Task {
    private final int rounds;
    private int done;

    public Yielder(int rounds) {
        this.rounds = rounds;
    }

    public static Graph.Builder graph(int tasks, int rounds) {
        return Graph.builder(tasks, id -> new Yielder(rounds));
    }

    @Override
    protected Outcome execute() {
        return ++done == rounds ? Outcome.FINISHED : Outcome.YIELDED;
    }

    @Override
    protected boolean ready() {
        return true;
    }
}
