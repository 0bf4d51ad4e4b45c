import bamboo.bench.apps.PairedRatio;
import bamboo.bench.apps.Row;
import bamboo.runtime.Graph;
import bamboo.runtime.Profile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A/B of the runtime's idle modes in ONE JVM (scripts/idle-ab.sh builds and runs it): a translated
 * application with the bench's settings (cannon: n=864, 4 nodes x 1 worker, 100 us, 35 MB/s, k x k tasks
 * per node; jacobi3d: n=128, 120 iterations, 2 nodes x 1 worker, 500 us, 100 MB/s, k tasks per node) for
 * each k, the modes interleaved and their order rotated each round, 2 rounds of warm-up. Per run: the program's own time,
 * the process's CPU time during the run, and from the runtime's profile the workers' and handlers'
 * parks and yields and the workers' idle time. Prints every run, the medians, and each mode after the first over
 * the first per pair (time and CPU: median of the round-by-round ratios and its 90% interval, as bench apps'
 * targets compare variants).
 *
 * <p>Arguments: app (cannon or jacobi3d), rounds, k list (e.g. 4,9,16), modes (e.g. fixed,adaptive). A
 * mode is an idle mode (sets {@code bamboo.idle}), a system property assignment such as
 * {@code bamboo.remoteFirst=true}, or several of these joined by {@code +}
 * ({@code fixed+bamboo.remoteFirst=true}). Before each run every property any mode names is put back to
 * its value at start, then the run's mode is applied: a mode's settings never leak into the next run.
 */
public final class IdleAB {
    private static final Pattern TIME = Pattern.compile("(?m)^(\\S+) (\\S+): time ([0-9.eE+-]+) s$");
    private static final String[] COLUMNS = {"time s", "cpu s", "w.parks", "w.yields", "h.parks", "h.yields", "w.idle ms"};

