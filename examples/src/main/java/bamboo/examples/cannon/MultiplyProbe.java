package bamboo.examples.cannon;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Measurement plumbing, off by default: with {@code -Dbamboo.cannon.probe=FILE} every
 * {@link Kernel#multiply()} on a block of at least {@link #MIN_ROWS} rows records its start (wall clock),
 * its wall time, its thread's CPU time and the block's rows, and the JVM writes them as CSV to FILE at exit
 * (docs/session11/place16.md: is a slow JVM's multiply slower on every call, or only on preempted ones?).
 * Wall minus CPU of a call is the time its thread was off its core during the call.
 *
 * <p>The shim loads the program's classes once per rank (child-first loaders), so this class can exist in
 * several copies; they share one buffer, kept in the system properties (a JDK object every loader sees).
 * Off, {@link #ON} is a constant false and the calls in {@code multiply()} are dead code for the JIT.
 * On, it keeps the first 400,000 calls in a 16 MB array allocated at the kernel's first use (so the heap's
 * layout differs from a run without it) and costs two thread CPU time queries (system calls) per call.
 */
final class MultiplyProbe {
    /** True when {@code bamboo.cannon.probe} names an output file. */
    static final boolean ON = !System.getProperty("bamboo.cannon.probe", "").isEmpty();
    /** Smaller blocks (the kernel's warm-up, 16 rows) are not recorded. */
    static final int MIN_ROWS = 64;
    private static final int FIELDS = 5, CAPACITY = 400_000;
    private static final String KEY = "bamboo.cannon.probe.buffer";
    private static final ThreadMXBean CPU = ON ? ManagementFactory.getThreadMXBean() : null;
    /** Diagnostic modes: {@code bamboo.cannon.probe.cpu=false} skips the thread CPU time query (a system
     *  call), {@code bamboo.cannon.probe.record=false} skips recording. */
    private static final boolean ASK_CPU = ON && !"false".equals(System.getProperty("bamboo.cannon.probe.cpu"));
    private static final boolean RECORD = ON && !"false".equals(System.getProperty("bamboo.cannon.probe.record"));
    private static final AtomicInteger NEXT;
    private static final long[] BUF;

    static {
        if (ON) {
            final Object[] shared;
            synchronized (System.getProperties()) {
                Object o = System.getProperties().get(KEY);
                if (o == null) {
                    o = new Object[] {new AtomicInteger(), new long[FIELDS * CAPACITY]};
                    System.getProperties().put(KEY, o);
                    final Object[] s = (Object[]) o;
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> write(s), "multiply-probe"));
                }
                shared = (Object[]) o;
            }
            NEXT = (AtomicInteger) shared[0];
            BUF = (long[]) shared[1];
        } else {
            NEXT = null;
            BUF = null;
        }
    }

    private MultiplyProbe() {
    }

    /** The current thread's CPU time in ns. */
    static long cpu() {
        return ASK_CPU ? CPU.getCurrentThreadCpuTime() : 0L;
    }

    /** Records one call that started at wall {@code w0} and thread CPU {@code c0}. */
    static void record(long w0, long c0, int rows) {
        final long c1 = ASK_CPU ? CPU.getCurrentThreadCpuTime() : 0L;
        final long w1 = System.nanoTime();
        if (rows < MIN_ROWS || !RECORD) {
            return;
        }
        final int i = NEXT.getAndIncrement();
        if (i >= CAPACITY) {
            return;
        }
        final int o = i * FIELDS;
        BUF[o] = w0;
        BUF[o + 1] = w1 - w0;
        BUF[o + 2] = c1 - c0;
        BUF[o + 3] = rows;
        BUF[o + 4] = Thread.currentThread().getId();
    }

    private static void write(Object[] shared) {
        final int n = Math.min(((AtomicInteger) shared[0]).get(), CAPACITY);
        final long[] b = (long[]) shared[1];
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Paths.get(System.getProperty("bamboo.cannon.probe"))))) {
            w.println("start_ns,wall_ns,cpu_ns,rows,thread");
            for (int i = 0; i < n; i++) {
                final int o = i * FIELDS;
                w.println(b[o] + "," + b[o + 1] + "," + b[o + 2] + "," + b[o + 3] + "," + b[o + 4]);
            }
        } catch (IOException e) {
            System.err.println("multiply probe: cannot write " + System.getProperty("bamboo.cannon.probe") + ": " + e.getMessage());
        }
    }
}
