package bamboo.shim.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import mpi.Datatype;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every algorithm on the fake network, for every size 1..9, every root, eager and synchronous sends. */
@Timeout(120)
class AlgorithmsTest {

    static Stream<Arguments> sizes() {
        return IntStream.rangeClosed(1, 9).boxed()
                .flatMap(n -> Stream.of(Arguments.of(n, false), Arguments.of(n, true)));
    }

    /** String concatenation: associative, not commutative, so any order mistake shows. */
    static final Reduction CONCAT = new Reduction() {
        @Override
        public void check(String call, Datatype type) {
        }

        @Override
        public void combine(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
            final Object[] a = (Object[]) in;
            final Object[] b = (Object[]) inout;
            for (int i = 0; i < count; i++) {
                b[inoutOffset + i] = (String) a[inOffset + i] + b[inoutOffset + i];
            }
        }

        @Override
        public boolean commutative() {
            return false;
        }
    };

    private static String prefix(int upTo, int item) {
        final StringBuilder sb = new StringBuilder();
        for (int r = 0; r <= upTo; r++) {
            sb.append(r).append(':').append(item).append(' ');
        }
        return sb.toString();
    }

    private static Object[] tokens(int rank, int count) {
        final Object[] out = new Object[count];
        for (int i = 0; i < count; i++) {
            out[i] = rank + ":" + i + " ";
        }
        return out;
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void barrierLetsNobodyThroughEarly(int n, boolean sync) throws Exception {
        final AtomicInteger arrived = new AtomicInteger();
        FakeNetwork.run(n, sync, ch -> {
            for (int round = 1; round <= 3; round++) {
                arrived.incrementAndGet();
                Barrier.run(ch);
                assertEquals(true, arrived.get() >= round * n, "left barrier " + round + " early");
                Barrier.run(ch);
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void bcastFromEveryRoot(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            for (int root = 0; root < n; root++) {
                final int[] buf = new int[6];
                if (ch.rank() == root) {
                    for (int i = 0; i < 4; i++) {
                        buf[2 + i] = 100 * root + i;
                    }
                }
                Bcast.run(ch, buf, 2, 4, MPI.INT, root);
                assertArrayEquals(new int[] {0, 0, 100 * root, 100 * root + 1, 100 * root + 2, 100 * root + 3}, buf);
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void reduceSumAndRankOrderToEveryRoot(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            for (int root = 0; root < n; root++) {
                final long[] send = {r, 10L * r, 7};
                final long[] recv = new long[4];
                Reduce.run(ch, send, 0, recv, 1, 3, MPI.LONG, PredefinedOp.SUM, root);
                final long s = (long) n * (n - 1) / 2;
                if (r == root) {
                    assertArrayEquals(new long[] {0, s, 10 * s, 7L * n}, recv);
                }
                assertArrayEquals(new long[] {r, 10L * r, 7}, send, "send buffer untouched");
                final Object[] words = tokens(r, 2);
                final Object[] out = new Object[2];
                Reduce.run(ch, words, 0, out, 0, 2, MPI.OBJECT, CONCAT, root);
                if (r == root) {
                    assertArrayEquals(new Object[] {prefix(n - 1, 0), prefix(n - 1, 1)}, out);
                }
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void allreduceIsRankOrderedAndBitwiseIdentical(int n, boolean sync) throws Exception {
        final double[][] results = new double[n][];
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final Object[] out = new Object[3];
            Allreduce.run(ch, tokens(r, 3), 0, out, 0, 3, MPI.OBJECT, CONCAT);
            assertArrayEquals(new Object[] {prefix(n - 1, 0), prefix(n - 1, 1), prefix(n - 1, 2)}, out);

            final int[] ints = {r, 1, -r};
            final int[] sum = new int[3];
            Allreduce.run(ch, ints, 0, sum, 0, 3, MPI.INT, PredefinedOp.SUM);
            assertArrayEquals(new int[] {n * (n - 1) / 2, n, -n * (n - 1) / 2}, sum);

            final Random rnd = new Random(1000 + r);
            final double[] x = rnd.doubles(64, -1e6, 1e6).toArray();
            final double[] y = new double[64];
            Allreduce.run(ch, x, 0, y, 0, 64, MPI.DOUBLE, PredefinedOp.SUM);
            results[r] = y;
        });
        for (int r = 1; r < n; r++) {
            assertArrayEquals(results[0], results[r], 0.0, "rank " + r + " differs from rank 0");
        }
        final double expected = IntStream.range(0, n).mapToDouble(r -> new Random(1000 + r).doubles(1, -1e6, 1e6)
                .toArray()[0]).sum();
        assertEquals(expected, results[0][0], 1e-6);
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void gatherAndScatterForEveryRoot(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            for (int root = 0; root < n; root++) {
                final double[] mine = {r, r + 0.5};
                final double[] all = new double[1 + 2 * n];
                Gather.run(ch, mine, 0, 2, MPI.DOUBLE, all, 1, root);
                if (r == root) {
                    for (int i = 0; i < n; i++) {
                        assertEquals(i, all[1 + 2 * i]);
                        assertEquals(i + 0.5, all[2 + 2 * i]);
                    }
                }
                final Object[] table = new Object[n];
                if (r == root) {
                    for (int i = 0; i < n; i++) {
                        table[i] = "for " + i + " from " + root;
                    }
                }
                final Object[] got = new Object[2];
                Scatter.run(ch, table, 0, 1, MPI.OBJECT, got, 1, root);
                assertEquals("for " + r + " from " + root, got[1]);
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void allgather(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final short[] all = new short[3 * n + 2];
            Allgather.run(ch, new short[] {9, (short) r, (short) (r * r), (short) -r}, 1, 3, MPI.SHORT, all, 2);
            for (int i = 0; i < n; i++) {
                assertArrayEquals(new short[] {(short) i, (short) (i * i), (short) -i},
                        Arrays.copyOfRange(all, 2 + 3 * i, 5 + 3 * i));
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void alltoallBothAlgorithms(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final int[] send = new int[2 * n];
            for (int d = 0; d < n; d++) {
                send[2 * d] = 1000 * r + d;
                send[2 * d + 1] = -(1000 * r + d);
            }
            final int[] expected = new int[2 * n];
            for (int s = 0; s < n; s++) {
                expected[2 * s] = 1000 * s + r;
                expected[2 * s + 1] = -(1000 * s + r);
            }
            final int[] a = new int[2 * n];
            Alltoall.bruck(ch, send, 0, 2, MPI.INT, a, 0);
            assertArrayEquals(expected, a, "bruck");
            final int[] b = new int[2 * n];
            Alltoall.pairwise(ch, send, 0, 2, MPI.INT, b, 0);
            assertArrayEquals(expected, b, "pairwise");
            final int[] c = new int[2 * n];
            Alltoall.run(ch, send, 0, 2, MPI.INT, c, 0);
            assertArrayEquals(expected, c, "chosen");
        });
    }

    /** Rank i contributes i % 3 items (so some contribute none), placed in reverse rank order. */
    private static int[] counts(int n) {
        return IntStream.range(0, n).map(i -> i % 3).toArray();
    }

    private static int[] reverseDispls(int[] counts) {
        final int[] d = new int[counts.length];
        int at = 0;
        for (int i = counts.length - 1; i >= 0; i--) {
            d[i] = at;
            at += counts[i];
        }
        return d;
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void vectorVariants(int n, boolean sync) throws Exception {
        final int[] counts = counts(n);
        final int[] displs = reverseDispls(counts);
        final int total = Arrays.stream(counts).sum();
        final int[] expected = new int[total];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < counts[i]; k++) {
                expected[displs[i] + k] = 10 * i + k;
            }
        }
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final int[] mine = IntStream.range(0, counts[r]).map(k -> 10 * r + k).toArray();
            for (int root = 0; root < n; root++) {
                final int[] got = new int[total];
                Gatherv.run(ch, mine, 0, counts[r], MPI.INT, got, 0, counts, displs, root);
                if (r == root) {
                    assertArrayEquals(expected, got, "gatherv root " + root);
                }
                final int[] part = new int[counts[r]];
                Scatterv.run(ch, expected, 0, counts, displs, MPI.INT, part, 0, counts[r], root);
                assertArrayEquals(mine, part, "scatterv root " + root);
            }
            final int[] everything = new int[total];
            Allgatherv.run(ch, mine, 0, counts[r], MPI.INT, everything, 0, counts, displs);
            assertArrayEquals(expected, everything, "allgatherv");
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void alltoallv(int n, boolean sync) throws Exception {
        // Rank s sends (s + d) % 3 items to rank d, valued 100 * s + d.
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final int[] sendCounts = IntStream.range(0, n).map(d -> (r + d) % 3).toArray();
            final int[] sendDispls = reverseDispls(sendCounts);
            final int[] send = new int[Arrays.stream(sendCounts).sum()];
            for (int d = 0; d < n; d++) {
                Arrays.fill(send, sendDispls[d], sendDispls[d] + sendCounts[d], 100 * r + d);
            }
            final int[] recvCounts = IntStream.range(0, n).map(s -> (s + r) % 3).toArray();
            final int[] recvDispls = new int[n];
            for (int s = 1; s < n; s++) {
                recvDispls[s] = recvDispls[s - 1] + recvCounts[s - 1];
            }
            final int[] recv = new int[Arrays.stream(recvCounts).sum()];
            Alltoallv.run(ch, send, 0, sendCounts, sendDispls, MPI.INT, recv, 0, recvCounts, recvDispls);
            for (int s = 0; s < n; s++) {
                for (int k = 0; k < recvCounts[s]; k++) {
                    assertEquals(100 * s + r, recv[recvDispls[s] + k], "from " + s);
                }
            }
        });
    }

    @ParameterizedTest(name = "n={0} sync={1}")
    @MethodSource("sizes")
    void scanAndReduceScatterKeepRankOrder(int n, boolean sync) throws Exception {
        FakeNetwork.run(n, sync, ch -> {
            final int r = ch.rank();
            final Object[] out = new Object[2];
            Scan.run(ch, tokens(r, 2), 0, out, 0, 2, MPI.OBJECT, CONCAT);
            assertArrayEquals(new Object[] {prefix(r, 0), prefix(r, 1)}, out);
            final long[] partial = new long[1];
            Scan.run(ch, new long[] {r + 1}, 0, partial, 0, 1, MPI.LONG, PredefinedOp.PROD);
            long fact = 1;
            for (int i = 1; i <= r + 1; i++) {
                fact *= i;
            }
            assertEquals(fact, partial[0]);

            final int[] counts = counts(n);
            final int total = Arrays.stream(counts).sum();
            final Object[] all = tokens(r, total);
            final Object[] mine = new Object[counts[r]];
            ReduceScatter.run(ch, all, 0, mine, 0, counts, MPI.OBJECT, CONCAT);
            final int first = Arrays.stream(counts).limit(r).sum();
            for (int k = 0; k < counts[r]; k++) {
                assertEquals(prefix(n - 1, first + k), mine[k]);
            }
        });
    }

    @Test
    void pairTypesTravelAsWholeItems() throws Exception {
        FakeNetwork.run(5, true, ch -> {
            final int r = ch.rank();
            final double[] in = {r % 2 == 0 ? 5.0 : r, r};
            final double[] out = new double[2];
            Allreduce.run(ch, in, 0, out, 0, 1, MPI.DOUBLE2, PredefinedOp.MAXLOC);
            assertArrayEquals(new double[] {5.0, 0.0}, out, 0.0); // ranks 0, 2, 4 tie at 5: smallest index wins
            final int[] loc = new int[2];
            Allreduce.run(ch, new int[] {r == 3 ? -7 : r, r}, 0, loc, 0, 1, MPI.INT2, PredefinedOp.MINLOC);
            assertArrayEquals(new int[] {-7, 3}, loc);
        });
    }

    @Test
    void shortMessageIsReportedNotIgnored() {
        final AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () ->
                FakeNetwork.run(2, false, ch -> {
                    final int[] buf = new int[4];
                    // Rank 1 contributes fewer items than the root expects.
                    Gatherv.run(ch, buf, 0, ch.rank() == 1 ? 1 : 2, MPI.INT, buf, 0, new int[] {2, 2},
                            new int[] {0, 2}, 0);
                }));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("Gatherv: rank 1 sent 1 items of MPI.INT"),
                e.getMessage());
    }
}
