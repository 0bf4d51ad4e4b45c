package bamboo.shim.launch.programs;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** Point-to-point matching, collectives and a halo exchange; rank 0 prints what every rank saw. */
public final class Suite {
    private Suite() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final StringBuilder out = new StringBuilder();
        matching(rank, size, out);
        types(rank, size, out);
        large(rank, size, out);
        collectives(rank, size, out);
        out.append("halo checksum ").append(Halo.run(rank, size, 64, 40)).append('\n');
        // every rank's report, printed by rank 0 in rank order
        final byte[] mine = out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        final int[] len = new int[size];
        MPI.COMM_WORLD.Gather(new int[] {mine.length}, 0, 1, MPI.INT, len, 0, 1, MPI.INT, 0);
        if (rank == 0) {
            System.out.print("rank 0\n" + out);
            for (int r = 1; r < size; r++) {
                final byte[] b = new byte[len[r]];
                MPI.COMM_WORLD.Recv(b, 0, b.length, MPI.BYTE, r, 99);
                System.out.print("rank " + r + "\n" + new String(b, java.nio.charset.StandardCharsets.UTF_8));
            }
        } else {
            MPI.COMM_WORLD.Send(mine, 0, mine.length, MPI.BYTE, 0, 99);
        }
        MPI.Finalize();
    }

    /** Tags, ANY_SOURCE / ANY_TAG, non-overtaking, probe, synchronous and non-blocking sends. */
    private static void matching(int rank, int size, StringBuilder out) throws MPIException {
        final int right = (rank + 1) % size;
        final int left = (rank + size - 1) % size;
        // 20 messages with one tag must arrive in send order; tags 7 and 8 are received in reverse
        final Request[] sends = new Request[22];
        for (int i = 0; i < 20; i++) {
            sends[i] = MPI.COMM_WORLD.Isend(new int[] {rank * 1000 + i}, 0, 1, MPI.INT, right, 5);
        }
        sends[20] = MPI.COMM_WORLD.Isend(new int[] {7}, 0, 1, MPI.INT, right, 7);
        sends[21] = MPI.COMM_WORLD.Isend(new int[] {8}, 0, 1, MPI.INT, right, 8);
        final int[] got = new int[1];
        MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, left, 8);
        out.append("tag 8 first: ").append(got[0]);
        MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, left, 7);
        out.append(", then tag 7: ").append(got[0]).append('\n');
        boolean ordered = true;
        for (int i = 0; i < 20; i++) {
            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, left, 5);
            ordered &= got[0] == left * 1000 + i;
        }
        Request.Waitall(sends);
        out.append("20 messages in order: ").append(ordered).append('\n');
        // everyone sends to rank 0; rank 0 receives with ANY_SOURCE after probing
        if (rank == 0) {
            int sum = 0;
            final boolean[] seen = new boolean[size];
            for (int i = 1; i < size; i++) {
                // the oldest message of that sender matching ANY_TAG is its tag-40 one (non-overtaking)
                final Status p = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 40);
                final Status s = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, p.source, MPI.ANY_TAG);
                seen[s.source] = s.tag == 40 && got[0] == s.source * s.source;
                sum += got[0];
            }
            out.append("any-source sum ").append(sum).append(", all seen ")
                    .append(Arrays.toString(Arrays.copyOfRange(seen, 1, size))).append('\n');
        } else {
            MPI.COMM_WORLD.Ssend(new int[] {rank * rank}, 0, 1, MPI.INT, 0, 40);
        }
        final int[] token = {rank};
        final Status s = MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, right, 3, left, 3);
        out.append("sendrecv got ").append(token[0]).append(" from ").append(s.source).append('\n');
    }

    /** Every datatype, including objects, crosses unchanged. */
    private static void types(int rank, int size, StringBuilder out) throws MPIException {
        final int right = (rank + 1) % size;
        final int left = (rank + size - 1) % size;
        final Request[] r = {
            MPI.COMM_WORLD.Isend(new byte[] {1, -2, 3}, 0, 3, MPI.BYTE, right, 1),
            MPI.COMM_WORLD.Isend(new char[] {'a', 'é', '\u20ac'}, 0, 3, MPI.CHAR, right, 2),
            MPI.COMM_WORLD.Isend(new short[] {-5, 300}, 0, 2, MPI.SHORT, right, 3),
            MPI.COMM_WORLD.Isend(new boolean[] {true, false, true}, 0, 3, MPI.BOOLEAN, right, 4),
            MPI.COMM_WORLD.Isend(new long[] {Long.MIN_VALUE, 42L << 40}, 0, 2, MPI.LONG, right, 5),
            MPI.COMM_WORLD.Isend(new float[] {1.5f, Float.NaN}, 0, 2, MPI.FLOAT, right, 6),
            MPI.COMM_WORLD.Isend(new double[] {0, 1, 2, Math.PI, -0.0}, 3, 2, MPI.DOUBLE, right, 7),
            MPI.COMM_WORLD.Isend(new Object[] {"from " + rank, Arrays.asList(1, 2)}, 0, 2, MPI.OBJECT, right, 8),
        };
        final byte[] b = new byte[3];
        final char[] c = new char[3];
        final short[] sh = new short[2];
        final boolean[] z = new boolean[3];
        final long[] l = new long[2];
        final float[] f = new float[2];
        final double[] d = new double[4];
        final Object[] o = new Object[2];
        MPI.COMM_WORLD.Recv(b, 0, 3, MPI.BYTE, left, 1);
        MPI.COMM_WORLD.Recv(c, 0, 3, MPI.CHAR, left, 2);
        MPI.COMM_WORLD.Recv(sh, 0, 2, MPI.SHORT, left, 3);
        MPI.COMM_WORLD.Recv(z, 0, 3, MPI.BOOLEAN, left, 4);
        MPI.COMM_WORLD.Recv(l, 0, 2, MPI.LONG, left, 5);
        MPI.COMM_WORLD.Recv(f, 0, 2, MPI.FLOAT, left, 6);
        final Status ds = MPI.COMM_WORLD.Recv(d, 1, 3, MPI.DOUBLE, left, 7);
        MPI.COMM_WORLD.Recv(o, 0, 2, MPI.OBJECT, left, 8);
        Request.Waitall(r);
        out.append("types ").append(Arrays.toString(b)).append(new String(c)).append(Arrays.toString(sh))
                .append(Arrays.toString(z)).append(Arrays.toString(l)).append(Arrays.toString(f))
                .append(Arrays.toString(d)).append(" count ").append(ds.Get_count(MPI.DOUBLE)).append(' ')
                .append(Arrays.toString(o)).append('\n');
    }

    /** A message far above the transport's chunk size (and the eager limit) arrives whole. */
    private static void large(int rank, int size, StringBuilder out) throws MPIException {
        final int n = 300_000;
        final double[] send = new double[n];
        for (int i = 0; i < n; i++) {
            send[i] = rank + i * 0.5;
        }
        final double[] recv = new double[n];
        final int right = (rank + 1) % size;
        final int left = (rank + size - 1) % size;
        MPI.COMM_WORLD.Sendrecv(send, 0, n, MPI.DOUBLE, right, 11, recv, 0, n, MPI.DOUBLE, left, 11);
        boolean ok = true;
        for (int i = 0; i < n; i++) {
            ok &= recv[i] == left + i * 0.5;
        }
        out.append("large message of ").append(n).append(" doubles intact: ").append(ok).append('\n');
    }

    private static void collectives(int rank, int size, StringBuilder out) throws MPIException {
        final int[] b = {rank == 1 % size ? 1234 : 0};
        MPI.COMM_WORLD.Bcast(b, 0, 1, MPI.INT, 1 % size);
        final double[] sum = new double[2];
        MPI.COMM_WORLD.Allreduce(new double[] {rank, rank * rank}, 0, sum, 0, 2, MPI.DOUBLE, MPI.SUM);
        final int[] max = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {(rank * 7) % 5}, 0, max, 0, 1, MPI.INT, MPI.MAX);
        final int[] all = new int[size];
        MPI.COMM_WORLD.Allgather(new int[] {rank * 10}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        final int[] a2a = new int[size];
        final int[] mine = new int[size];
        for (int i = 0; i < size; i++) {
            mine[i] = rank * 100 + i;
        }
        MPI.COMM_WORLD.Alltoall(mine, 0, 1, MPI.INT, a2a, 0, 1, MPI.INT);
        final long[] scan = new long[1];
        MPI.COMM_WORLD.Scan(new long[] {rank + 1}, 0, scan, 0, 1, MPI.LONG, MPI.SUM);
        MPI.COMM_WORLD.Barrier();
        final mpi.Intracomm half = MPI.COMM_WORLD.Split(rank % 2, -rank);
        final int[] hsum = new int[1];
        half.Allreduce(new int[] {rank}, 0, hsum, 0, 1, MPI.INT, MPI.SUM);
        out.append("bcast ").append(b[0]).append(", allreduce ").append(Arrays.toString(sum)).append(", max ")
                .append(max[0]).append(", allgather ").append(Arrays.toString(all)).append(", alltoall ")
                .append(Arrays.toString(a2a)).append(", scan ").append(scan[0]).append(", split rank ")
                .append(half.Rank()).append('/').append(half.Size()).append(" sum ").append(hsum[0]).append('\n');
        half.Free();
    }
}
