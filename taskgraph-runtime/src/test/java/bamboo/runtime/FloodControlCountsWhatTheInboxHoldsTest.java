package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Flow control's count of a task's inbox is what the inbox holds at the instant of each send, even with
 * senders descheduled in the middle of their count: a flood that holding keeps bounded is never reported
 * as one over the limit ({@link GraphFlood}), and the recorded peak stays near the throttle mark. A count
 * that is not a snapshot (sent minus received, read one after the other) counts every message received
 * while its sender was descheduled as still there.
 *
 * <p>A sender is descheduled inside its count mostly while the runtime's code is still interpreted and the
 * JIT competes for the cores: the first run in a JVM. So each round loads the runtime afresh in its own
 * class loader and runs a flood once: {@link FloodTest}'s (7 senders x 400 x 1 KiB to a receiver that
 * takes one message per execution, 2 workers, inbox limit 128 KiB), and every other round a wider one (15
 * senders, 4 workers). A count that is not a snapshot fails about one round in ten (30 rounds take about
 * 6 s).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FloodControlCountsWhatTheInboxHoldsTest {
    private static final long LIMIT = 128 * 1024;
    private static final int ROUNDS = 30;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(20);

    /** Runs in a fresh class loader: a flood of FloodTest once; returns the receiver's peak inbox. */
    public static final class Scenario {
        public static long run(int tasks, int workers) {
            return Graph.builder(tasks, id -> id == 0 ? new FloodTest.AnyOrderReceiver(400) : new FloodTest.Sender(400))
                    .workers(workers).inboxLimit(LIMIT).build().run().peakInboxBytes();
        }
    }

    /** Loads bamboo.runtime (main and test classes) itself, everything else from the parent. */
    private static final class FreshRuntime extends URLClassLoader {
        FreshRuntime(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("bamboo.runtime.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    @Test
    void aSenderDescheduledWhileCountingDoesNotSeeAFlood() throws Exception {
        final URL[] urls = {
            Graph.class.getProtectionDomain().getCodeSource().getLocation(),
            FloodControlCountsWhatTheInboxHoldsTest.class.getProtectionDomain().getCodeSource().getLocation(),
        };
        final List<String> wrong = new ArrayList<>();
        final long start = System.nanoTime();
        int rounds = 0;
        while (rounds < ROUNDS && (rounds < 2 || System.nanoTime() - start < BUDGET_NANOS)) {
            rounds++;
            final ClassLoader parent = FloodControlCountsWhatTheInboxHoldsTest.class.getClassLoader();
            try (FreshRuntime loader = new FreshRuntime(urls, parent)) {
                final Class<?> scenario = loader.loadClass(Scenario.class.getName());
                assertTrue(scenario.getClassLoader() == loader, "the runtime is loaded afresh");
                final Method run = scenario.getMethod("run", int.class, int.class);
                // Odd rounds: FloodTest's flood as it is. Even rounds: 15 senders on 4 workers, more
                // workers than the machine's cores, so that workers are descheduled in the middle of a send.
                final boolean wide = rounds % 2 == 0;
                try {
                    final long peak = (Long) run.invoke(null, wide ? 16 : 8, wide ? 4 : 2);
                    // Exact counts keep the inbox near the throttle mark (a quarter of the limit, 32 KiB)
                    // plus about one message per sender (at most 16 KiB); a stale count pushes the
                    // recorded peak towards the limit.
                    if (peak > LIMIT / 2) {
                        wrong.add("round " + rounds + ": peak inbox " + peak + " B, over half the limit");
                    }
                } catch (InvocationTargetException e) {
                    final Throwable cause = e.getCause();
                    if (!cause.getClass().getName().equals(GraphFlood.class.getName())) {
                        throw e;
                    }
                    wrong.add("round " + rounds + ": " + cause.getMessage());
                }
            }
        }
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " of " + rounds + " rounds went wrong:\n" + String.join("\n", wrong));
        }
        System.out.println("flood count: " + rounds + " rounds on a fresh runtime, none flooded");
    }
}
