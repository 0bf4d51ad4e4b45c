import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * OSU-style ping-pong between ranks 0 and 1, written against the mpi API only, so the same source runs on
 * every device (threads, aeron, native MPI): 8-byte one-way latency, 1 MiB ping-pong bandwidth (bytes over
 * the one-way time) and 1 MiB streaming bandwidth (a window of Isend/Irecv, then a 1-byte acknowledgement).
 * Rank 0 prints the median of the repeats as {@code metric <name> <value> <unit>} lines, as pingpong.c does.
 * Usage: PingPong [--quick]
 */
public final class PingPong {
    private static final int SMALL = 8;
    private static final int LARGE = 1 << 20;
    private static final int WINDOW = 16;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final boolean quick = Arrays.asList(args).contains("--quick");
        final int repeats = quick ? 3 : 5;
        final int smallIters = quick ? 20_000 : 100_000;
        final int largeIters = quick ? 50 : 200;
        final int windows = quick ? 10 : 40;
        final int me = MPI.COMM_WORLD.Rank();
        final byte[] small = new byte[SMALL];
        final byte[] large = new byte[LARGE];
        final double[] latency = new double[repeats];
        final double[] pingpong = new double[repeats];
        final double[] stream = new double[repeats];
        final double[] self = new double[repeats];
        // Warm-up long enough for the JIT to have compiled the calls on a loaded machine.
        pingPong(me, small, smallIters);
        self(me, small, 2 * smallIters);
        pingPong(me, large, largeIters / 4);
        for (int r = 0; r < repeats; r++) {
            latency[r] = pingPong(me, small, smallIters) * 1e6;
            pingpong[r] = LARGE / pingPong(me, large, largeIters) / 1e6;
            stream[r] = stream(me, large, windows);
            self[r] = self(me, small, smallIters);
        }
        if (me == 0) {
            System.out.printf(Locale.ROOT, "metric latency_8B %.3f us%n", median(latency));
            System.out.printf(Locale.ROOT, "metric pingpong_1MiB %.0f MB/s%n", median(pingpong));
            System.out.printf(Locale.ROOT, "metric stream_1MiB %.0f MB/s%n", median(stream));
            System.out.printf(Locale.ROOT, "metric self_8B_cpu %.3f us%n", median(self));
        }
        MPI.Finalize();
    }

    /** Seconds one way, averaged over {@code iters} round trips. */
    private static double pingPong(int me, byte[] buf, int iters) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (me == 0) {
                MPI.COMM_WORLD.Send(buf, 0, buf.length, MPI.BYTE, 1, 1);
                MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.BYTE, 1, 1);
            } else if (me == 1) {
                MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.BYTE, 0, 1);
                MPI.COMM_WORLD.Send(buf, 0, buf.length, MPI.BYTE, 0, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e9 / iters / 2;
    }

    /** MB/s of a stream of windows of {@link #WINDOW} messages from rank 0 to rank 1. */
    private static double stream(int me, byte[] buf, int windows) throws MPIException {
        final Request[] requests = new Request[WINDOW];
        final byte[] ack = new byte[1];
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int w = 0; w < windows; w++) {
            for (int i = 0; i < WINDOW; i++) {
                requests[i] = me == 0 ? MPI.COMM_WORLD.Isend(buf, 0, buf.length, MPI.BYTE, 1, 2)
                        : MPI.COMM_WORLD.Irecv(buf, 0, buf.length, MPI.BYTE, 0, 2);
            }
            Request.Waitall(requests);
            if (me == 0) {
                MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, 1, 3);
            } else {
                MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, 0, 3);
            }
        }
        return (double) LARGE * WINDOW * windows / ((System.nanoTime() - t0) / 1e9) / 1e6;
    }

    /**
     * CPU time of rank 0's thread per 8-byte Sendrecv with itself, in microseconds: the cost of the calls
     * themselves, which scheduling on a loaded machine does not inflate the way it does a ping-pong's
     * wall time.
     */
    private static double self(int me, byte[] buf, int iters) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        double us = 0;
        if (me == 0) {
            final byte[] in = new byte[buf.length];
            final java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            final long t0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < iters; i++) {
                MPI.COMM_WORLD.Sendrecv(buf, 0, buf.length, MPI.BYTE, 0, 4, in, 0, in.length, MPI.BYTE, 0, 4);
            }
            us = (mx.getCurrentThreadCpuTime() - t0) / 1e3 / iters;
        }
        MPI.COMM_WORLD.Barrier();
        return us;
    }

    private static double median(double[] v) {
        final double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
