package bamboo.runtime;

import org.agrona.collections.LongArrayList;

/**
 * The trace events of one runtime thread, kept in memory until the graph ends (only when tracing is on;
 * otherwise every call returns at once). Five longs per event: kind, start, end, a, b.
 */
final class TraceLog {
    static final long SLICE = 1;
    static final long FLOW_OUT = 2;
    static final long FLOW_IN = 3;
    static final long HANDLER = 4;

    final boolean enabled;
    final int pid;
    final int tid;
    final String name;
    final LongArrayList events;

    TraceLog(boolean enabled, int pid, int tid, String name) {
        this.enabled = enabled;
        this.pid = pid;
        this.tid = tid;
        this.name = name;
        this.events = enabled ? new LongArrayList(1024, Long.MIN_VALUE) : null;
    }

    void slice(long start, long end, int task, int outcome) {
        add(SLICE, start, end, task, outcome);
    }

    /** A remote-message slice of the handler: {@code outbound} sends, else injects. */
    void handler(long start, long end, int task, boolean outbound) {
        add(HANDLER, start, end, task, outbound ? 1 : 0);
    }

    void flowOut(long at, long id) {
        add(FLOW_OUT, at, at, id, 0);
    }

    void flowIn(long at, long id) {
        add(FLOW_IN, at, at, id, 0);
    }

    private void add(long kind, long start, long end, long a, long b) {
        events.addLong(kind);
        events.addLong(start);
        events.addLong(end);
        events.addLong(a);
        events.addLong(b);
    }

    int size() {
        return events == null ? 0 : events.size() / 5;
    }

    long get(int event, int field) {
        return events.getLong(event * 5 + field);
    }
}
