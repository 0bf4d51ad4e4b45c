package bamboo.runtime;

import org.agrona.concurrent.Agent;

/** A worker: an Agrona agent that takes runnable tasks and runs each to its next evaluation point. */
final class Worker implements Agent {
    final int index;
    final Node node;
    final ThreadStats stats;
    final TraceLog trace;
    Task last;
    WorkerIdler idler;
    /** The worker's thread, for the watchdog's report (where a stuck task is). */
    volatile Thread thread;

    Worker(int index, Node node, TraceLog trace) {
        this.index = index;
        this.node = node;
        this.stats = new ThreadStats(roleName(), false);
        this.trace = trace;
    }

    @Override
    public void onStart() {
        thread = Thread.currentThread();
        node.parking.register(index, Thread.currentThread());
        if (idler != null) {
            idler.started();
        }
    }

    @Override
    public void onClose() {
        if (idler != null) {
            idler.finish();
        }
    }

    @Override
    public int doWork() {
        if (node.stopped()) {
            return 0;
        }
        Handler h = node.handler();
        if (h != null && h.inboundDue()) {
            // Between two executions: what came from other processes joins the run queue now, not when the
            // queue runs dry, so a task fed by another process runs in this round and its own sends to
            // that process leave a round earlier (the critical chain between processes).
            h.pollInbound();
        }
        Task t = node.queue.poll(index);
        if (t == null) {
            // Nothing to run: receive what came from other processes (it may make a task runnable).
            int received = h == null ? 0 : h.pollInbound();
            if (received == 0 || (t = node.queue.poll(index)) == null) {
                return received;
            }
        }
        node.run(t, this);
        return 1;
    }

    @Override
    public String roleName() {
        return "node" + node.rank + "-worker" + index;
    }
}
