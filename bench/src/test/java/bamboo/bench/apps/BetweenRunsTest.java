package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The bench's step between runs: before every run (warm-ups and the peer's child runs too), never inside one. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BetweenRunsTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    /** A fake program: its "timed window" is the whole run call; it notes the step if it ran inside. */
    private static final class Timed implements Runner {
        final List<String> events;
        boolean inside;

        Timed(List<String> events) {
            this.events = events;
        }

        @Override
        public double run(RunPlan plan, String[] argv) {
            inside = true;
            events.add("run " + plan.label());
            inside = false;
            return 1.0;
        }
    }

    @Test
    void theStepRunsBeforeEveryRunAndNeverInsideOne() {
        List<String> events = new ArrayList<>();
        Timed runner = new Timed(events);
        BenchOptions o = BenchOptions.parse(new String[] {"--app", "jacobi3d", "--set", "n=6", "--set", "iters=3",
            "--variants", "basic,nocomm", "--repeat", "2", "--warmup-runs", "1"});
        new AppBench(o, runner, null, QUIET).settleWith(() -> {
            assertFalse(runner.inside, "the step ran inside a timed run");
            events.add("settle");
        }).measure();
        assertEquals(List.of("settle", "run basic", "settle", "run nocomm", // warm-ups
                "settle", "run basic", "settle", "run nocomm", "settle", "run basic", "settle", "run nocomm"), events);
    }

    @Test
    void theStepCollectsAndCanBeTurnedOff() {
        RunMeter.Snapshot a = RunMeter.now();
        BetweenRuns.settle();
        assertTrue(RunMeter.now().gcCount() > a.gcCount(), "no collection (-XX:+DisableExplicitGC?)");
        assertTrue(BetweenRuns.mode().startsWith("between runs: a full collection, then the JVM quiet"),
                BetweenRuns.mode());
        System.setProperty(BenchConfiguration.SETTLE, "false");
        try {
            RunMeter.Snapshot b = RunMeter.now();
            BetweenRuns.settle();
            assertEquals(b.gcCount(), RunMeter.now().gcCount());
            assertTrue(BetweenRuns.mode().startsWith("between runs: the JVM quiet only (-Dbamboo.settle=false"),
                    BetweenRuns.mode());
        } finally {
            System.clearProperty(BenchConfiguration.SETTLE);
        }
    }

    @Test
    void childJvmsGetTheBenchsCollectorAndFixedHeapButNoPreTouch() {
        assertEquals(List.of("-XX:+UseParallelGC", "-Xms2g", "-Xmx2g", "-Xss4m"), MpjPeer.jvmOptions(List.of(
                "-XX:+UseParallelGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Dbamboo.home=/x", "-Xlog:gc",
                "-Xss4m")));
        assertEquals(List.of("-Dbamboo.shim.spinMaxUs=20"), MpjPeer.shimProperties(List.of("-Xmx2g",
                "-Dbamboo.home=/x", "-Dbamboo.shim.spinMaxUs=20", "-Dbamboo.settle=false")),
                "our child gets the shim's switches (an A/B reaches the shim measured), nothing else");
        List<String> none = MpjPeer.jvmOptions(List.of("-XX:+AlwaysPreTouch"));
        assertEquals(1, none.size());
        assertTrue(none.get(0).matches("-Xmx\\d+m"), none.toString());
    }
}
