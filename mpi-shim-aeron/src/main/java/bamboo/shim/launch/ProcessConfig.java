package bamboo.shim.launch;

import bamboo.shim.aeron.AeronSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * How {@link ProcessJob} runs a job of one JVM per rank.
 *
 * @param np            number of ranks (&gt;= 1)
 * @param hostfile      where ranks run (UDP between per-process drivers, endpoints exchanged through the
 *                      launcher's bootstrap server), or null for all ranks on this machine sharing one
 *                      media driver over aeron:ipc
 * @param aeronDir      directory of an external media driver already running on this machine, or null for
 *                      a driver embedded in the launcher (local runs only)
 * @param bootstrapHost the launcher's address as the hosts of a hostfile reach it, or null to guess
 * @param settings      Aeron term length and timeouts
 * @param prefixOutput  prefix each line a rank prints with {@code [rank] }
 * @param jvmOptions    extra options for every rank JVM (the Agrona/Aeron flags are always added)
 * @param out           where the ranks' standard output goes
 * @param err           where the ranks' standard error and the launcher's messages go
 */
public record ProcessConfig(int np, Path hostfile, String aeronDir, String bootstrapHost, AeronSettings settings,
                            boolean prefixOutput, List<String> jvmOptions, PrintStream out, PrintStream err) {
    public ProcessConfig {
        if (np < 1) {
            throw new IllegalArgumentException("ProcessJob: np must be at least 1 (got " + np + ")");
        }
        if (settings == null || jvmOptions == null || out == null || err == null) {
            throw new IllegalArgumentException("ProcessJob: settings, jvmOptions, out and err must not be null");
        }
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** Options every rank JVM gets from the launcher's environment (whitespace-separated, as for the
     *  launcher's own JVM). */
    public static final String JAVA_OPTS = "BAMBOO_JAVA_OPTS";
    /** More rank JVM options, one per line, after those of {@link #JAVA_OPTS} (what {@code ./bamboo run
     *  --jvm-opt} sets: an option may then hold spaces). */
    public static final String JVM_OPTIONS_PROPERTY = "bamboo.rank.jvm.options";

    /**
     * {@code np} ranks on this machine, embedded driver, default settings, output as-is to System.out/err;
     * rank JVM options {@code -XX:+UseSerialGC}, then those in {@code BAMBOO_JAVA_OPTS}, then those of the
     * system property {@link #JVM_OPTIONS_PROPERTY} (later ones win).
     */
    public static ProcessConfig of(int np) {
        final List<String> options = new java.util.ArrayList<>(List.of("-XX:+UseSerialGC"));
        final String env = System.getenv(JAVA_OPTS);
        if (env != null && !env.isBlank()) {
            options.addAll(List.of(env.trim().split("\\s+")));
        }
        final String given = System.getProperty(JVM_OPTIONS_PROPERTY);
        if (given != null && !given.isEmpty()) {
            options.addAll(List.of(given.split("\n")));
        }
        return new ProcessConfig(np, null, null, null, AeronSettings.fromEnvironment(System.getenv()), false,
                options, System.out, System.err);
    }

    public ProcessConfig withHostfile(Path file) {
        return new ProcessConfig(np, file, aeronDir, bootstrapHost, settings, prefixOutput, jvmOptions, out, err);
    }

    public ProcessConfig withAeronDir(String dir) {
        return new ProcessConfig(np, hostfile, dir, bootstrapHost, settings, prefixOutput, jvmOptions, out, err);
    }

    public ProcessConfig withBootstrapHost(String host) {
        return new ProcessConfig(np, hostfile, aeronDir, host, settings, prefixOutput, jvmOptions, out, err);
    }

    public ProcessConfig withSettings(AeronSettings s) {
        return new ProcessConfig(np, hostfile, aeronDir, bootstrapHost, s, prefixOutput, jvmOptions, out, err);
    }

    public ProcessConfig withPrefixOutput(boolean prefix) {
        return new ProcessConfig(np, hostfile, aeronDir, bootstrapHost, settings, prefix, jvmOptions, out, err);
    }

    public ProcessConfig withJvmOptions(List<String> options) {
        return new ProcessConfig(np, hostfile, aeronDir, bootstrapHost, settings, prefixOutput, options, out, err);
    }

    public ProcessConfig withOutput(PrintStream o, PrintStream e) {
        return new ProcessConfig(np, hostfile, aeronDir, bootstrapHost, settings, prefixOutput, jvmOptions, o, e);
    }
}
