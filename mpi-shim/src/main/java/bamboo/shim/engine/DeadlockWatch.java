package bamboo.shim.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Finds a deadlocked job: every live rank has a thread parked in MPI with no deadline, none of those waits
 * can be satisfied now, no simulated message is still on a link, and no rank made any MPI call, wait or
 * completion over several samples. A finished rank is not live. Samples every {@link #PERIOD_MILLIS} ms.
 *
 * <p>A starved JVM (a loaded machine, a long GC pause) must not look deadlocked: a thread that was woken
 * but not yet scheduled still shows as waiting, and a watch that was itself descheduled may sample twice
 * with no rank having run in between. So a report needs {@link #SAMPLES} stuck samples in a row that are
 * all alike (the same threads blocked on the same conditions, no activity counter moved), spanning at
 * least {@link #MIN_STUCK_MILLIS} ms, with no gap between two samples longer than {@link #MAX_GAP_MILLIS}
 * ms (a longer gap means the watch was not scheduled, so neither perhaps were the ranks: the streak
 * starts again). A deadlock is reported within about a second.
 */
public final class DeadlockWatch implements Runnable {
    /** Sampling period. */
    public static final long PERIOD_MILLIS = 200;
    /** Stuck samples in a row, all alike, before a report. */
    static final int SAMPLES = 3;
    /** The least wall time from the first to the last sample of a reported streak. */
    static final long MIN_STUCK_MILLIS = 500;
    /** A longer gap between two samples restarts the streak (the watch itself was starved). */
    static final long MAX_GAP_MILLIS = 4 * PERIOD_MILLIS;

    /** Told once about a deadlock. */
    public interface Listener {
        /**
         * @param summary one line naming who waits for what
         * @param report  the same, one rank per line
         */
        void deadlock(String summary, String report);
    }

    private final World world;
    private final Listener listener;
    /** The current streak of alike stuck samples: its first and last sample times and its length. */
    private Snapshot streak;
    private long streakStart;
    private long lastSample;
    private int streakLength;

    DeadlockWatch(World world, Listener listener) {
        this.world = world;
        this.listener = listener;
    }

    /** Starts a daemon thread watching {@code world} until it is closed or aborted. */
    public static Thread start(World world, String name, Listener listener) {
        final Thread t = new Thread(new DeadlockWatch(world, listener), name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void run() {
        try {
            while (!world.closed() && !world.aborted()) {
                Thread.sleep(PERIOD_MILLIS);
                if (check(System.nanoTime())) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One sample taken at {@code now} ({@link System#nanoTime()}); tells the listener and returns true
     * when it completes a deadlock streak. Called by the watch thread (and by tests, with their own clock).
     */
    boolean check(long now) {
        forgetEndedThreads(world);
        final Snapshot s = stuck(world);
        final boolean continues = s != null && streak != null && s.sameAs(streak)
                && now - lastSample <= TimeUnit.MILLISECONDS.toNanos(MAX_GAP_MILLIS);
        if (s == null) {
            streak = null;
            streakLength = 0;
        } else if (continues) {
            streakLength++;
        } else {
            streak = s;
            streakStart = now;
            streakLength = 1;
        }
        lastSample = now;
        if (streakLength < SAMPLES || now - streakStart < TimeUnit.MILLISECONDS.toNanos(MIN_STUCK_MILLIS)) {
            return false;
        }
        final List<String> lines = describe(world);
        listener.deadlock("deadlock: " + String.join("; ", lines),
                "deadlock: every live rank is blocked in MPI and no message is in flight\n  "
                        + String.join("\n  ", lines));
        return true;
    }

    /** What a sample saw when every live rank was stuck: activity counters and who waits on what. */
    static final class Snapshot {
        /** Per rank: calls, parks, completions. */
        final long[] activity;
        /** The blocked threads and their conditions, in no particular order. */
        final List<Thread> threads = new ArrayList<>();
        final List<WaitCondition> conditions = new ArrayList<>();

        Snapshot(int size) {
            activity = new long[3 * size];
        }

        /** The same counters and the same threads blocked on the same condition objects. */
        boolean sameAs(Snapshot o) {
            if (!Arrays.equals(activity, o.activity) || threads.size() != o.threads.size()) {
                return false;
            }
            for (int i = 0; i < threads.size(); i++) {
                final int j = o.threads.indexOf(threads.get(i));
                if (j < 0 || o.conditions.get(j) != conditions.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** What a rank waiting for its node's core waits on, in a snapshot (one object: samples compare alike). */
    private static final WaitCondition CORE_WAIT = new WaitCondition() {
        @Override
        public boolean ready() {
            return false;
        }

        @Override
        public long deadline() {
            return Long.MAX_VALUE;
        }

        @Override
        public String describe() {
            return "a core of its node";
        }
    };

    /**
     * True when {@code e}'s thread waits for a core of its node ({@link CoreGate}) and every rank of the
     * node holding one has its thread waiting outside MPI (WAITING or BLOCKED, not parked in MPI): those
     * will not give a core back unless something else moves. False when some core is free or its holder
     * runs, sleeps or is in MPI.
     */
    private static boolean waitsForStuckCore(World world, Endpoint e) {
        final Thread mine = e.core.coreThread;
        if (e.core.gate == null || !e.core.awaitingCore || mine == null) {
            return false;
        }
        int holders = 0;
        for (int r = 0; r < world.size(); r++) {
            final Endpoint o = world.endpoint(r);
            if (o.core.gate != e.core.gate || !o.core.holdsCore || o.finished()) {
                continue;
            }
            final Thread t = o.core.coreThread;
            if (t == null || o.waits.blocked.containsKey(t)) {
                return false;
            }
            final Thread.State state = t.getState();
            if (state != Thread.State.WAITING && state != Thread.State.BLOCKED) {
                return false;
            }
            holders++;
        }
        return holders >= e.core.gate.cores();
    }

    /** The snapshot when every live rank is stuck, else null. */
    static Snapshot stuck(World world) {
        final int n = world.size();
        final Snapshot s = new Snapshot(n);
        int live = 0;
        for (int r = 0; r < n; r++) {
            final Endpoint e = world.endpoint(r);
            if (e.finished()) {
                continue;
            }
            live++;
            s.activity[3 * r] = e.life.calls;
            s.activity[3 * r + 1] = e.waits.parks;
            s.activity[3 * r + 2] = e.waits.completions;
            if (e.waits.blocked.isEmpty()) {
                // A rank waiting for its node's core is runnable, unless every rank holding the node's
                // cores waits outside MPI (a multi-threaded rank's main thread in join, say): then it
                // can only get the core from a thread that is itself stuck.
                if (!waitsForStuckCore(world, e)) {
                    return null;
                }
                s.threads.add(e.core.coreThread);
                s.conditions.add(CORE_WAIT);
            }
            for (Map.Entry<Thread, WaitCondition> w : e.waits.blocked.entrySet()) {
                if (w.getValue().ready()) {
                    return null;
                }
                s.threads.add(w.getKey());
                s.conditions.add(WaitPath.unlabelled(w.getValue()));
            }
            if (busyCaller(e)) {
                return null;
            }
        }
        if (live == 0) {
            return null;
        }
        for (int r = 0; r < n; r++) {
            final Mailbox m = world.endpoint(r).mailbox;
            m.progress();
            if (m.nextArrival() != Long.MAX_VALUE) {
                return null;
            }
        }
        return s;
    }

    /**
     * One rank's part of a deadlock check, for devices whose ranks live in several processes (each
     * process checks its own rank; a coordinator combines the answers with message counts): the rank's
     * activity counters {calls, parks plus completions} when every thread of it that uses MPI is blocked on a wait that
     * cannot be satisfied now, an empty array when the rank has finished, else null.
     */
    public static long[] rankStuck(World world, int rank) {
        final Endpoint e = world.endpoint(rank);
        e.life.callers.removeIf(t -> !t.isAlive());
        if (e.finished()) {
            return new long[0];
        }
        final long calls = e.life.calls;
        final long parks = e.waits.parks + e.waits.completions; // any activity counts
        if (e.waits.blocked.isEmpty() || busyCaller(e)) {
            return null;
        }
        for (WaitCondition c : e.waits.blocked.values()) {
            if (c.ready()) {
                return null;
            }
        }
        e.mailbox.progress();
        return e.mailbox.nextArrival() == Long.MAX_VALUE ? new long[] {calls, parks} : null;
    }

    /** What one rank waits for, as a line of a deadlock report. */
    public static String describeRank(World world, int rank) {
        return describe(world).get(rank);
    }

    /** The program's line that made the blocking call: the first frame outside the JDK and the shim. */
    private static StackTraceElement callSite(Thread t) {
        for (StackTraceElement f : t.getStackTrace()) {
            final String c = f.getClassName();
            if (!(c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("mpi.")
                    || c.startsWith("bamboo.shim."))) {
                return f;
            }
        }
        return null;
    }

    /** Drops threads that have ended from each rank's set of MPI callers (it would grow otherwise). */
    private static void forgetEndedThreads(World world) {
        for (int r = 0; r < world.size(); r++) {
            world.endpoint(r).life.callers.removeIf(t -> !t.isAlive());
        }
    }

    /**
     * True when a thread of the rank that has used MPI is neither blocked in MPI nor waiting untimed
     * (e.g. in {@code join}): it is running or sleeping, so it may still send. Threads that never call
     * MPI are unknown to the shim.
     */
    private static boolean busyCaller(Endpoint e) {
        for (Thread t : e.life.callers) {
            if (t.isAlive() && !e.waits.blocked.containsKey(t) && t.getState() != Thread.State.WAITING) {
                return true;
            }
        }
        return false;
    }

    static List<String> describe(World world) {
        final List<String> lines = new ArrayList<>();
        for (int r = 0; r < world.size(); r++) {
            final Endpoint e = world.endpoint(r);
            if (e.finished()) {
                lines.add("rank " + r + " has finished");
                continue;
            }
            if (e.waits.blocked.isEmpty() && e.core.awaitingCore) {
                lines.add("rank " + r + " waits for a core of its node (the ranks holding them wait outside MPI)");
                continue;
            }
            final StringBuilder b = new StringBuilder("rank ").append(r).append(" waits in ");
            boolean first = true;
            for (Map.Entry<Thread, WaitCondition> w : e.waits.blocked.entrySet()) {
                if (!first) {
                    b.append(" and ");
                }
                b.append(w.getValue().describe());
                final StackTraceElement at = callSite(w.getKey());
                if (at != null) { // without the loader prefix ("rank-0//") toString() would add
                    b.append(" at ").append(at.getClassName()).append('.').append(at.getMethodName()).append('(')
                            .append(at.getFileName()).append(':').append(at.getLineNumber()).append(')');
                }
                first = false;
            }
            final String queued = e.mailbox.describeQueued(3);
            if (!queued.isEmpty()) {
                b.append(" [unreceived: ").append(queued).append(']');
            }
            lines.add(b.toString());
        }
        return lines;
    }
}
