package bamboo.runtime;

/**
 * One priority queue per worker: a worker pushes the tasks it wakes onto its own queue and takes from it
 * first; when its queue is empty it steals the best task of the next non-empty queue. Tasks woken by a
 * non-worker thread (the message handler) are spread round-robin. Priority order holds per worker only.
 */
final class StealingRunQueue implements RunQueue {
    private final SharedRunQueue[] queues;
    private int next;

    StealingRunQueue(int workers) {
        queues = new SharedRunQueue[workers];
        for (int i = 0; i < workers; i++) {
            queues[i] = new SharedRunQueue();
        }
    }

    @Override
    public void push(Task t, int fromWorker) {
        int q = fromWorker;
        if (q < 0) {
            // Racy round-robin is fine: any spread will do.
            q = next;
            next = (q + 1) % queues.length;
        }
        queues[q].push(t, fromWorker);
    }

    @Override
    public Task poll(int worker) {
        Task t = queues[worker].poll(worker);
        if (t != null) {
            return t;
        }
        for (int i = 1; i < queues.length; i++) {
            t = queues[(worker + i) % queues.length].poll(worker);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    @Override
    public boolean isEmpty() {
        for (SharedRunQueue q : queues) {
            if (!q.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
