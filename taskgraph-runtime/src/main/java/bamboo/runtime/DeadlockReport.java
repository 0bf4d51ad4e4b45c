package bamboo.runtime;

import java.util.ArrayList;
import java.util.List;

/** Builds the "who waits for what" report of a deadlocked graph. */
final class DeadlockReport {
    private static final int MAX_LINES = 32;

    private DeadlockReport() {
    }

    static GraphDeadlock build(List<Node> nodes, int unfinished, int numTasks) {
        List<GraphDeadlock.WaitingTask> waiting = new ArrayList<>();
        for (Node n : nodes) {
            waiting.addAll(collect(n));
        }
        return format(waiting, unfinished, numTasks);
    }

    /** What the waiting tasks of one process wait for (claims them: call only on a deadlocked graph). */
    static List<GraphDeadlock.WaitingTask> collect(Node n) {
        List<GraphDeadlock.WaitingTask> waiting = new ArrayList<>();
        for (Task t : n.tasks) {
            // Claim the task so its inbox is ours to read; a deadlocked task is WAITING.
            if (t.state() == Task.FINISHED || !t.casState(Task.WAITING, Task.OWNED)) {
                continue;
            }
            waiting.add(describe(t));
        }
        return waiting;
    }

    /** The report of waiting tasks (in task id order) gathered from every process. */
    static GraphDeadlock format(List<GraphDeadlock.WaitingTask> waiting, int unfinished, int numTasks) {
        StringBuilder b = new StringBuilder();
        b.append("deadlock: ").append(unfinished).append(" of ").append(numTasks)
                .append(" tasks wait and no message is in flight");
        int lines = 0;
        for (GraphDeadlock.WaitingTask w : waiting) {
            if (lines++ == MAX_LINES) {
                b.append("\n  ... and ").append(waiting.size() - MAX_LINES).append(" more");
                break;
            }
            b.append("\n  task ").append(w.task()).append(" waits for ");
            if (w.waitsFor().isEmpty()) {
                b.append("a message its firing rule does not name");
            } else {
                b.append(join(w.waitsFor()));
            }
            for (String note : w.notes()) {
                b.append(" [").append(note).append(']');
            }
            if (!w.holds().isEmpty()) {
                b.append("; holds unreceived ").append(join(w.holds()));
            }
        }
        return new GraphDeadlock(b.toString(), waiting);
    }

    private static GraphDeadlock.WaitingTask describe(Task t) {
        t.drainIncoming();
        WaitDescription d = new WaitDescription();
        try {
            t.callWaitingFor(d);
        } catch (RuntimeException e) {
            d.note("waitingFor() threw " + e);
        }
        List<MessageKey> waitsFor = new ArrayList<>(d.messages());
        if (waitsFor.isEmpty()) {
            for (int i = 0; i + 1 < t.missCount(); i += 2) {
                MessageKey k = new MessageKey(t.miss(i), t.miss(i + 1));
                if (!waitsFor.contains(k)) {
                    waitsFor.add(k);
                }
            }
        }
        List<MessageKey> holds = new ArrayList<>();
        for (int[] h : t.inbox.held()) {
            for (int i = 0; i < h[2] && i < 4; i++) {
                holds.add(new MessageKey(h[0], h[1]));
            }
        }
        return new GraphDeadlock.WaitingTask(t.taskId(), waitsFor, d.notes(), holds);
    }

    private static String join(List<MessageKey> keys) {
        StringBuilder b = new StringBuilder();
        for (MessageKey k : keys) {
            b.append(b.length() == 0 ? "" : ", ").append(k);
        }
        return b.toString();
    }
}
