package mpi;

import static org.junit.jupiter.api.Assertions.fail;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.RankBody;
import bamboo.shim.job.ThreadsJob;

/** Test helper: runs a job and turns a failed rank into a test failure carrying its exception. */
public final class Jobs {
    private Jobs() {
    }

    public static void run(int np, RankBody body) {
        run(JobConfig.of(np), body);
    }

    public static void run(JobConfig config, RankBody body) {
        final JobResult r = ThreadsJob.run(config, body);
        if (!r.succeeded()) {
            if (r.cause() != null) {
                final AssertionError e = new AssertionError(r.message(), r.cause());
                throw e;
            }
            fail(r.message() + (r.deadlockReport() != null ? "\n" + r.deadlockReport() : ""));
        }
    }
}
