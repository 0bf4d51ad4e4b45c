import bamboo.Bamboo;
import mpi.*;

/**
 * Calls three deep through objects with private state: main drives a Driver, whose phase() asks its
 * Pipeline for a stage, whose stage() passes a value down a chain of ranks through its Link (blocking
 * Recv from the left, Send to the right) and keeps counters in private fields (++, +=). The value that
 * comes back up the calls is computed from the received message; the Link's echo() then sends it back
 * to the left neighbour in an olap region. A method without MPI (Driver.expected) stays an ordinary call.
 */
@Bamboo
public class NestedCalls {
    static final long P = 1_000_003L;
    static final int PHASES = 6;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        Driver driver = new Driver(rank, size);
        int bad = 0;
        for (int k = 0; k < PHASES; k++) {
            long got = driver.phase(k);
            if (got != Driver.expected(k, rank)) bad++;
        }
        bad += driver.checkCounters(PHASES) ? 0 : 1;
        int[] mine = {bad};
        int[] all = new int[1];
        MPI.COMM_WORLD.Reduce(mine, 0, all, 0, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("nested-calls phases=" + PHASES + (all[0] == 0 ? " OK" : " FAIL bad=" + all[0]));
        }
        MPI.Finalize();
    }
}

/** Runs the phases and remembers what came back. */
final class Driver {
    private final Pipeline pipeline;
    private final int rank;
    private final int size;
    private final long[] history = new long[NestedCalls.PHASES];

    Driver(int rank, int size) {
        this.rank = rank;
        this.size = size;
        this.pipeline = new Pipeline(new Link(rank > 0 ? rank - 1 : -1, rank < size - 1 ? rank + 1 : -1));
    }

    long phase(int k) throws MPIException {
        long r = pipeline.stage(k * 10L + 1);
        history[k] = r;
        return r;
    }

    /** What rank r receives in phase k: every rank on the way adds its own number and squares mod P. */
    static long expected(int k, int r) {
        long v = k * 10L + 1;
        for (int i = 0; i < r; i++) v = step(v, i);
        return v;
    }

    static long step(long v, int rank) {
        return (v * v + rank) % NestedCalls.P;
    }

    boolean checkCounters(int phases) {
        long sum = 0;
        for (int k = 0; k < phases; k++) {
            long echo = rank + 1 < size ? expected(k, rank + 1) : expected(k, rank);
            sum = (sum + expected(k, rank) + echo) % NestedCalls.P;
        }
        return pipeline.passes() == phases && pipeline.total() == sum && history[phases - 1] == expected(phases - 1, rank);
    }
}

/** Counts what passes through this rank. */
final class Pipeline {
    private final Link link;
    private int passes;
    private long total;

    Pipeline(Link link) {
        this.link = link;
    }

    long stage(long seed) throws MPIException {
        long got = link.pass(seed);
        long back = link.echo(got);
        passes++;
        total = (total + got + back) % NestedCalls.P;
        return got;
    }

    int passes() {
        return passes;
    }

    long total() {
        return total;
    }
}

/** One rank's place in the chain. */
final class Link {
    static final int TAG = 440;
    private final int left;
    private final int right;
    private final long[] buf = new long[1];

    Link(int left, int right) {
        this.left = left;
        this.right = right;
    }

    /** Receives the value from the left (rank 0 starts with seed), passes it on changed, returns it. */
    long pass(long seed) throws MPIException {
        if (left < 0) {
            buf[0] = seed;
        } else {
            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.LONG, left, TAG);
        }
        long got = buf[0];
        if (right < 0) {
            return got;
        }
        buf[0] = Driver.step(got, right - 1);
        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.LONG, right, TAG);
        return got;
    }

    /** Sends v to the left neighbour and returns what the right one sent (v itself at the right end). */
    long echo(long v) throws MPIException {
        long[] out = {v};
        long[] in = {v};
        Request[] reqs = new Request[2];
        int nr = 0;
        olap: {
            receive: {
                if (right >= 0) reqs[nr++] = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.LONG, right, TAG + 1);
            }
            send: {
                if (left >= 0) reqs[nr++] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.LONG, left, TAG + 1);
            }
            compute: {
                Request.Waitall(java.util.Arrays.copyOf(reqs, nr));
            }
        }
        return in[0];
    }
}
