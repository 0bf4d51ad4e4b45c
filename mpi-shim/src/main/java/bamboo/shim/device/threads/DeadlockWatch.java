package bamboo.shim.device.threads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Finds a deadlocked job: every live rank has a thread parked in MPI with no deadline, none of those waits
 * can be satisfied now, no simulated message is still on a link, and no rank made any MPI call or wait
 * between two samples. A finished rank is not live. Samples every {@link #PERIOD_MILLIS} ms, so a
 * deadlock is reported within about half a second.
 */
public final class DeadlockWatch implements Runnable {
    /** Sampling period. */
    public static final long PERIOD_MILLIS = 200;

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

    private DeadlockWatch(World world, Listener listener) {
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
        long[] previous = null;
        try {
            while (!world.closed() && !world.aborted()) {
                Thread.sleep(PERIOD_MILLIS);
                forgetEndedThreads(world);
                final long[] activity = stuck(world);
                if (activity != null && Arrays.equals(activity, previous)) {
                    final List<String> lines = describe(world);
                    listener.deadlock("deadlock: " + String.join("; ", lines),
                            "deadlock: every live rank is blocked in MPI and no message is in flight\n  "
                                    + String.join("\n  ", lines));
                    return;
                }
                previous = activity;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The activity counters when every live rank is stuck, else null. */
    static long[] stuck(World world) {
        final int n = world.size();
        final long[] activity = new long[2 * n];
        int live = 0;
        for (int r = 0; r < n; r++) {
            final Endpoint e = world.endpoint(r);
            if (e.finished()) {
                continue;
            }
            live++;
            activity[2 * r] = e.calls;
            activity[2 * r + 1] = e.parks;
            if (e.blocked.isEmpty()) {
                return null;
            }
            for (WaitCondition c : e.blocked.values()) {
                if (c.ready()) {
                    return null;
                }
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
        return activity;
    }

    /**
     * One rank's part of a deadlock check, for devices whose ranks live in several processes (each
     * process checks its own rank; a coordinator combines the answers with message counts): the rank's
     * activity counters {calls, parks} when every thread of it that uses MPI is blocked on a wait that
     * cannot be satisfied now, an empty array when the rank has finished, else null.
     */
    public static long[] rankStuck(World world, int rank) {
        final Endpoint e = world.endpoint(rank);
        e.callers.removeIf(t -> !t.isAlive());
        if (e.finished()) {
            return new long[0];
        }
        final long calls = e.calls;
        final long parks = e.parks;
        if (e.blocked.isEmpty() || busyCaller(e)) {
            return null;
        }
        for (WaitCondition c : e.blocked.values()) {
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
            world.endpoint(r).callers.removeIf(t -> !t.isAlive());
        }
    }

    /**
     * True when a thread of the rank that has used MPI is neither blocked in MPI nor waiting untimed
     * (e.g. in {@code join}): it is running or sleeping, so it may still send. Threads that never call
     * MPI are unknown to the shim.
     */
    private static boolean busyCaller(Endpoint e) {
        for (Thread t : e.callers) {
            if (t.isAlive() && !e.blocked.containsKey(t) && t.getState() != Thread.State.WAITING) {
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
            final StringBuilder b = new StringBuilder("rank ").append(r).append(" waits in ");
            boolean first = true;
            for (Map.Entry<Thread, WaitCondition> w : e.blocked.entrySet()) {
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
