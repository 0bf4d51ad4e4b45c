package bamboo.bench.shim;

import bamboo.cli.JavaHomeOption;
import bamboo.cli.launch.UserError;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * OSU-style micro-benchmarks of the threads device between two ranks: ping-pong latency (8 bytes, one
 * way) and streaming bandwidth (1 MiB messages, a window of non-blocking sends), next to a plain
 * {@code System.arraycopy} of the same size in the same run. Prints the median of the repeats as
 * {@code metric <name> <value> <unit>} lines.
 *
 */
public final class ShimBench {
    private static final int SMALL = 8;
    private static final int LARGE = 1 << 20;
    private static final int WINDOW = 16;

    private final int repeats;
    private final int pingPongs;
    private final int windows;
    private final JobConfig config;

    private ShimBench(boolean quick, JobConfig.RanksAs as) {
        this.repeats = quick ? 3 : 7;
        this.pingPongs = quick ? 20_000 : 200_000;
        this.windows = quick ? 20 : 100;
        this.config = JobConfig.of(2).withRanksAs(as);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Cli()).execute(args));
    }

    /** The command line of the suite: {@code bamboo bench shim}. */
    @Command(name = "shim", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"OSU-style ping-pong latency (8 bytes, one way) and streaming bandwidth (1 MiB "
                    + "messages, a window of 16 non-blocking sends) of the mpi-shim between two ranks, next to a "
                    + "plain array copy of the same size.",
                    "",
                    "Ends with 'metric NAME VALUE UNIT' lines, one per figure."})
    public static final class Cli implements Callable<Integer> {
        /** How the two ranks are carried. */
        enum RanksAs { platform, virtual }

        @Option(names = "--quick", description = "Fewer repeats and messages.")
        boolean quick;

        @Option(names = "--ranks-as", paramLabel = "KIND", description = "Ranks as 'platform' or 'virtual' threads (virtual needs JDK 21+; default: ${DEFAULT-VALUE}).")
        RanksAs ranksAs = RanksAs.platform;

        @Mixin
        JavaHomeOption javaHome = new JavaHomeOption();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Integer relaunched = javaHome.relaunchIfOther(spec);
            if (relaunched != null) {
                return relaunched;
            }
            new ShimBench(quick, ranksAs == RanksAs.virtual ? JobConfig.RanksAs.VIRTUAL : JobConfig.RanksAs.PLATFORM)
                    .run();
            return 0;
        }
    }

    private void run() {
        check(ThreadsJob.run(config, (rank, size) -> { })); // e.g. virtual threads on JDK 17: one line, exit
        System.out.println("# shim bench: 2 ranks as " + config.ranksAs().name().toLowerCase(Locale.ROOT)
                + " threads, JDK " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores; median of " + repeats);
        final double[] self = new double[repeats];
        final double[] selfCpu = new double[repeats];
        check(ThreadsJob.run(JobConfig.of(1), (rank, size) -> {
            selfMessages(pingPongs, new double[1]);
            final double[] cpu = new double[1];
            for (int r = 0; r < repeats; r++) {
                self[r] = selfMessages(pingPongs, cpu);
                selfCpu[r] = cpu[0];
            }
        }));
        final double[] latency = new double[repeats];
        final double[] bandwidth = new double[repeats];
        check(ThreadsJob.run(config, (rank, size) -> {
            pingPong(rank, pingPongs / 2); // warm-up
            for (int r = 0; r < repeats; r++) {
                final double ns = pingPong(rank, pingPongs);
                if (rank == 0) {
                    latency[r] = ns;
                }
            }
        }));
        final double[] copy = new double[repeats];
        // Interleaved, so both figures of a repeat see the same load on a shared machine: rank 0 does the
        // plain copies while rank 1 waits for it.
        check(ThreadsJob.run(config, (rank, size) -> {
            stream(rank, windows / 2); // warm-up
            if (rank == 0) {
                arraycopy(windows / 2);
            }
            for (int r = 0; r < repeats; r++) {
                final double mbps = stream(rank, windows);
                if (rank == 0) {
                    bandwidth[r] = mbps;
                    copy[r] = arraycopy(windows);
                }
                final byte[] token = new byte[1];
                MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.BYTE, 1 - rank, 4, token, 0, 1, MPI.BYTE, 1 - rank, 4);
            }
        }));
        final double lat = median(latency);
        final double bw = median(bandwidth);
        final double cp = median(copy);
        System.out.printf(Locale.ROOT, "metric shim-latency-8B-ns %.0f ns%n", lat);
        System.out.printf(Locale.ROOT, "metric shim-latency-8B-best-ns %.0f ns%n", min(latency));
        System.out.printf(Locale.ROOT, "metric shim-send-recv-self-8B-ns %.0f ns%n", median(self));
        System.out.printf(Locale.ROOT, "metric shim-send-recv-self-8B-cpu-ns %.0f ns%n", median(selfCpu));
        System.out.printf(Locale.ROOT, "metric shim-bandwidth-1MiB-MBps %.0f MB/s%n", bw);
        System.out.printf(Locale.ROOT, "metric arraycopy-1MiB-MBps %.0f MB/s%n", cp);
        System.out.printf(Locale.ROOT, "metric shim-bandwidth-vs-arraycopy %.2f x%n", bw / cp);
    }

    /** One-way latency in ns of {@code n} round trips of 8 bytes. */
    private static double pingPong(int rank, int n) throws MPIException {
        final byte[] buf = new byte[SMALL];
        final int peer = 1 - rank;
        final long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(buf, 0, SMALL, MPI.BYTE, peer, 1);
                MPI.COMM_WORLD.Recv(buf, 0, SMALL, MPI.BYTE, peer, 1);
            } else {
                MPI.COMM_WORLD.Recv(buf, 0, SMALL, MPI.BYTE, peer, 1);
                MPI.COMM_WORLD.Send(buf, 0, SMALL, MPI.BYTE, peer, 1);
            }
        }
        return (System.nanoTime() - start) / (2.0 * n);
    }

    /** Cost in ns of one 8-byte Send plus its Recv by the same rank: the software path without any
     *  thread hand-off. Also reports the thread's CPU time per pair in {@code cpu[0]}, which time slicing
     *  on a loaded machine does not inflate. */
    private static double selfMessages(int n, double[] cpu) throws MPIException {
        final byte[] buf = new byte[SMALL];
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        final long cpuStart = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
        final long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            MPI.COMM_WORLD.Send(buf, 0, SMALL, MPI.BYTE, 0, 1);
            MPI.COMM_WORLD.Recv(buf, 0, SMALL, MPI.BYTE, 0, 1);
        }
        final long wall = System.nanoTime() - start;
        cpu[0] = cpuTime ? (threads.getCurrentThreadCpuTime() - cpuStart) / (double) n : Double.NaN;
        return wall / (double) n;
    }

    /** MB/s (10^6 bytes) of {@code n} windows of {@link #WINDOW} 1 MiB messages, rank 0 to rank 1. */
    private static double stream(int rank, int n) throws MPIException {
        final byte[] buf = new byte[LARGE];
        final byte[] ack = new byte[1];
        final Request[] reqs = new Request[WINDOW];
        final long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            for (int w = 0; w < WINDOW; w++) {
                reqs[w] = rank == 0
                        ? MPI.COMM_WORLD.Isend(buf, 0, LARGE, MPI.BYTE, 1, 2)
                        : MPI.COMM_WORLD.Irecv(buf, 0, LARGE, MPI.BYTE, 0, 2);
            }
            Request.Waitall(reqs);
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, 1, 3);
            } else {
                MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, 0, 3);
            }
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        return (double) n * WINDOW * LARGE / seconds / 1e6;
    }

    /** MB/s of plain 1 MiB array copies, as many as {@link #stream} moves. */
    private static double arraycopy(int n) {
        final byte[] src = new byte[LARGE];
        final byte[] dst = new byte[LARGE];
        final long start = System.nanoTime();
        for (int i = 0; i < n * WINDOW; i++) {
            src[i & (LARGE - 1)] = (byte) i; // keep the copies from being optimised away
            System.arraycopy(src, 0, dst, 0, LARGE);
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        if (dst[0] == 42 && dst[1] == 42) {
            System.out.print("");
        }
        return (double) n * WINDOW * LARGE / seconds / 1e6;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double median(double[] values) {
        final double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    private static void check(JobResult r) {
        if (!r.succeeded()) {
            throw new UserError(r.message(), r.exitCode());
        }
    }
}
