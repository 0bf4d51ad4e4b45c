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
 */
public record AeronSettings(int termLength, long startTimeoutMillis, long heartbeatMillis, long livenessMillis) {
    public static final String TERM_LENGTH = "BAMBOO_AERON_TERM_LENGTH";
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
    }

    public static AeronSettings defaults() {
        return new AeronSettings(64 * 1024, 30_000, 100, 5_000);
    }

    /** Defaults overridden by the environment and system properties. */
    public static AeronSettings fromEnvironment(Map<String, String> env) {
        final AeronSettings d = defaults();
        return new AeronSettings((int) number(env, TERM_LENGTH, d.termLength()),
                number(env, START_TIMEOUT, d.startTimeoutMillis()), d.heartbeatMillis(),
                number(env, LIVENESS, d.livenessMillis()));
    }

    /** The environment variables a child process needs to get these settings. */
    public Map<String, String> toEnvironment() {
        return Map.of(TERM_LENGTH, String.valueOf(termLength), START_TIMEOUT, String.valueOf(startTimeoutMillis),
                LIVENESS, String.valueOf(livenessMillis));
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
