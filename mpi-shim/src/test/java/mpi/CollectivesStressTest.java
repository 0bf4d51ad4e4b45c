package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A random sequence of collectives (the same on every rank, as MPI requires) over several communicators
 * at once, interleaved with point-to-point traffic on the same communicators with colliding tags, over
 * a simulated interconnect whose delays let messages of different calls overtake each other in flight.
 */
@Timeout(120)
class CollectivesStressTest {

    @Test
    void randomCollectivesOnOverlappingCommunicators() {
        final int n = 6;
        final JobConfig config = JobConfig.of(n).withNodes(3).withLatencyNanos(2_000).withBandwidth(2e9);
        final JobResult r = ThreadsJob.run(config, (rank, size) -> {
            final Intracomm world = MPI.COMM_WORLD;
            final Intracomm[] comms = {world, world.Split(rank % 2, rank), world.Dup(), world.Split(0, -rank)};
            final Random same = new Random(42);            // the same choices on every rank
            for (int step = 0; step < 150; step++) {
                final Intracomm c = comms[same.nextInt(comms.length)];
                final int me = c.Rank();
                final int sz = c.Size();
                final int root = same.nextInt(sz <= 0 ? 1 : Math.min(sz, 3));
                final int len = 1 + same.nextInt(40);
                // A user message with tag 0 in flight to the right neighbour while the collective runs.
                final Request userSend = c.Isend(new int[] {step}, 0, 1, MPI.INT, (me + 1) % sz, 0);
                switch (same.nextInt(5)) {
                    case 0: {
                        final long[] buf = new long[len];
                        if (me == root) {
                            java.util.Arrays.fill(buf, step * 1000L + root);
                        }
                        c.Bcast(buf, 0, len, MPI.LONG, root);
                        assertEquals(step * 1000L + root, buf[len - 1]);
                        break;
                    }
                    case 1: {
                        final int[] out = new int[len];
                        final int[] in = new int[len];
                        java.util.Arrays.fill(in, me + step);
                        c.Allreduce(in, 0, out, 0, len, MPI.INT, MPI.SUM);
                        assertEquals(sz * (sz - 1) / 2 + sz * step, out[0]);
                        break;
                    }
                    case 2: {
                        final int[] all = new int[sz];
                        c.Gather(new int[] {me * step}, 0, 1, MPI.INT, all, 0, 1, MPI.INT, root);
                        if (me == root) {
                            for (int i = 0; i < sz; i++) {
                                assertEquals(i * step, all[i]);
                            }
                        }
                        break;
                    }
                    case 3: {
                        final double[] send = new double[sz * 2];
                        for (int d = 0; d < sz; d++) {
                            send[2 * d] = me;
                            send[2 * d + 1] = d + step;
                        }
                        final double[] recv = new double[sz * 2];
                        c.Alltoall(send, 0, 2, MPI.DOUBLE, recv, 0, 2, MPI.DOUBLE);
                        for (int s = 0; s < sz; s++) {
                            assertArrayEquals(new double[] {s, me + step}, new double[] {recv[2 * s], recv[2 * s + 1]});
                        }
                        break;
                    }
                    default:
                        c.Barrier();
                        break;
                }
                final int[] got = new int[1];
                c.Recv(got, 0, 1, MPI.INT, (me + sz - 1) % sz, 0);
                assertEquals(step, got[0], "user message of step " + step);
                userSend.Wait();
            }
        });
        if (!r.succeeded()) {
            throw new AssertionError(r.message() + (r.deadlockReport() != null ? "\n" + r.deadlockReport() : ""),
                    r.cause());
        }
    }
}
