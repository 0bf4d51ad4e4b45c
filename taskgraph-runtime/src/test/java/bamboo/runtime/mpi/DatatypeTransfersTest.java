package bamboo.runtime.mpi;

import bamboo.runtime.Graph;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Transfers with a datatype held in a variable: offsets and counts in its items, a non-contiguous
 * layout packed on the way out and unpacked on the way in, so a receive changes exactly the type's
 * elements of the buffer.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DatatypeTransfersTest {
    private static final int N = 4;

    /** Task 1 sends column 2 of its grid (values 10*i+j) as a Vector, then two items of an Indexed type and three ints. */
    private abstract static class Pair extends MpiTask {
        final Datatype column;
        final Datatype picks;

        Pair() {
            try {
                column = Datatype.Vector(N, 1, N, MPI.DOUBLE);
                picks = Datatype.Indexed(new int[] {2, 1}, new int[] {0, 4}, MPI.INT);
            } catch (MPIException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        protected final Outcome execute() {
            if (id() == 1) {
                double[] grid = new double[N * N];
                for (int k = 0; k < grid.length; k++) {
                    grid[k] = 10 * (k / N) + k % N;
                }
                send(0, 1, grid, 2, 1, column);
                int[] source = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
                bambooIsend(0, 2, source, 1, 2, picks);
                send(0, 3, source, 0, 3, MPI.INT);
                return Outcome.FINISHED;
            }
            return receiver();
        }

        abstract Outcome receiver();

        @Override
        protected boolean ready() {
            return id() == 1 || arrived(1, 1) && arrived(1, 2) && arrived(1, 3);
        }
    }

    private static <T extends Pair> T run(T task0) {
        Graph.builder(2, id -> id == 0 ? task0 : new Pair() {
            @Override
            Outcome receiver() {
                throw new AssertionError("task 1 only sends");
            }
        }).workers(1).build().run();
        return task0;
    }

    @Test
    void aVectorColumnLandsInItsColumnAndAnIndexedReceiveWritesOnlyItsElements() throws MPIException {
        final class Receiver extends Pair {
            final double[] grid = new double[N * N];
            final int[] picked = new int[12];
            final int[] plain = new int[3];
            Status columnStatus;
            Status picksStatus;

            @Override
            Outcome receiver() {
                if (!ready()) {
                    return Outcome.WAITING;
                }
                Arrays.fill(grid, -1);
                Arrays.fill(picked, -1);
                columnStatus = bambooStatus(receive(1, 1, grid, 1, 1, column));
                Request r = bambooDefer(1, 2, picked, 1, 2, picks);
                picksStatus = bambooWait(r);
                receive(1, 3, plain, 0, 3, MPI.INT);
                return Outcome.FINISHED;
            }
        }
        Receiver r = run(new Receiver());
        double[] grid = new double[N * N];
        Arrays.fill(grid, -1);
        for (int i = 0; i < N; i++) {
            grid[i * N + 1] = 10 * i + 2; // column 2 of the sender into column 1 here
        }
        assertArrayEquals(grid, r.grid);
        assertEquals(1, r.columnStatus.Get_count(r.column));
        assertEquals(N, r.columnStatus.Get_elements(MPI.DOUBLE));
        // elements 0, 1 and 4 of each item, items 5 elements apart (the Indexed type's extent), from 1
        assertArrayEquals(new int[] {-1, 2, 3, -1, -1, 6, 7, 8, -1, -1, 11, -1}, r.picked);
        assertEquals(2, r.picksStatus.Get_count(r.picks));
        assertArrayEquals(new int[] {1, 2, 3}, r.plain);
    }
}
