package bamboo.bench.osu;

import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The OSU-style measurement as an MPI program of two ranks, against the {@code mpi} API only, so the same
 * class runs on every device (threads, aeron, the native one); {@code osu.c} next to it is the same program
 * in C. For each message size: one-way latency of a blocking ping-pong (half the round trip, averaged
 * after a warm-up), and streaming bandwidth (windows of non-blocking sends answered by a one-byte
 * acknowledgement, as OSU's osu_bw). Rank 0 prints one line per size: {@code osu SIZE LATENCY_US MB_PER_S}
 * (MB = 10^6 bytes). Args: sizes in bytes, comma-separated; {@code quick} or {@code full}.
 */
public final class OsuProgram {
    /** Messages in flight per bandwidth window: OSU's 64 for small messages, 16 from 64 KiB (whose windows
     *  would otherwise hold 64 MiB and more in the receiver's unexpected queue). */
    static int window(int size) {
        return size < 64 * 1024 ? 64 : 16;
    }

    /** Ping-pongs at {@code size}: as many as small ones, and about the same bytes as 8 KiB ones above. */
    static int pingPongs(int size, boolean quick) {
        final int base = quick ? 2_000 : 10_000;
        return size <= 8192 ? base : Math.max(quick ? 10 : 40, (int) ((long) base * 8192 / size));
    }

    /** Bandwidth windows at {@code size}: about 64 MiB of messages (256 MiB in full), at least 5, at most 1000. */
    static int windows(int size, boolean quick) {
        final long bytes = (quick ? 64L : 256L) << 20;
        return (int) Math.max(5, Math.min(quick ? 200 : 1000, bytes / ((long) window(size) * Math.max(1, size))));
    }

    private OsuProgram() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final String[] sizes = args[0].split(",");
        final boolean quick = args.length < 2 || !args[1].equals("full");
        final int me = MPI.COMM_WORLD.Rank();
        if (MPI.COMM_WORLD.Size() != 2) {
            throw new IllegalArgumentException("the OSU bench runs on exactly 2 ranks, not " + MPI.COMM_WORLD.Size());
        }
        for (String s : sizes) {
            final int size = Integer.parseInt(s.trim());
            final byte[] buf = new byte[size];
            final int n = pingPongs(size, quick);
            latency(me, buf, Math.max(2, n / 10)); // warm-up
            final double us = latency(me, buf, n);
            final int w = windows(size, quick);
            bandwidth(me, buf, Math.max(1, w / 10));
            final double mbps = bandwidth(me, buf, w);
            if (me == 0) {
                System.out.printf(Locale.ROOT, "osu %d %.3f %.4f%n", size, us, mbps);
                System.out.flush();
            }
        }
        MPI.Finalize();
    }

    /** Microseconds one way, averaged over {@code n} round trips. */
    private static double latency(int me, byte[] buf, int n) throws MPIException {
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (me == 0) {
                MPI.COMM_WORLD.Send(buf, 0, buf.length, MPI.BYTE, 1, 1);
                MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.BYTE, 1, 1);
            } else {
                MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.BYTE, 0, 1);
                MPI.COMM_WORLD.Send(buf, 0, buf.length, MPI.BYTE, 0, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / n / 2;
    }

    /** MB/s from rank 0 to rank 1 over {@code windows} windows. */
    private static double bandwidth(int me, byte[] buf, int windows) throws MPIException {
        final int w = window(buf.length);
        final Request[] requests = new Request[w];
        final byte[] ack = new byte[1];
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int k = 0; k < windows; k++) {
            for (int i = 0; i < w; i++) {
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
        return (double) windows * w * buf.length / ((System.nanoTime() - t0) / 1e9) / 1e6;
    }
}
