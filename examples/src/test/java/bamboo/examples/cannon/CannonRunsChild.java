package bamboo.examples.cannon;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;

/**
 * Child JVM of {@link ColdKernelAfterWarmUpTest}: the kernel calls of Cannon's runs, rank after rank, in one
 * JVM as a steady-state benchmark makes them: the classes stay loaded from run to run, and each rank has its
 * own copy of the kernel's class (its own class loader, as the shim's ranks have), so each copy sees one
 * rank's calls. A flight recording holds the JIT's compilations and each run's and each warm-up's span.
 *
 * <p>Arguments: the recording file, n, runs.
 */
final class CannonRunsChild {
    /** One rank's run: construction, warm-up, the timed calls, the checksum. */
    @Name("bamboo.test.CannonRun")
    @Label("Cannon run")
    static final class RunEvent extends Event {
        @Label("run")
        int run;
    }

    /** One call of {@code Kernel.warmUp()}. */
    @Name("bamboo.test.CannonWarmUp")
    @Label("Cannon warm-up")
    static final class WarmUpEvent extends Event {
        @Label("run")
        int run;
    }

    private CannonRunsChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        long sink = 0;
        URL[] path = classPath();
        Method[][] ranks = new Method[4][];
        for (int r = 0; r < 4; r++) {
            Class<?> copy = Class.forName(Rank.class.getName(), true,
                    new URLClassLoader(path, ClassLoader.getPlatformClassLoader()));
            ranks[r] = new Method[] {copy.getMethod("setUp", int.class, int.class), copy.getMethod("warmUp"),
                copy.getMethod("timed", Object.class)};
        }
        try (Recording recording = new Recording()) {
            recording.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            recording.enable(RunEvent.class).withThreshold(Duration.ZERO);
            recording.enable(WarmUpEvent.class).withThreshold(Duration.ZERO);
            recording.start();
            for (int run = 1; run <= runs; run++) {
                for (int rank = 0; rank < 4; rank++) {
                    sink += rank(ranks[rank], run, n, rank);
                }
            }
            recording.stop();
            recording.dump(file);
        }
        System.out.println("done " + sink);
    }

    /** One rank's run through its copy's {@link Rank} methods, inside the spans. */
    private static long rank(Method[] copy, int run, int n, int rank) throws ReflectiveOperationException {
        RunEvent span = new RunEvent();
        span.run = run;
        span.begin();
        Object k = copy[0].invoke(null, n, rank);
        WarmUpEvent warm = new WarmUpEvent();
        warm.run = run;
        warm.begin();
        copy[1].invoke(null);
        warm.commit();
        long sink = (Long) copy[2].invoke(null, k);
        span.commit();
        return sink;
    }

    private static URL[] classPath() throws java.net.MalformedURLException {
        String[] parts = System.getProperty("java.class.path").split(File.pathSeparator);
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        return urls;
    }

    /** What {@code Basic.main} asks of the kernel in one run of one rank, MPI left out; loaded once per rank. */
    public static final class Rank {
        private Rank() {
        }

        public static Object setUp(int n, int rank) {
            return new Kernel(n, 4, rank);
        }

        public static void warmUp() {
            Kernel.warmUp();
        }

        public static long timed(Object kernel) {
            Kernel k = (Kernel) kernel;
            long sink = k.capacity();
            if (k.active()) {
                sink += k.a().length + k.b().length + k.skewACount() + k.skewADest() + k.skewASource()
                        + k.skewBCount() + k.skewBDest() + k.skewBSource() + k.nextA().length + k.nextB().length;
                k.skewed();
                for (int step = 0; step < k.q() - 1; step++) {
                    sink += k.right() + k.down() + k.left() + k.up() + k.aCount() + k.bCount();
                    k.multiply();
                    k.shifted();
                }
                k.multiply();
            }
            return sink + k.checksum() + k.total();
        }
    }
}