    public static void main(String[] args) throws ReflectiveOperationException {
        String app = args[0];
        int rounds = Integer.parseInt(args[1]);
        String[] ks = args[2].split(",");
        String[] modes = args[3].split(",");
        boolean cannon = app.equals("cannon");
        if (!cannon && !app.equals("jacobi3d")) {
            throw new IllegalArgumentException("IdleAB: app must be cannon or jacobi3d, got " + app);
        }
        Method graph = Class.forName("bamboo.examples." + app + ".Annotated_Bamboo")
                .getMethod("graph", int.class, String[].class);
        String[] appArgs = cannon ? new String[] {"n=864", "warmup=true"}
                : new String[] {"n=128", "iters=120", "errEvery=10", "warmup=true"};
        int nodes = cannon ? 4 : 2;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<String, List<double[]>> rows = new LinkedHashMap<>();
        Map<String, String> original = originals(modes);
        int width = 8;
        for (String mode : modes) {
            width = Math.max(width, mode.length());
        }
        PrintStream out = System.out;
        for (int round = -2; round < rounds; round++) {
            for (String kText : ks) {
                int k = Integer.parseInt(kText);
                for (int i = 0; i < modes.length; i++) {
                    String mode = modes[(i + Math.max(round, 0)) % modes.length];
                    apply(mode, original);
                    ByteArrayOutputStream printed = new ByteArrayOutputStream();
                    System.setOut(new PrintStream(printed, true));
                    long cpu0 = os.getProcessCpuTime();
                    Graph.Result r;
                    try {
                        Graph.Builder b = (Graph.Builder) graph.invoke(null, nodes * k, appArgs);
                        r = cannon ? b.workers(1).nodes(4).latency(100_000).bandwidth(35e6).build().run()
                                : b.workers(1).nodes(2).latency(500_000).bandwidth(100e6).build().run();
                    } finally {
                        System.setOut(out);
                    }
                    double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
                    Matcher m = TIME.matcher(printed.toString());
                    double time = m.find() ? Double.parseDouble(m.group(3)) : Double.NaN;
                    Profile p = r.profile();
                    double[] row = {time, cpu, sum(p, false, true), sum(p, false, false), sum(p, true, true),
                        sum(p, true, false), p.threads().stream().filter(t -> !t.handler())
                            .mapToLong(Profile.ThreadProfile::idleNanos).sum() / 1e6};
                    out.printf(Locale.ROOT, "%s k=%-2d %-" + width + "s%s%n", round < 0 ? "warm-up " : "round " + round,
                            k, mode, format(row));
                    if (round >= 0) {
                        rows.computeIfAbsent("k=" + k + " " + mode, x -> new ArrayList<>()).add(row);
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "medians of %d rounds:%n%-" + (width + 6) + "s", rounds, "");
        for (String c : COLUMNS) {
            out.printf(Locale.ROOT, "%10s", c);
        }
        out.println();
        for (Map.Entry<String, List<double[]>> e : rows.entrySet()) {
            double[] med = new double[COLUMNS.length];
            for (int c = 0; c < med.length; c++) {
                final int col = c;
                med[c] = Row.median(e.getValue().stream().mapToDouble(x -> x[col]).toArray());
            }
            out.printf(Locale.ROOT, "%-" + (width + 6) + "s%s%n", e.getKey(), format(med));
        }
        if (rounds > 0) {
            perPair(out, rows, ks, modes);
        }
    }

    /** Each mode after the first over the first, round by round (round r of both ran back to back), with the
     *  figure and 90% interval bench apps' targets use (PairedRatio). */
    private static void perPair(PrintStream out, Map<String, List<double[]>> rows, String[] ks, String[] modes) {
        for (String kText : ks) {
            int k = Integer.parseInt(kText);
            List<double[]> base = rows.get("k=" + k + " " + modes[0]);
            for (int i = 1; i < modes.length; i++) {
                List<double[]> other = rows.get("k=" + k + " " + modes[i]);
                out.printf(Locale.ROOT, "k=%-2d %s/%s per pair: time %s, cpu %s%n", k, modes[i], modes[0],
                        PairedRatio.of(column(other, 0), column(base, 0)).format(),
                        PairedRatio.of(column(other, 1), column(base, 1)).format());
            }
        }
    }

    /** The start values (null: unset) of every property a mode sets, bamboo.idle always among them. */
    private static Map<String, String> originals(String[] modes) {
        Map<String, String> original = new LinkedHashMap<>();
        original.put(Graph.IdleMode.PROPERTY, System.getProperty(Graph.IdleMode.PROPERTY));
        for (String mode : modes) {
            for (String part : mode.split("\\+")) {
                int eq = part.indexOf('=');
                if (eq == 0 || part.isEmpty()) {
                    throw new IllegalArgumentException("IdleAB: bad mode '" + mode
                            + "': expected fixed, adaptive, name=value, or several joined by +");
                }
                if (eq > 0) {
                    String key = part.substring(0, eq);
                    original.put(key, System.getProperty(key));
                }
            }
        }
        return original;
    }

    /** Puts every property back to its start value, then sets the mode's. */
    private static void apply(String mode, Map<String, String> original) {
        for (Map.Entry<String, String> e : original.entrySet()) {
            if (e.getValue() == null) {
                System.clearProperty(e.getKey());
            } else {
                System.setProperty(e.getKey(), e.getValue());
            }
        }
        for (String part : mode.split("\\+")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                System.setProperty(part.substring(0, eq), part.substring(eq + 1));
            } else {
                System.setProperty(Graph.IdleMode.PROPERTY, part);
            }
        }
    }

    private static double[] column(List<double[]> runs, int col) {
        return runs.stream().mapToDouble(r -> r[col]).toArray();
    }

    private static double sum(Profile p, boolean handlers, boolean parks) {
        return p.threads().stream().filter(t -> t.handler() == handlers)
                .mapToLong(t -> parks ? t.parks() : t.yields()).sum();
    }

    private static String format(double[] row) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%10.4f%10.3f", row[0], row[1]));
        for (int i = 2; i < row.length; i++) {
            b.append(String.format(Locale.ROOT, "%10.0f", row[i]));
        }
        return b.toString();
    }
}
