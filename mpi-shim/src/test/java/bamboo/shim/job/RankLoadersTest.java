package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import testprog.CounterProgram;
import testprog.StatelessProgram;

/** Steady-state runs: one set of rank loaders reused by several runs of a program. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RankLoadersTest {
    private static final String STATELESS = "testprog.StatelessProgram";

    private static URL[] testClasses() {
        return new URL[] {CounterProgram.class.getProtectionDomain().getCodeSource().getLocation()};
    }

    private static Object seen(String key, int rank) {
        return System.getProperties().get(key + rank);
    }

    private static void run(RankLoaders loaders, int np) {
        final JobResult r = ThreadsJob.runMain(JobConfig.of(np), loaders, STATELESS, new String[0]);
        assertTrue(r.succeeded(), r::message);
    }

    @Test
    void twoRunsOfOneSetOfLoadersRunTheSameClassesWithFreshObjects() {
        try (RankLoaders loaders = RankLoaders.open(testClasses(), 2)) {
            run(loaders, 2);
            final Object class0 = seen(StatelessProgram.CLASS_KEY, 0);
            final Object class1 = seen(StatelessProgram.CLASS_KEY, 1);
            final Object helper0 = seen(StatelessProgram.HELPER_KEY, 0);
            run(loaders, 2);
            assertSame(class0, seen(StatelessProgram.CLASS_KEY, 0), "rank 0 keeps its class");
            assertSame(class1, seen(StatelessProgram.CLASS_KEY, 1), "rank 1 keeps its class");
            assertNotSame(class0, class1, "each rank has its own copy");
            assertNotSame(StatelessProgram.class, class0, "not the test's own copy");
            assertNotSame(helper0, seen(StatelessProgram.HELPER_KEY, 0), "main's objects are new in every run");
            assertEquals(2, loaders.runs());
        }
    }

    @Test
    void differentLoadersAndPlainRunsLoadTheProgramAgain() {
        Object first;
        try (RankLoaders loaders = RankLoaders.open(testClasses(), 2)) {
            run(loaders, 2);
            first = seen(StatelessProgram.CLASS_KEY, 0);
        }
        try (RankLoaders other = RankLoaders.open(testClasses(), 2)) {
            run(other, 2);
            assertNotSame(first, seen(StatelessProgram.CLASS_KEY, 0), "another row, another copy");
        }
        final Object afterOther = seen(StatelessProgram.CLASS_KEY, 0);
        assertTrue(ThreadsJob.runMain(JobConfig.of(2), testClasses(), STATELESS, new String[0]).succeeded());
        assertNotSame(afterOther, seen(StatelessProgram.CLASS_KEY, 0), "runMain with a class path: new loaders");
    }

    @Test
    void aProgramWithAMutableStaticIsRefusedOnItsSecondRun() {
        try (RankLoaders loaders = RankLoaders.open(testClasses(), 2)) {
            assertNull(loaders.mutableStatic(), "nothing loaded yet");
            final JobResult first = ThreadsJob.runMain(JobConfig.of(2), loaders, "testprog.CounterProgram",
                    new String[0]);
            assertTrue(first.succeeded(), first::message);
            assertEquals("class testprog.CounterProgram has a mutable static field 'counter'", loaders.mutableStatic());
            final JobResult second = ThreadsJob.runMain(JobConfig.of(2), loaders, "testprog.CounterProgram",
                    new String[0]);
            assertEquals(JobResult.SETUP, second.exitCode());
            assertEquals("class testprog.CounterProgram has a mutable static field 'counter': a run in class loaders"
                    + " kept from an earlier run would start with the value that run left; run it in new loaders",
                    second.message());
            assertEquals("1:0", System.getProperty(CounterProgram.PROPERTY + 0), "the refused run did not run");
        }
    }

    @Test
    void aStatelessProgramHasNoMutableStatic() {
        try (RankLoaders loaders = RankLoaders.open(testClasses(), 1)) {
            run(loaders, 1);
            assertNull(loaders.mutableStatic());
        }
    }

    @Test
    void misuseIsASetupErrorNamingTheProblem() {
        final RankLoaders loaders = RankLoaders.open(testClasses(), 2);
        final JobResult wrongSize = ThreadsJob.runMain(JobConfig.of(3), loaders, STATELESS, new String[0]);
        assertEquals(JobResult.SETUP, wrongSize.exitCode());
        assertEquals("ThreadsJob.runMain: loaders for 2 ranks given to a job of 3 ranks", wrongSize.message());
        loaders.close();
        final JobResult closed = ThreadsJob.runMain(JobConfig.of(2), loaders, STATELESS, new String[0]);
        assertEquals("ThreadsJob.runMain: the rank loaders are closed", closed.message());
        assertEquals("ThreadsJob.runMain: loaders is null",
                ThreadsJob.runMain(JobConfig.of(2), (RankLoaders) null, STATELESS, new String[0]).message());
        assertEquals(0, loaders.runs());
    }

    @Test
    void openChecksItsArguments() {
        assertEquals("RankLoaders.open: np must be at least 1 (got 0)",
                assertThrows(IllegalArgumentException.class, () -> RankLoaders.open(testClasses(), 0)).getMessage());
        assertEquals("RankLoaders.open: classpath is null",
                assertThrows(IllegalArgumentException.class, () -> RankLoaders.open(null, 2)).getMessage());
    }
}
