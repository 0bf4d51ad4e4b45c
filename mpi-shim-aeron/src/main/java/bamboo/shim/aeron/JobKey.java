package bamboo.shim.aeron;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret of one job: 32 random bytes the launcher makes and hands to its ranks out of band (the
 * environment, a 0600 file, or a rank's standard input; never a command line). Ranks prove they hold it
 * when they register with the bootstrap server and when they open an Aeron session to a peer
 * (HMAC-SHA256), so a stranger who can reach the ports cannot join or speak for a rank.
 */
public final class JobKey {
    /** The key in hex, or {@code -} for "the first line of standard input". */
    public static final String ENV = "BAMBOO_JOB_KEY";
    /** A file holding the key in hex; refused unless only its owner may read it. */
    public static final String FILE_ENV = "BAMBOO_JOB_KEY_FILE";
    public static final int BYTES = 32;
    public static final int MAC_BYTES = 32;

    private final byte[] key;

    private JobKey(byte[] key) {
        this.key = key;
    }

    /** A fresh random key. */
    public static JobKey generate() {
        final byte[] k = new byte[BYTES];
        new SecureRandom().nextBytes(k);
        return new JobKey(k);
    }

    /** The key written as hex (for a child's environment or standard input). */
    public String hex() {
        return HexFormat.of().formatHex(key);
    }

    /** Parses a hex key; at least 16 bytes. */
    public static JobKey ofHex(String hex) {
        final byte[] k;
        try {
            k = HexFormat.of().parseHex(hex.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENV + " must be hex digits (at least 32 of them)");
        }
        if (k.length < 16) {
            throw new IllegalArgumentException(ENV + " must be at least 16 bytes (32 hex digits), got " + k.length);
        }
        return new JobKey(k);
    }

    /**
     * The key from {@link #ENV} or {@link #FILE_ENV} (system properties {@code bamboo.job.key} and
     * {@code bamboo.job.key.file} first), or null when neither is set.
     *
     * @param stdin read when the key is {@code -}
     */
    public static JobKey fromEnvironment(Map<String, String> env, java.io.InputStream stdin) {
        final String value = value(env, ENV);
        if (value != null) {
            if (!value.equals("-")) {
                return ofHex(value);
            }
            try {
                final StringBuilder line = new StringBuilder();
                int c;
                while ((c = stdin.read()) >= 0 && c != '\n') {
                    line.append((char) c);
                }
                return ofHex(line.toString());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the job key from standard input: " + e.getMessage());
            }
        }
        final String file = value(env, FILE_ENV);
        if (file == null) {
            return null;
        }
        final Path path = Path.of(file);
        try {
            final Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
            for (PosixFilePermission p : perms) {
                if (p.name().startsWith("GROUP") || p.name().startsWith("OTHERS")) {
                    throw new IllegalArgumentException(FILE_ENV + " " + file + " may be read by others (mode "
                            + java.nio.file.attribute.PosixFilePermissions.toString(perms) + "): chmod 600 it");
                }
            }
            return ofHex(Files.readString(path, StandardCharsets.US_ASCII));
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot read " + FILE_ENV + " " + file + ": " + e.getMessage());
        }
    }

    private static String value(Map<String, String> env, String name) {
        final String p = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        final String v = p != null ? p : env.get(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** A MAC engine for this key; one per thread (a {@link Mac} is not thread-safe). */
    public Mac mac() {
        try {
            final Mac m = Mac.getInstance("HmacSHA256");
            m.init(new SecretKeySpec(key, "HmacSHA256"));
            return m;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
        }
    }

    /** HMAC of a text, hex (for the bootstrap's line protocol). */
    public String macHex(String text) {
        return HexFormat.of().formatHex(mac().doFinal(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Compares a received hex MAC with the MAC of {@code text}, in time independent of where they differ. */
    public boolean verifyHex(String text, String macHex) {
        final byte[] got;
        try {
            got = HexFormat.of().parseHex(macHex);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(mac().doFinal(text.getBytes(StandardCharsets.UTF_8)), got);
    }
}
