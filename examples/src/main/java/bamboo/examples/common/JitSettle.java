package bamboo.examples.common;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The end of a kernel's {@code warmUp()}: waits until HotSpot's JIT compilers have nothing compiling and
 * nothing queued, so that the compilations the warm-up triggered run before the timer starts, not inside
 * the timed loop.
 *
 * <p>Why: a warm-up that makes a method hot queues
 * its C2 compilation and goes on; the largest of them, C2 compiling {@code warmUp()} itself (OSR and
 * normal, with the whole kernel inlined: 100-300 ms of a core), were still running when the timed loop
 * started, and on 2 cores the compiler thread takes its core from a rank. {@code basic} loads the program
 * once per rank, so it compiles every kernel method once per rank, and its warm-ups kept queueing such
 * compilations for more runs than the translated program's one shared copy: the timed loops of its first
 * steady-state runs paid for them.
 *
 * <p>How: HotSpot's {@code Compiler.queue} diagnostic command (the one {@code jcmd PID Compiler.queue}
 * runs), through the platform MBean server, polled every {@link #POLL_MILLIS} ms; quiet is a listing with
 * no method in it. Any compilation counts, not only the program's: all of them take a core. Bounded by
 * {@link #MAX_MILLIS} ({@link #MAX_PROPERTY}): a JVM that keeps compiling (another program in it) delays the timer by at most
 * that. Where the command does not exist (not HotSpot) it returns at once. Untimed: the programs call it
 * before their timers, so nothing here is measured.
 */
public final class JitSettle {
    /** The longest wait for the compilers to go quiet, unless the system property {@link #MAX_PROPERTY} says
     *  otherwise (as the bench's own wait before a run, {@code JitQuiet}). */
    public static final long MAX_MILLIS = 2000;
    /** System property overriding {@link #MAX_MILLIS} (milliseconds; 0 turns the wait off). */
    public static final String MAX_PROPERTY = "bamboo.jitSettleMillis";
    /** How often the queue is looked at. */
    static final long POLL_MILLIS = 2;
    private static final String BEAN = "com.sun.management:type=DiagnosticCommand";

    private JitSettle() {
    }

    /**
     * Returns once nothing is compiling or queued for compilation, or after {@link #MAX_MILLIS} (or what
     * {@link #MAX_PROPERTY} says).
     *
     * @return true when the compilers were seen quiet, false when the bound ran out, the JVM cannot tell,
     *         or the thread was interrupted (the interrupt is kept)
     */
    public static boolean await() {
        final long max = Long.getLong(MAX_PROPERTY, MAX_MILLIS);
        if (max <= 0) {
            return false;
        }
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(max);
        while (true) {
            final List<String> pending = pending();
            if (pending == null) {
                return false;
            }
            if (pending.isEmpty()) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * The compilations running or queued now, one line each as {@code Compiler.queue} prints them, or null
     * when this JVM has no such command.
     */
    public static List<String> pending() {
        final String listing;
        try {
            listing = (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(BEAN),
                    "compilerQueue", new Object[] {null}, new String[] {String[].class.getName()});
        } catch (JMException | RuntimeException e) {
            return null;
        }
        return listing == null ? null : methods(listing);
    }

    /** The lines of a {@code Compiler.queue} listing that name a method ({@code Class::method}). */
    static List<String> methods(String listing) {
        final List<String> lines = new ArrayList<>();
        for (String line : listing.split("\n")) {
            if (line.contains("::")) {
                lines.add(line.strip());
            }
        }
        return lines;
    }
}
