package bamboo.runtime;

/** Where runnable tasks wait for a worker. */
interface RunQueue {
    /** Adds a runnable task; {@code fromWorker} is the pushing worker's index, or -1. */
    void push(Task t, int fromWorker);

    /** The next task for worker {@code worker}, or null. */
    Task poll(int worker);

    /** Approximate: true when no task is queued. */
    boolean isEmpty();
}
