package bamboo.bench.apps;

import java.util.Arrays;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Tiny MPI programs timed one after the other, for comparing MPI libraries operation by operation
 * ({@link MicroBench}). Plain mpiJava 1.2 with nothing but the JDK besides {@code mpi.*}, so the same
 * compiled class runs on our shim and on MPJ Express. Two ranks; rank 0 prints one line per operation:
 * {@code micro <op> <ns per operation>}, the median of {@link #CHUNKS} timed chunks after a warm-up.
 *
 * <p>The operations: {@code latency} (8-byte ping-pong, one way), {@code bw64k} and {@code bw1m}
 * (streaming: a window of non-blocking sends, then a 1-byte acknowledgement; time per message),
 * {@code halo} (each rank posts two {@code Irecv}s and two {@code Isend}s of 8 KiB to the other and
 * {@code Waitall}s the four), {@code allreduce} (one double, SUM), {@code barrier}.
 *
 * <p>Arguments ({@code key=value}): {@code ops} (comma list, default all), {@code scale} (multiplies the
 * iteration counts, default 1).
 */
public final class MicroOps {
    /** The operations, in the order they run. */
    public static final String[] ALL = {"latency", "bw64k", "bw1m", "halo", "halo128k", "allreduce", "barrier"};
    /** Timed chunks per operation; the median is printed. */
    static final int CHUNKS = 5;
    /** The prefix of a result line. */
    public static final String PREFIX = "micro ";

    private static final int TAG = 7;
    private static final int WINDOW = 16;

    private final int rank;
    private final int peer;

    private MicroOps(int rank) {
        this.rank = rank;
        this.peer = 1 - rank;
    }

    public static void main(String[] args) throws MPIException {
        String[] argv = MPI.Init(args);
        String[] ops = ALL;
        double scale = 1;
        for (String a : argv) {
            if (a.startsWith("ops=")) {
                ops = a.substring(4).split(",");
            } else if (a.startsWith("scale=")) {
                scale = Double.parseDouble(a.substring(6));
            } else {
                throw new IllegalArgumentException("MicroOps: unknown argument " + a + " (ops=LIST, scale=X)");
            }
        }
        if (MPI.COMM_WORLD.Size() != 2) {
            throw new IllegalArgumentException("MicroOps: needs exactly 2 ranks, got " + MPI.COMM_WORLD.Size());
        }
        MicroOps m = new MicroOps(MPI.COMM_WORLD.Rank());
        for (String op : ops) {
            double ns = m.measure(op, scale);
            if (m.rank == 0) {
                System.out.println(String.format(Locale.ROOT, "%s%s %.1f", PREFIX, op, ns));
            }
        }
        MPI.Finalize();
    }

    /** Median over the chunks of the time per operation, in ns (both ranks compute it; rank 0 prints). */
    private double measure(String op, double scale) throws MPIException {
        int iters = Math.max(1, (int) (scale * iterations(op)));
        run(op, Math.max(1, iters / 2)); // warm-up: the JIT compiles the paths before anything counts
        double[] perOp = new double[CHUNKS];
        for (int c = 0; c < CHUNKS; c++) {
            MPI.COMM_WORLD.Barrier();
            long t0 = System.nanoTime();
            run(op, iters);
            perOp[c] = (System.nanoTime() - t0) / (double) (iters * divisor(op));
        }
        Arrays.sort(perOp);
        return perOp[CHUNKS / 2];
    }

    private static int iterations(String op) {
        switch (op) {
            case "latency": return 4000;
            case "bw64k": return 200;
            case "bw1m": return 15;
            case "halo": return 2000;
            case "halo128k": return 300;
            case "allreduce": return 3000;
            case "barrier": return 3000;
            default: throw new IllegalArgumentException("MicroOps: unknown operation " + op
                    + " (known: " + String.join(",", ALL) + ")");
        }
    }

    /** Operations per iteration: a ping-pong is two one-way trips, a window is WINDOW messages. */
    private static int divisor(String op) {
        switch (op) {
            case "latency": return 2;
            case "bw64k":
            case "bw1m": return WINDOW;
            default: return 1;
        }
    }

    private void run(String op, int iters) throws MPIException {
        switch (op) {
            case "latency": pingPong(iters); break;
            case "bw64k": stream(iters, 64 * 1024); break;
            case "bw1m": stream(iters, 1024 * 1024); break;
            case "halo": halo(iters); break;
            case "halo128k": face(iters); break;
            case "allreduce": allreduce(iters); break;
            case "barrier": barrier(iters); break;
            default: iterations(op); // throws
        }
    }

    private final byte[] eight = new byte[8];

    private void pingPong(int iters) throws MPIException {
        for (int i = 0; i < iters; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.Send(eight, 0, 8, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Recv(eight, 0, 8, MPI.BYTE, peer, TAG);
            } else {
                MPI.COMM_WORLD.Recv(eight, 0, 8, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Send(eight, 0, 8, MPI.BYTE, peer, TAG);
            }
        }
    }

    private byte[][] window;

    private void stream(int iters, int bytes) throws MPIException {
        if (window == null || window[0].length != bytes) {
            window = new byte[WINDOW][bytes];
        }
        Request[] reqs = new Request[WINDOW];
        byte[] ack = new byte[1];
        for (int i = 0; i < iters; i++) {
            for (int w = 0; w < WINDOW; w++) {
                reqs[w] = rank == 0 ? MPI.COMM_WORLD.Isend(window[w], 0, bytes, MPI.BYTE, peer, TAG)
                        : MPI.COMM_WORLD.Irecv(window[w], 0, bytes, MPI.BYTE, peer, TAG);
            }
            Request.Waitall(reqs);
            if (rank == 0) {
                MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.BYTE, peer, TAG + 1);
            } else {
                MPI.COMM_WORLD.Send(ack, 0, 1, MPI.BYTE, peer, TAG + 1);
            }
        }
    }

    private final double[][] haloOut = new double[2][1024];
    private final double[][] haloIn = new double[2][1024];

    private void halo(int iters) throws MPIException {
        Request[] reqs = new Request[4];
        for (int i = 0; i < iters; i++) {
            // Two faces to the same neighbour (a periodic 2-rank ring: left and right are both the peer).
            reqs[0] = MPI.COMM_WORLD.Irecv(haloIn[0], 0, 1024, MPI.DOUBLE, peer, 0);
            reqs[1] = MPI.COMM_WORLD.Irecv(haloIn[1], 0, 1024, MPI.DOUBLE, peer, 1);
            reqs[2] = MPI.COMM_WORLD.Isend(haloOut[0], 0, 1024, MPI.DOUBLE, peer, 1);
            reqs[3] = MPI.COMM_WORLD.Isend(haloOut[1], 0, 1024, MPI.DOUBLE, peer, 0);
            Request.Waitall(reqs);
        }
    }

    private final double[] faceOut = new double[16 * 1024];
    private final double[] faceIn = new double[16 * 1024];

    /** jacobi3d's exchange on 2 ranks: one 128 KiB face each way (the eager limit), receive posted first,
     *  {@code Waitall} on the receive and the send; whether the peer's receive is posted when a send
     *  starts is up to the timing, as in the application. */
    private void face(int iters) throws MPIException {
        Request[] reqs = new Request[2];
        for (int i = 0; i < iters; i++) {
            reqs[0] = MPI.COMM_WORLD.Irecv(faceIn, 0, faceIn.length, MPI.DOUBLE, peer, 2);
            reqs[1] = MPI.COMM_WORLD.Isend(faceOut, 0, faceOut.length, MPI.DOUBLE, peer, 2);
            Request.Waitall(reqs);
        }
    }

    private void allreduce(int iters) throws MPIException {
        double[] in = {rank + 1.0};
        double[] out = new double[1];
        for (int i = 0; i < iters; i++) {
            MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, MPI.DOUBLE, MPI.SUM);
            if (out[0] != 3.0) {
                throw new IllegalStateException("MicroOps: Allreduce gave " + out[0] + ", expected 3.0");
            }
        }
    }

    private void barrier(int iters) throws MPIException {
        for (int i = 0; i < iters; i++) {
            MPI.COMM_WORLD.Barrier();
        }
    }
}
