package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.RankBody;
import bamboo.shim.job.ThreadsJob;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The collectives through the public API on the threads device, for every size 1..9 and every root. */
@Timeout(120)
class CollectivesTest {

    static void job(int n, RankBody body) {
        final JobResult r = ThreadsJob.run(JobConfig.of(n), body);
        if (!r.succeeded()) {
            throw new AssertionError(r.message() + (r.deadlockReport() != null ? "\n" + r.deadlockReport() : ""),
                    r.cause());
        }
    }

    /** String concatenation: associative but not commutative. */
    static final class Concat extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            final Object[] a = (Object[]) invec;
            final Object[] b = (Object[]) inoutvec;
            for (int i = 0; i < count; i++) {
                b[inoutoffset + i] = (String) a[inoffset + i] + b[inoutoffset + i];
            }
        }
    }

    private static String ranks(int from, int to) {
        final StringBuilder sb = new StringBuilder();
        for (int r = from; r <= to; r++) {
            sb.append('<').append(r).append('>');
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void barrierBcastReduceEveryRoot(int n) {
        job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            assertEquals(n, size);
            w.Barrier();
            final Op concat = new Op(new Concat(), false);
            for (int root = 0; root < n; root++) {
                final double[] pair = rank == root ? new double[] {0, 0, root + 0.5, -root} : new double[4];
                w.Bcast(pair, 1, 1, MPI.DOUBLE2, root);
                assertArrayEquals(new double[] {0, 0, root + 0.5, -root}, pair, 0.0);

                final Object[] obj = {rank == root ? Arrays.asList("from", root) : null};
                w.Bcast(obj, 0, 1, MPI.OBJECT, root);
                assertEquals(Arrays.asList("from", root), obj[0]);

                final int[] sum = new int[2];
                w.Reduce(new int[] {rank, 1}, 0, sum, 0, 2, MPI.INT, MPI.SUM, root);
                if (rank == root) {
                    assertArrayEquals(new int[] {n * (n - 1) / 2, n}, sum);
                }
                final Object[] word = new Object[1];
                w.Reduce(new Object[] {"<" + rank + ">"}, 0, word, 0, 1, MPI.OBJECT, concat, root);
                if (rank == root) {
                    assertEquals(ranks(0, n - 1), word[0]);
                }
            }
            w.Barrier();
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 5, 6, 7, 8, 9})
    void allreduceEveryPredefinedOpAndType(int n) {
        job(n, (rank, size) -> {
            for (Op op : new Op[] {MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN, MPI.LAND, MPI.LOR, MPI.LXOR, MPI.BAND,
                    MPI.BOR, MPI.BXOR}) {
                for (Datatype t : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG,
                        MPI.FLOAT, MPI.DOUBLE}) {
                    if (!((bamboo.shim.coll.PredefinedOp) op.reduction("test")).accepts(t)) {
                        continue;
                    }
                    final Object mine = Values.of(t, rank, 5);
                    final Object got = Values.of(t, -1, 5);
                    MPI.COMM_WORLD.Allreduce(mine, 0, got, 0, 5, t, op);
                    Object expected = Values.of(t, n - 1, 5);
                    for (int r = n - 2; r >= 0; r--) {
                        op.Call(Values.of(t, r, 5), 0, expected, 0, 5, t);
                    }
                    assertTrue(Values.equal(expected, got), op + " on " + t + ": " + Values.show(got) + " expected "
                            + Values.show(expected));
                }
            }
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 7, 9})
    void locationOpsScanAndReduceScatter(int n) {
        job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            // Value rank % 3: the maximum 2 is held by ranks 2, 5, 8; the smallest index wins.
            final int[] loc = new int[2];
            w.Allreduce(new int[] {rank % 3, rank}, 0, loc, 0, 1, MPI.INT2, MPI.MAXLOC);
            assertArrayEquals(n > 2 ? new int[] {2, 2} : new int[] {n - 1, n - 1}, loc);
            final double[] dl = new double[2];
            w.Allreduce(new double[] {-(rank % 3), rank}, 0, dl, 0, 1, MPI.DOUBLE2, MPI.MINLOC);
            assertArrayEquals(n > 2 ? new double[] {-2, 2} : new double[] {-(n - 1), n - 1}, dl, 0.0);

            final long[] prefix = new long[1];
            w.Scan(new long[] {rank + 1}, 0, prefix, 0, 1, MPI.LONG, MPI.SUM);
            assertEquals((long) (rank + 1) * (rank + 2) / 2, prefix[0]);
            final Object[] words = new Object[1];
            w.Scan(new Object[] {"<" + rank + ">"}, 0, words, 0, 1, MPI.OBJECT, new Op(new Concat(), false));
            assertEquals(ranks(0, rank), words[0]);

            final int[] counts = IntStream.range(0, n).map(i -> i % 3).toArray();
            final int total = Arrays.stream(counts).sum();
            final int[] all = IntStream.range(0, total).map(i -> i * (rank + 1)).toArray();
            final int[] part = new int[counts[rank] + 1];
            w.Reduce_scatter(all, 0, part, 1, counts, MPI.INT, MPI.SUM);
            final int first = Arrays.stream(counts).limit(rank).sum();
            for (int k = 0; k < counts[rank]; k++) {
                assertEquals((first + k) * n * (n + 1) / 2, part[1 + k]);
            }
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void gatherScatterAllgatherAlltoall(int n) {
        job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            for (int root = 0; root < n; root++) {
                final long[] all = new long[2 * n + 1];
                w.Gather(new long[] {rank, -rank}, 0, 1, MPI.LONG2, all, 1, 2, MPI.LONG, root);
                if (rank == root) {
                    for (int i = 0; i < n; i++) {
                        assertEquals(i, all[1 + 2 * i]);
                        assertEquals(-i, all[2 + 2 * i]);
                    }
                }
                final Object[] objects = new Object[n + 1];
                w.Gather(new Object[] {new int[] {rank, root}}, 0, 1, MPI.OBJECT, objects, 1, 1, MPI.OBJECT, root);
                if (rank == root) {
                    for (int i = 0; i < n; i++) {
                        assertArrayEquals(new int[] {i, root}, (int[]) objects[1 + i]);
                    }
                }
                final Object[] table = IntStream.range(0, n).mapToObj(i -> "to " + i).toArray();
                final Object[] got = new Object[1];
                w.Scatter(rank == root ? table : null, 0, 1, MPI.OBJECT, got, 0, 1, MPI.OBJECT, root);
                assertEquals("to " + rank, got[0]);
            }
            final Object[] names = new Object[n];
            w.Allgather(new Object[] {"r" + rank}, 0, 1, MPI.OBJECT, names, 0, 1, MPI.OBJECT);
            assertArrayEquals(IntStream.range(0, n).mapToObj(i -> "r" + i).toArray(), names);

            for (int block : new int[] {1, 3000}) {   // Bruck for small blocks, pairwise for large ones
                final int[] send = new int[block * n];
                for (int d = 0; d < n; d++) {
                    Arrays.fill(send, d * block, (d + 1) * block, 100 * rank + d);
                }
                final int[] recv = new int[block * n];
                w.Alltoall(send, 0, block, MPI.INT, recv, 0, block, MPI.INT);
                for (int s = 0; s < n; s++) {
                    assertEquals(100 * s + rank, recv[s * block]);
                    assertEquals(100 * s + rank, recv[(s + 1) * block - 1]);
                }
            }
            final Object[] mail = IntStream.range(0, n).mapToObj(d -> rank + "->" + d).toArray();
            final Object[] box = new Object[n];
            w.Alltoall(mail, 0, 1, MPI.OBJECT, box, 0, 1, MPI.OBJECT);
            assertArrayEquals(IntStream.range(0, n).mapToObj(s -> s + "->" + rank).toArray(), box);
        });
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 3, 4, 6, 9})
    void vectorVariants(int n) {
        final int[] counts = IntStream.range(0, n).map(i -> (i + 1) % 3).toArray();
        final int[] displs = new int[n];
        for (int i = n - 2; i >= 0; i--) {
            displs[i] = displs[i + 1] + counts[i + 1];    // blocks stored in reverse rank order
        }
        final int total = Arrays.stream(counts).sum();
        job(n, (rank, size) -> {
            final Intracomm w = MPI.COMM_WORLD;
            final float[] mine = new float[counts[rank]];
            Arrays.fill(mine, rank + 0.25f);
            final float[] expected = new float[total];
            for (int i = 0; i < n; i++) {
                Arrays.fill(expected, displs[i], displs[i] + counts[i], i + 0.25f);
            }
            for (int root = 0; root < n; root++) {
                final float[] all = new float[total];
                w.Gatherv(mine, 0, counts[rank], MPI.FLOAT, all, 0, counts, displs, MPI.FLOAT, root);
                if (rank == root) {
                    assertArrayEquals(expected, all);
                }
                final float[] back = new float[counts[rank]];
                w.Scatterv(expected, 0, counts, displs, MPI.FLOAT, back, 0, counts[rank], MPI.FLOAT, root);
                assertArrayEquals(mine, back);
            }
            final float[] everywhere = new float[total];
            w.Allgatherv(mine, 0, counts[rank], MPI.FLOAT, everywhere, 0, counts, displs, MPI.FLOAT);
            assertArrayEquals(expected, everywhere);

            // Rank s sends s + d items of value 10 * s + d to rank d.
            final int[] sc = IntStream.range(0, n).map(d -> rank + d).toArray();
            final int[] sd = new int[n];
            final int[] rc = IntStream.range(0, n).map(s -> s + rank).toArray();
            final int[] rd = new int[n];
            for (int i = 1; i < n; i++) {
                sd[i] = sd[i - 1] + sc[i - 1];
                rd[i] = rd[i - 1] + rc[i - 1];
            }
            final short[] out = new short[Arrays.stream(sc).sum()];
            for (int d = 0; d < n; d++) {
                Arrays.fill(out, sd[d], sd[d] + sc[d], (short) (10 * rank + d));
            }
            final short[] in = new short[Arrays.stream(rc).sum()];
            w.Alltoallv(out, 0, sc, sd, MPI.SHORT, in, 0, rc, rd, MPI.SHORT);
            for (int s = 0; s < n; s++) {
                for (int k = 0; k < rc[s]; k++) {
                    assertEquals(10 * s + rank, in[rd[s] + k]);
                }
            }
        });
    }
}
