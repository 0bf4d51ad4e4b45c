package bamboo.bench.aeron;

import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Two-rank OSU-style ping-pong (one-way latency of 8-byte messages) and streaming bandwidth (1 MiB
 * messages, a window of 16 non-blocking sends, then an ack); rank 0 prints the median of the repeats as
 * {@code metric <label>_<name> <value> <unit>}. Args: label, ping-pongs per repeat, windows per repeat,
 * repeats.
 */
public final class PingPong {
    private static final int SMALL = 8;
    private static final int LARGE = 1 << 20;
    private static final int WINDOW = 16;

    private PingPong() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final String label = args[0];
        final int pings = Integer.parseInt(args[1]);
        final int windows = Integer.parseInt(args[2]);
        final int repeats = Integer.parseInt(args[3]);
        final int rank = MPI.COMM_WORLD.Rank();
        final double[] lat = new double[repeats];
        final double[] bw = new double[repeats];
        latency(rank, pings / 10); // warm-up
        bandwidth(rank, Math.max(1, windows / 5));
        for (int r = 0; r < repeats; r++) {
            lat[r] = latency(rank, pings);
            bw[r] = bandwidth(rank, windows);
        }
        if (rank == 0) {
            Arrays.sort(lat);
            Arrays.sort(bw);
            System.out.printf(Locale.ROOT, "metric %s_pingpong_latency_8B %.2f us%n", label, lat[repeats / 2]);
            System.out.printf(Locale.ROOT, "metric %s_bandwidth_1MiB %.1f MB/s%n", label, bw[repeats / 2]);
        }
        MPI.Finalize();
    }

    /** One-way latency in microseconds. */
    private static double latency(int rank, int n) throws MPIException {
        final byte[] b = new byte[SMALL];
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(b, 0, SMALL, MPI.BYTE, 1, 1);
                MPI.COMM_WORLD.Recv(b, 0, SMALL, MPI.BYTE, 1, 1);
            } else {
                MPI.COMM_WORLD.Recv(b, 0, SMALL, MPI.BYTE, 0, 1);
                MPI.COMM_WORLD.Send(b, 0, SMALL, MPI.BYTE, 0, 1);
            }
        }
        return (System.nanoTime() - t0) / 1e3 / n / 2;
    }

    /** Streaming bandwidth in MB/s (10^6 bytes per second). */
    private static double bandwidth(int rank, int windows) throws MPIException {
        final byte[] b = new byte[LARGE];
        final byte[] ack = new byte[1];
        final Request[] reqs = new Request[WINDOW];
        MPI.COMM_WORLD.Barrier();
        final long t0 = System.nanoTime();
        for (int w = 0; w < windows; w++) {
            for (int i = 0; i < WINDOW; i++) {
                reqs[i] = rank == 0 ? MPI.COMM_WORLD.Isend(b, 0, LARGE, MPI.BYTE, 1, 2)
                        : MPI.COMM_WORLD.Irecv(b, 0, LARGE, MPI.BYTE, 0, 2);
            }
            Request.Waitall(reqs);
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, 1, 3);
            } else {
                MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, 0, 3);
            }
        }
        final double seconds = (System.nanoTime() - t0) / 1e9;
        return (double) windows * WINDOW * LARGE / seconds / 1e6;
    }
}
