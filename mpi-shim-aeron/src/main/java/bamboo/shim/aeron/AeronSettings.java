package bamboo.shim.aeron;

import java.util.Map;

/**
 * Tunables of the aeron device, read from the environment (or the same names as system properties in
 * lower case with dots, e.g. {@code bamboo.aeron.term.length}).
 *
 * @param termLength          Aeron term buffer length of every publication (a power of two, &gt;= 64 KiB);
 *                            three terms per destination, so 64 KiB keeps /dev/shm use tiny
 * @param startTimeoutMillis  how long a rank waits for its peers to appear
 * @param heartbeatMillis     a rank sends a heartbeat to each peer it has not sent to for this long
 * @param livenessMillis      a peer silent for this long (no data, no heartbeat) is reported lost
 * @param maxMessageBytes     the largest message a rank accepts from a peer; a frame announcing more is
 *                            dropped before anything is allocated for it
 * @param mtu                 Aeron MTU of every publication (a multiple of 32 up to 65504), or 0: 65504 for
 *                            IPC and loopback UDP (fewer, larger frames), Aeron's default (1408) towards other
 *                            hosts (no IP fragmentation)
 */
public record AeronSettings(int termLength, long startTimeoutMillis, long heartbeatMillis, long livenessMillis,
                            int maxMessageBytes, int mtu) {
    public static final String TERM_LENGTH = "BAMBOO_AERON_TERM_LENGTH";
    public static final String MAX_MESSAGE = "BAMBOO_AERON_MAX_MESSAGE";
    public static final String MTU = "BAMBOO_AERON_MTU";
    /** The largest MTU Aeron takes (and that fits a UDP datagram). */
    public static final int MAX_MTU = 65504;
    public static final String START_TIMEOUT = "BAMBOO_START_TIMEOUT_MS";
    public static final String LIVENESS = "BAMBOO_LIVENESS_TIMEOUT_MS";

    /** Stream id of world rank r's inbound stream is {@code STREAM_BASE + r}. */
    public static final int STREAM_BASE = 0x0BA0_0000;

    public AeronSettings {
        if (termLength < 64 * 1024 || Integer.bitCount(termLength) != 1) {
            throw new IllegalArgumentException("Aeron term length must be a power of two of at least 65536 (got "
                    + termLength + ")");
        }
        if (startTimeoutMillis <= 0 || heartbeatMillis <= 0 || livenessMillis <= heartbeatMillis) {
            throw new IllegalArgumentException("timeouts must be positive and liveness > heartbeat (got start="
                    + startTimeoutMillis + " heartbeat=" + heartbeatMillis + " liveness=" + livenessMillis + ")");
        }
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException(MAX_MESSAGE + " must be positive (got " + maxMessageBytes + ")");
        }
        if (mtu != 0 && (mtu < 64 || mtu > Math.min(MAX_MTU, termLength / 8) || mtu % 32 != 0)) {
            throw new IllegalArgumentException(MTU + " must be a multiple of 32 from 64 to " + Math.min(MAX_MTU,
                    termLength / 8) + " (at most an eighth of the term length; got " + mtu + ")");
        }
    }

    /** Default message limit and MTU. */
    public AeronSettings(int termLength, long startTimeoutMillis, long heartbeatMillis, long livenessMillis) {
        this(termLength, startTimeoutMillis, heartbeatMillis, livenessMillis, DEFAULT_MAX_MESSAGE, 0);
    }

    /** 1 GiB: far above any message the shim's own tests send, far below what would exhaust a heap. */
    public static final int DEFAULT_MAX_MESSAGE = 1 << 30;

    public static AeronSettings defaults() {
        return new AeronSettings(DEFAULT_TERM_LENGTH, 30_000, 100, 5_000);
    }

    /** 1 MiB terms: a flow-control window of 512 KiB keeps a 1 MiB message streaming (64 KiB measured
     *  6x slower at 1 MiB); sparse files, so /dev/shm holds only what was written. */
    public static final int DEFAULT_TERM_LENGTH = 1 << 20;

    /** Defaults overridden by the environment and system properties. */
    public static AeronSettings fromEnvironment(Map<String, String> env) {
        final AeronSettings d = defaults();
        return new AeronSettings((int) number(env, TERM_LENGTH, d.termLength()),
                number(env, START_TIMEOUT, d.startTimeoutMillis()), d.heartbeatMillis(),
                number(env, LIVENESS, d.livenessMillis()),
                (int) Math.min(Integer.MAX_VALUE - 16, number(env, MAX_MESSAGE, d.maxMessageBytes())),
                (int) number(env, MTU, d.mtu()));
    }

    /** The environment variables a child process needs to get these settings. */
    public Map<String, String> toEnvironment() {
        return Map.of(TERM_LENGTH, String.valueOf(termLength), START_TIMEOUT, String.valueOf(startTimeoutMillis),
                LIVENESS, String.valueOf(livenessMillis), MAX_MESSAGE, String.valueOf(maxMessageBytes),
                MTU, String.valueOf(mtu));
    }

    private static long number(Map<String, String> env, String name, long fallback) {
        String v = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        if (v == null) {
            v = env.get(name);
        }
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number (got '" + v + "')");
        }
    }
}
