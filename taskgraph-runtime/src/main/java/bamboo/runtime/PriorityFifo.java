package bamboo.runtime;

/**
 * Runnable tasks ordered by priority (higher first), FIFO within a priority. Intrusive (links through {@link Task#nextInQueue}) so queueing allocates nothing; a bucket is
 * created once per distinct priority. Not thread-safe: the run queues guard it.
 */
final class PriorityFifo {
    private static final class Bucket {
        final int priority;
        Task head;
        Task tail;

        Bucket(int priority) {
            this.priority = priority;
        }
    }

    private Bucket[] buckets = {new Bucket(0)};
    private int count;

    int size() {
        return count;
    }

    void add(Task t) {
        Bucket b = bucket(t.schedulingPriority());
        t.nextInQueue = null;
        if (b.tail == null) {
            b.head = t;
            b.tail = t;
        } else {
            b.tail.nextInQueue = t;
            b.tail = t;
        }
        count++;
    }

    /** Removes the first task of the highest non-empty priority, or returns null. */
    Task poll() {
        if (count == 0) {
            return null;
        }
        for (Bucket b : buckets) {
            Task t = b.head;
            if (t != null) {
                b.head = t.nextInQueue;
                if (b.head == null) {
                    b.tail = null;
                }
                t.nextInQueue = null;
                count--;
                return t;
            }
        }
        return null;
    }

    private Bucket bucket(int priority) {
        Bucket[] bs = buckets;
        for (Bucket b : bs) {
            if (b.priority == priority) {
                return b;
            }
        }
        // New priority: insert keeping descending order (once per distinct priority).
        Bucket[] grown = new Bucket[bs.length + 1];
        int i = 0;
        while (i < bs.length && bs[i].priority > priority) {
            grown[i] = bs[i];
            i++;
        }
        Bucket nb = new Bucket(priority);
        grown[i] = nb;
        System.arraycopy(bs, i, grown, i + 1, bs.length - i);
        buckets = grown;
        return nb;
    }
}
