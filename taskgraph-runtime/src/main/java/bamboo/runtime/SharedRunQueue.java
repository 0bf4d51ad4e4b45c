package bamboo.runtime;

/**
 * One priority queue per process, shared by all its workers: strict priority order across the process.
 * A short lock guards it; the volatile size lets idle workers look without taking the lock.
 */
final class SharedRunQueue implements RunQueue {
    private final PriorityFifo fifo = new PriorityFifo();
    private volatile int size;

    @Override
    public void push(Task t, int fromWorker) {
        synchronized (fifo) {
            fifo.add(t);
            size = fifo.size();
        }
    }

    @Override
    public Task poll(int worker) {
        if (size == 0) {
            return null;
        }
        synchronized (fifo) {
            Task t = fifo.poll();
            size = fifo.size();
            return t;
        }
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }
}
