package bamboo.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.Arrays;

import bamboo.shim.engine.JobAbortedError;
import bamboo.shim.job.RankExit;
import mpi.MPI;
import mpi.MPIException;

/**
 * Runs a translated program's graph as one node of an MPI world: the main class a rank process of the
 * aeron device runs (what {@code ./bamboo run --translated --device aeron} starts, and what to give
 * mpirun):
 *
 * <pre>
 * java ... bamboo.shim.launch.RankMain bamboo.runtime.GraphMain [--tasks N] [--workers W] [--trace FILE]
 *          [--inbox-limit BYTES] [--task-timeout-ms MS] [--verbose] X_Bamboo [program args...]
 * </pre>
 *
 * Builds {@code X_Bamboo.graph(N, args)} (N defaults to the number of processes), joins the world
 * ({@link Graph.Builder#joinWorld()}) and runs this process's tasks. How it ends, on every process alike:
 * normally (exit 0); a task failed (exit 1), the graph deadlocked (exit 3) or a task overran the watchdog's
 * limit (exit 4), printed once, by the process
 * where it was found, in the words of a one-JVM run ({@code bamboo: task 5 failed: ...}); or the world
 * was aborted under it (a process died), which the device reports.
 */
public final class GraphMain {
    /** Exit codes, as {@code ./bamboo run --translated} on one JVM. */
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int DEADLOCK = 3;
    static final int TIMEOUT = 4;

    private GraphMain() {
    }

    public static void main(String[] argv) throws MPIException {
        int tasks = 0;
        int workers = 1;
        Path trace = null;
        long inboxLimit = 0;
        long taskTimeoutNanos = -1;
        boolean verbose = false;
        int i = 0;
        for (; i < argv.length && argv[i].startsWith("--"); i++) {
            String a = argv[i];
            if (a.equals("--verbose")) {
                verbose = true;
                continue;
            }
            if (i + 1 == argv.length) {
                throw usage("option " + a + " needs a value");
            }
            String v = argv[++i];
            switch (a) {
                case "--tasks" -> tasks = (int) number(a, v, 1);
                case "--workers" -> workers = (int) number(a, v, 1);
                case "--trace" -> trace = Path.of(v);
                case "--inbox-limit" -> inboxLimit = number(a, v, 1);
                case "--task-timeout-ms" -> taskTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(number(a, v, 0));
                default -> throw usage("unknown option " + a);
            }
        }
        if (i == argv.length) {
            throw usage("no companion class given (the X_Bamboo class of a translated program X)");
        }
        String companion = argv[i];
        String[] args = Arrays.copyOfRange(argv, i + 1, argv.length);
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (tasks == 0) {
            tasks = MPI.COMM_WORLD.Size();
        }
        Graph.Builder builder = graphOf(companion, tasks, args, rank).workers(workers).joinWorld();
        if (trace != null) {
            builder.trace(trace);
        }
        if (inboxLimit > 0) {
            builder.inboxLimit(inboxLimit);
        }
        if (taskTimeoutNanos >= 0) {
            builder.taskTimeout(Duration.ofNanos(taskTimeoutNanos));
        }
        try {
            Graph.Result result = builder.build().run();
            System.out.flush();
            if (verbose) {
                System.err.print("node " + rank + ": " + result);
            }
        } catch (GraphFailure f) {
            System.out.flush();
            if (f.getCause() instanceof JobAbortedError aborted) {
                throw aborted; // the device names the lost or failed rank
            }
            if (!f.reportedElsewhere()) {
                System.err.println("bamboo: " + f.getMessage());
                if (verbose && f.getCause() != null) {
                    f.getCause().printStackTrace();
                }
            }
            throw new RankExit(f instanceof GraphDeadlock ? DEADLOCK : f instanceof GraphTimeout ? TIMEOUT : FAILED,
                    f.getMessage());
        }
        MPI.Finalize();
    }

    private static Graph.Builder graphOf(String companion, int tasks, String[] args, int rank) {
        Method graph;
        try {
            Class<?> c = Class.forName(companion, true, Thread.currentThread().getContextClassLoader() != null
                    ? Thread.currentThread().getContextClassLoader() : GraphMain.class.getClassLoader());
            graph = c.getMethod("graph", int.class, String[].class);
        } catch (ClassNotFoundException e) {
            throw usage(rank, "no class " + companion + " on the class path (the companion of a translated program)");
        } catch (NoSuchMethodException e) {
            throw usage(rank, companion + " has no static graph(int, String[]): not a companion generated by this "
                    + "version of Bamboo; translate the program again");
        }
        try {
            return (Graph.Builder) graph.invoke(null, tasks, args.clone());
        } catch (InvocationTargetException e) {
            throw usage(rank, companion + ".graph failed: " + e.getCause());
        } catch (IllegalAccessException | ClassCastException e) {
            throw usage(rank, companion + ".graph cannot be called: " + e);
        }
    }

    private static long number(String option, String v, long min) {
        try {
            long n = Long.parseLong(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw usage(option + " must be a number >= " + min + ", got '" + v + "'");
    }

    private static RankExit usage(String why) {
        System.err.println("bamboo.runtime.GraphMain: " + why);
        System.err.println("usage: GraphMain [--tasks N] [--workers W] [--trace FILE] [--inbox-limit BYTES] "
                + "[--task-timeout-ms MS] [--verbose] X_Bamboo [args...]");
        return new RankExit(USAGE, why);
    }

    /** Every process finds the same problem; node 0 says it. */
    private static RankExit usage(int rank, String why) {
        if (rank == 0) {
            System.err.println("bamboo: " + why);
        }
        return new RankExit(USAGE, why);
    }
}
