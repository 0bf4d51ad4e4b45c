package bamboo.bench.runtime;

import bamboo.cli.launch.Units;
import bamboo.cli.launch.UserError;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

import bamboo.runtime.samples.PingPong;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import mpi.MPI;

/**
 * What one message between two processes costs, counted rather than timed: a ping-pong between two
 * tasks on two runtime processes (one worker each, the simulated interconnect off), and the same
 * ping-pong between two ranks of the shim (the {@code basic} form of a program), each measured in steady
 * state over the same number of rounds. Per one-way message it prints the wall time, the CPU time of the
 * whole JVM, the thread context switches (Linux, from {@code /proc/self/task}) and the bytes allocated by
 * every thread. Wall time on a shared machine moves with the load; the counts barely do, which is why
 * this exists next to the application benchmark.
 *
 * <pre>RemoteProbe [--elements N] [--rounds N] [--warm N] [--passes N] [--latency-us N] [--bandwidth-mbs N]</pre>
 *
 * With {@code --latency-us} and {@code --bandwidth-mbs} (MB/s) the simulated interconnect delays every
 * message between the two nodes (both sides alike): what a message still on its way costs the waiting
 * receiver.
 */
public final class RemoteProbe {
    private RemoteProbe() {
    }

    /** Counters read at the start and the end of the measured window. */
    private static final class Window {
        long wall;
        long cpu;
        long switches;
        long allocated;

        /** The counters at the start of the window: allocation read last, so that reading the others
         *  (the context switches walk /proc and allocate) is outside the window. */
        static Window now() {
            Window w = new Window();
            w.wall = System.nanoTime();
            w.cpu = processCpuNanos();
            w.switches = contextSwitches();
            w.allocated = allocatedBytes();
            return w;
        }

        /** The counters at the end of the window: allocation read first, for the same reason. */
        static Window end() {
            Window w = new Window();
            w.allocated = allocatedBytes();
            w.wall = System.nanoTime();
            w.cpu = processCpuNanos();
            w.switches = contextSwitches();
            return w;
        }

        String perMessage(Window end, long messages) {
            double n = messages;
            return String.format("wall %8.1f us  cpu %8.1f us  switches %6.2f  alloc %9.1f B",
                    (end.wall - wall) / n / 1e3, (end.cpu - cpu) / n / 1e3,
                    switches < 0 ? Double.NaN : (end.switches - switches) / n, (end.allocated - allocated) / n);
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Cli()).execute(args));
    }

    /** The command line: message size, rounds and the simulated interconnect between the two processes. */
    @Command(name = "RemoteProbe", mixinStandardHelpOptions = true,
            description = "Remote ping-pong between two runtime processes: wall and CPU time, context switches and "
                    + "allocation per one-way message.")
    static final class Cli implements Callable<Integer> {
        @Option(names = "--elements", paramLabel = "N", description = "Longs per message (default: ${DEFAULT-VALUE}).")
        int elements = 1;
        @Option(names = "--rounds", paramLabel = "N", description = "Timed rounds (default: ${DEFAULT-VALUE}).")
        int rounds = 20_000;
        @Option(names = "--warm", paramLabel = "N", description = "Warm-up rounds (default: ${DEFAULT-VALUE}).")
        int warm = 5_000;
        @Option(names = "--passes", paramLabel = "N", description = "Passes (default: ${DEFAULT-VALUE}).")
        int passes = 3;
        @Option(names = "--latency", paramLabel = "TIME", description = "Simulated latency, e.g. 20us (default: ${DEFAULT-VALUE}).")
        String latency = "0";
        @Option(names = "--bandwidth", paramLabel = "RATE", description = "Simulated bandwidth, e.g. 1GB/s (default: ${DEFAULT-VALUE}).")
        String bandwidth = "inf";

        @Override
        public Integer call() {
            try {
                probe(elements, rounds, warm, passes, Units.parseDurationNanos(latency), Units.parseBandwidth(bandwidth));
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
            return 0;
        }
    }

    static void probe(int elements, int rounds, int warm, int passes, long latencyNanos, double bandwidth) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        mx.setThreadAllocatedMemoryEnabled(true);
        System.out.printf("remote ping-pong, %d longs (%d B), %d rounds after %d warm-up, latency %d us, bandwidth %s"
                + " MB/s, per one-way message%n", elements, 8L * elements, rounds, warm, latencyNanos / 1_000,
                Double.isInfinite(bandwidth) ? "inf" : String.valueOf(bandwidth / 1e6));
        for (int p = 1; p <= passes; p++) {
            System.out.println("runtime, 2 processes x 1 worker  " + runtime(elements, warm, rounds, latencyNanos,
                    bandwidth));
            System.out.println("shim,    2 ranks on 2 nodes      " + shim(elements, warm, rounds, latencyNanos,
                    bandwidth));
        }
    }

    private static String runtime(int elements, int warm, int rounds, long latencyNanos, double bandwidth) {
        Window[] w = new Window[2];
        PingPong.graph(warm + rounds, elements, round -> {
            if (round == warm) {
                w[0] = Window.now();
            } else if (round == warm + rounds) {
                w[1] = Window.end();
            }
        }).nodes(2).workers(1).latency(latencyNanos).bandwidth(Double.isInfinite(bandwidth) ? 0 : bandwidth)
                .profile(false).build().run();
        return w[0].perMessage(w[1], 2L * rounds);
    }

    private static String shim(int elements, int warm, int rounds, long latencyNanos, double bandwidth) {
        Window[] w = new Window[2];
        JobConfig config = JobConfig.of(2).withNodes(2).withLatencyNanos(latencyNanos).withBandwidth(bandwidth);
        JobResult r = ThreadsJob.run(config, (rank, size) -> {
            long[] buf = new long[elements];
            int peer = 1 - rank;
            for (int i = 0; i < warm + rounds; i++) {
                if (rank == 0) {
                    if (i == warm) {
                        w[0] = Window.now();
                    }
                    MPI.COMM_WORLD.Send(buf, 0, elements, MPI.LONG, peer, 3);
                    MPI.COMM_WORLD.Recv(buf, 0, elements, MPI.LONG, peer, 3);
                } else {
                    MPI.COMM_WORLD.Recv(buf, 0, elements, MPI.LONG, peer, 3);
                    MPI.COMM_WORLD.Send(buf, 0, elements, MPI.LONG, peer, 3);
                }
            }
            if (rank == 0) {
                w[1] = Window.end();
            }
        });
        if (!r.succeeded()) {
            throw new IllegalStateException("the shim ping-pong failed: " + r.message(), r.cause());
        }
        return w[0].perMessage(w[1], 2L * rounds);
    }

    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : -1;
    }

    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long b : mx.getThreadAllocatedBytes(mx.getAllThreadIds())) {
            sum += Math.max(0, b);
        }
        return sum;
    }

    /** Voluntary plus involuntary context switches of every thread of this JVM; -1 off Linux. */
    private static long contextSwitches() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path t : dir) {
                try {
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches") || line.startsWith("nonvoluntary_ctxt_switches")) {
                            sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                } catch (IOException | NumberFormatException e) {
                    // a thread that ended meanwhile
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }
}
