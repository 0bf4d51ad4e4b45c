package bamboo.bench.apps;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The main class of the MPJ Express child JVM ({@link MpjPeer}): runs MPJ Express's
 * {@code runtime.starter.MulticoreStarter} once untimed (the warm-up our own runs get too: MPJ Express's
 * shared device classes and the JDK are compiled before anything counts), then once more after the
 * {@link #TIMED} marker line. Each run gives every rank a fresh class loader, as in our threads device.
 *
 * <p>Only this class is on the child's system class path next to MPJ Express's starter jars (the parent
 * copies its class file alone into a temporary folder): the examples' classes must be loaded by MPJ
 * Express's per-rank loaders, or every rank would share one {@code mpi.MPI}. So it uses nothing but the
 * JDK and reaches the starter by reflection.
 *
 * <p>Arguments: the starter's own ({@code wdir np smpdev useLocalLoader classpath mainClass args...}).
 */
public final class MpjChild {
    /** The line printed before the timed run. */
    public static final String TIMED = "bamboo-mpj-peer: timed run";
    /** The line printed after the timed run, followed by the JVM's CPU time in it (ms, all threads). */
    public static final String CPU = "bamboo-child: cpu ms ";

    private MpjChild() {
    }

    public static void main(String[] args) throws Exception {
        Method execute = Class.forName("runtime.starter.MulticoreStarter").getMethod("execute", String[].class);
        long cpu = 0;
        for (String phase : new String[] {"warm-up", "timed"}) {
            if (phase.equals("timed")) {
                // As the bench between its own runs (BetweenRuns.settle; this class stands alone in the child's
                // class path): the warm-up's garbage collected before the timed run, not inside it.
                System.gc();
                System.out.println(TIMED);
                cpu = cpuNanos();
            }
            Object starter = Class.forName("runtime.starter.MulticoreStarter").getConstructor().newInstance();
            execute.invoke(starter, (Object) Arrays.copyOf(args, args.length));
            System.out.flush();
        }
        printCpu(cpu);
        System.exit(0);
    }

    /**
     * The CPU time of this JVM so far (every thread: the ranks, the library's own threads, the JIT and GC),
     * in ns, or -1 where the JDK cannot tell. On a shared machine a run's wall time measures the scheduler
     * as much as the program; its CPU time is what it cost, whoever else runs.
     */
    static long cpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** Prints the {@link #CPU} line: the CPU time since {@code since} (a {@link #cpuNanos()} reading). */
    static void printCpu(long since) {
        long now = cpuNanos();
        if (since >= 0 && now >= 0) {
            System.out.println(CPU + (now - since) / 1_000_000);
        }
    }
}
