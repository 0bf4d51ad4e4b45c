package bamboo.shim;

import java.util.concurrent.TimeUnit;

/**
 * Every tunable of the mpi-shim: the system properties it reads, their defaults, and the values in force.
 * Nothing else in the module reads a property or the environment. Values are read once, when this class is
 * first used (before the first job of the JVM), except {@link #serialFilter()}.
 *
 * <p>A bad value is reported in one line on stderr and the default used: the values are read in a class
 * initialiser, which must not throw (the user would get a stack trace instead of a sentence).
 *
 * <p>A job's own settings (ranks, eager limit and budget, simulated links, the core gate) are not here:
 * they are {@link bamboo.shim.job.JobConfig}'s, per job.
 */
public final class ShimConfiguration {
    /** System property: the longest a blocked rank busy-waits before it parks, in µs (1 to 1,000,000). */
    public static final String SPIN_MAX_PROP_NAME = "bamboo.shim.spinMaxUs";
    /**
     * Default of {@link #SPIN_MAX_PROP_NAME}: 1 ms. Shorter caps park too soon on an idle machine, where a
     * parked rank's wake-up (an idle vCPU woken by an IPI: ~40 µs median, hundreds at the tail) sat on the
     * critical path of every bulk-synchronous step, while the waits themselves, spun, last ~60 µs (halo26
     * on 2 ranks).
     */
    public static final long SPIN_MAX_DEFAULT_US = 1000;
    /** The spin cap in force, in ns. */
    public static final long SPIN_MAX_NS =
            TimeUnit.MICROSECONDS.toNanos(spinMaxMicros(System.getProperty(SPIN_MAX_PROP_NAME)));

    /** System property: the bytes of idle arrays the shared payload pool may keep (0: no pooling). */
    public static final String PAYLOAD_POOL_BYTES_PROP_NAME = "bamboo.shim.payloadPoolBytes";
    /** Default of {@link #PAYLOAD_POOL_BYTES_PROP_NAME}: 64 MiB, or a sixteenth of the maximum heap if that
     *  is less (the pool must not hold a small heap's room for messages in flight). */
    public static final long PAYLOAD_POOL_BYTES_DEFAULT_MAX = 64L << 20;
    /** The payload pool's bound in force, in bytes. */
    public static final long PAYLOAD_POOL_BYTES = payloadPoolBytes(System.getProperty(PAYLOAD_POOL_BYTES_PROP_NAME),
            Runtime.getRuntime().maxMemory());

    /**
     * System property: a pattern list in the syntax of {@code jdk.serialFilter}, consulted before the
     * built-in rules when {@code MPI.OBJECT} data is read (to allow more classes, or refuse some of the
     * program's libraries). Default: none.
     */
    public static final String SERIAL_FILTER_PROP_NAME = "bamboo.serial.filter";

    private static final long SPIN_MAX_MIN_US = 1;
    private static final long SPIN_MAX_MAX_US = 1_000_000;

    private ShimConfiguration() {
    }

    /**
     * The pattern of {@link #SERIAL_FILTER_PROP_NAME}, or null. Read at every deserialisation, not once: a
     * program may set it itself before it first receives objects (it is a security setting, not a speed).
     */
    public static String serialFilter() {
        final String p = System.getProperty(SERIAL_FILTER_PROP_NAME);
        return p == null || p.isBlank() ? null : p;
    }

    /** The spin cap in µs that {@code -Dbamboo.shim.spinMaxUs=set} asks for (null: the default). */
    static long spinMaxMicros(String set) {
        if (set == null) {
            return SPIN_MAX_DEFAULT_US;
        }
        try {
            final long us = Long.parseLong(set.trim());
            if (us >= SPIN_MAX_MIN_US && us <= SPIN_MAX_MAX_US) {
                return us;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        return invalid(SPIN_MAX_PROP_NAME, set, "microseconds from " + SPIN_MAX_MIN_US + " to " + SPIN_MAX_MAX_US,
                SPIN_MAX_DEFAULT_US);
    }

    /** The pool bound in bytes that {@code -Dbamboo.shim.payloadPoolBytes=set} asks for (null: the default
     *  for a heap of {@code maxHeap} bytes). */
    static long payloadPoolBytes(String set, long maxHeap) {
        final long dflt = Math.min(PAYLOAD_POOL_BYTES_DEFAULT_MAX, maxHeap / 16);
        if (set == null) {
            return dflt;
        }
        try {
            final long bytes = Long.parseLong(set.trim());
            if (bytes >= 0) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        return invalid(PAYLOAD_POOL_BYTES_PROP_NAME, set, "a number of bytes, 0 or more (0 turns payload pooling off)",
                dflt);
    }

    private static long invalid(String property, String set, String expected, long dflt) {
        System.err.println("bamboo: -D" + property + "=" + set + ": expected " + expected + "; using " + dflt);
        return dflt;
    }
}
