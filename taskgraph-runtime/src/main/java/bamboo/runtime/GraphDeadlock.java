package bamboo.runtime;

import java.util.List;

/**
 * Every unfinished task waits at an evaluation point whose firing rule is false and no message is in
 * flight: the graph can never finish. Lists who waits for what.
 */
public final class GraphDeadlock extends GraphFailure {
    private static final long serialVersionUID = 1L;

    /** One waiting task: what it waits for and which messages it holds unreceived. */
    public record WaitingTask(int task, List<MessageKey> waitsFor, List<String> notes, List<MessageKey> holds) {
    }

    private final transient List<WaitingTask> waiting;

    GraphDeadlock(String message, List<WaitingTask> waiting) {
        super(-1, message, null);
        this.waiting = List.copyOf(waiting);
    }

    /** The waiting tasks in id order. */
    public List<WaitingTask> waiting() {
        return waiting;
    }
}
