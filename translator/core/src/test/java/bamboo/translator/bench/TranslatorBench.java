package bamboo.translator.bench;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Throughput of the translator on a large generated tree, against JavaParser's own parse-and-print of the
 * same tree (parse every file with the Java 17 language level, pretty-print it to a string).
 *
 * <p>Method: both sides run on the same in-memory files, in one JVM; warm-up rounds until both sides are
 * in steady state (at least eight, see {@link #warmUp}), then
 * {@code rounds} measured rounds (default 7) that alternate which side goes first, so load on this shared
 * machine hits both alike. Prints the median lines per second of each side and the median of the
 * per-round ratios, by wall clock, by process CPU time (which other processes on the machine cannot
 * inflate; it includes the garbage collector's and the JIT compiler's threads) and by the CPU time of the
 * thread that runs both sides (the work itself, without those); each measured round also shows the JIT
 * compilers' and the collectors' milliseconds during each side (JIT threads keep compiling the translator's
 * large body of code long after its speed has levelled off, and bill it to process CPU time). Every measured translation is checked: no diagnostics, and two companions per program.
 * Run: {@code java -cp ... bamboo.translator.bench.TranslatorBench [copies [golden-dir [rounds [min-warm-up]]]]}.
 */
public final class TranslatorBench {
    private TranslatorBench() {
    }

    public static void main(String[] args) throws IOException {
        int copies = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        List<SourceFile> tree = tree(Path.of(args.length > 1 ? args[1] : "src/test/resources/golden"), copies);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        long lines = tree.stream().mapToLong(f -> f.text().lines().count()).sum();
        System.out.println("tree: " + tree.size() + " files, " + lines + " lines; " + rounds + " rounds");
        int minWarmUp = args.length > 3 ? Integer.parseInt(args[3]) : MIN_WARM_UP;
        warmUp(tree, lines, minWarmUp);
        double[][] jp = new double[3][rounds];
        double[][] tr = new double[3][rounds];
        double[][] ratio = new double[3][rounds];
        for (int i = 0; i < rounds; i++) {
            double[][] ab = round(tree, i);
            double[] a = ab[0];
            double[] b = ab[1];
            for (int k = 0; k < 3; k++) {
                jp[k][i] = a[k];
                tr[k][i] = b[k];
                ratio[k][i] = a[k] / b[k];
            }
            System.out.printf("round %d: javaparser %.0f lines/s, translate %.0f lines/s, ratio %.2f"
                    + " (cpu: %.0f, %.0f, %.2f; main thread: %.0f, %.0f, %.2f; jit ms %.0f, %.0f; gc ms %.0f, %.0f)%n",
                    i + 1, lines / a[0], lines / b[0], ratio[0][i], lines / a[1], lines / b[1], ratio[1][i],
                    lines / a[2], lines / b[2], ratio[2][i], a[3], b[3], a[4], b[4]);
        }
        String[] clock = {"", "-cpu", "-main-thread-cpu"};
        for (int k = 0; k < 3; k++) {
            System.out.printf("metric javaparser-lines-per-s%s %.0f lines/s%n", clock[k], lines / median(jp[k]));
            System.out.printf("metric translate-lines-per-s%s %.0f lines/s%n", clock[k], lines / median(tr[k]));
            System.out.printf("metric translate-vs-javaparser%s %.2f (median of per-round ratios; target >= 0.50)%n",
                    clock[k], median(ratio[k]));
        }
    }

    /** Warm-up rounds no bench runs with fewer. */
    static final int MIN_WARM_UP = 8;

    /** Warm-up rounds the bench gives up after (and says so), if a side is still speeding up. */
    static final int MAX_WARM_UP = 60;

    /** The JIT compilers count as done while they spend at most this share of the last rounds' wall time. */
    static final double JIT_QUIET = 0.05;

    /** A side counts as still warming up while one of its last {@link #WINDOW} rounds is this much faster than every round before them. */
    static final double STILL_RISING = 1.03;

    /** How many rounds in a row must set no new high for a side to count as warm. */
    static final int WINDOW = 3;

    /**
     * Warm-up rounds, alternating which side goes first as the measured rounds do, printed: at least
     * {@code min}, then more until, over the last three rounds, neither side was more than 3% faster (by
     * the main thread's CPU time, which others' load on the machine cannot slow) than its best round
     * before them, and the JIT compilers spent at most 5% of those rounds' wall time compiling. Two
     * warm-up rounds (sessions 2-11) were too few: on JDK 17 JavaParser's side speeds up until about the
     * tenth round (19k lines/s in the first, 45-50k in the fourth, 62-63k from the tenth on, 2026-11-22),
     * while the translator's large body of code keeps C2 busy for about 35 translations (400-1000 ms of
     * compiling per translation at round 15, under 50 ms from round 35), its own speed creeping from 31k
     * to 35k lines/s by wall clock and its process CPU time (which bills the compiler threads) from 19k
     * to 33k; the median ratio of two warm-up rounds counted rounds where neither side was compiled. A
     * single slow round (a deoptimisation) sets no high, so the window also waits out the rounds after it.
     */
    private static void warmUp(List<SourceFile> tree, long lines, int min) {
        double[] jp = new double[MAX_WARM_UP];
        double[] tr = new double[MAX_WARM_UP];
        double[] wall = new double[MAX_WARM_UP];
        double[] jit = new double[MAX_WARM_UP];
        for (int i = 0; i < MAX_WARM_UP; i++) {
            double[][] ab = round(tree, i);
            double[] a = ab[0];
            double[] b = ab[1];
            jp[i] = lines / a[2];
            tr[i] = lines / b[2];
            wall[i] = a[0] + b[0];
            jit[i] = (a[3] + b[3]) / 1e3;
            boolean rising = rising(jp, i) || rising(tr, i) || compiling(wall, jit, i);
            System.out.printf("warm-up %d: javaparser %.0f lines/s, translate %.0f lines/s, ratio %.2f"
                    + " (cpu: %.0f, %.0f; main thread: %.0f, %.0f, %.2f; jit ms %.0f, %.0f)%s%n", i + 1, lines / a[0],
                    lines / b[0], a[0] / b[0], lines / a[1], lines / b[1], jp[i], tr[i], a[2] / b[2], a[3], b[3],
                    rising ? " rising" : "");
            if (i + 1 >= min && !rising) {
                System.out.println("steady after " + (i + 1) + " warm-up rounds");
                return;
            }
        }
        System.out.println("warning: still speeding up after " + MAX_WARM_UP + " warm-up rounds");
    }

    /** Whether the JIT compilers spent more than {@link #JIT_QUIET} of the last {@link #WINDOW} rounds' wall time. */
    static boolean compiling(double[] wall, double[] jit, int i) {
        double w = 0;
        double j = 0;
        for (int k = Math.max(0, i - WINDOW + 1); k <= i; k++) {
            w += wall[k];
            j += jit[k];
        }
        return j > JIT_QUIET * w;
    }

    /** Whether one of the last {@link #WINDOW} rates up to {@code i} beats every earlier rate by 3%. */
    static boolean rising(double[] rate, int i) {
        int from = i - WINDOW + 1;
        if (from <= 0) {
            return true;
        }
        double before = 0;
        for (int k = 0; k < from; k++) {
            before = Math.max(before, rate[k]);
        }
        for (int k = from; k <= i; k++) {
            if (rate[k] > STILL_RISING * before) {
                return true;
            }
        }
        return false;
    }

    /** One round: JavaParser's side and ours, timed, in an order that alternates with {@code i} (so neither
     *  always runs first); {@code {javaParser, translate}}. */
    private static double[][] round(List<SourceFile> tree, int i) {
        if (i % 2 == 0) {
            double[] a = time(() -> parseAndPrint(tree));
            return new double[][] {a, time(() -> translate(tree))};
        }
        double[] b = time(() -> translate(tree));
        return new double[][] {time(() -> parseAndPrint(tree)), b};
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /**
     * Wall seconds and process CPU seconds (every thread of the JVM, so garbage collection counts) of one
     * run. CPU time is what a shared machine cannot steal: a run that other processes preempt or stop
     * takes longer on the wall but not on the CPU.
     */
    private static double[] time(Runnable r) {
        long j0 = jitMillis();
        long g0 = gcMillis();
        long c0 = CPU.getProcessCpuTime();
        long m0 = THREAD.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        r.run();
        long t1 = System.nanoTime();
        long m1 = THREAD.getCurrentThreadCpuTime();
        long c1 = CPU.getProcessCpuTime();
        return new double[] {(t1 - t0) / 1e9, (c1 - c0) / 1e9, (m1 - m0) / 1e9, jitMillis() - j0, gcMillis() - g0};
    }

    /** Milliseconds the JIT compilers have spent so far (their threads count in process CPU time, not the main thread's). */
    private static long jitMillis() {
        java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** Milliseconds of garbage collection so far (every collector's accumulated collection time). */
    private static long gcMillis() {
        long ms = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    private static final java.lang.management.ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private static void parseAndPrint(List<SourceFile> tree) {
        JavaParser p = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        long chars = 0;
        for (SourceFile f : tree) {
            CompilationUnit cu = p.parse(f.text()).getResult().orElseThrow();
            chars += cu.toString().length();
        }
        if (chars == 0) {
            throw new IllegalStateException();
        }
    }

    private static void translate(List<SourceFile> tree) {
        TranslationResult r = new Translator().translate(tree);
        long programs = tree.stream().filter(f -> f.text().contains("@Bamboo")).count();
        if (!r.ok() || r.programs() != programs || r.generated().size() != 2 * programs) {
            throw new IllegalStateException("incomplete translation: " + r.generated().size() + " companions for "
                    + programs + " programs; " + r.diagnostics());
        }
    }

    /** {@code copies} renamed copies of every input program, each with a bulky compute helper. */
    static List<SourceFile> tree(Path golden, int copies) throws IOException {
        List<String> programs = new ArrayList<>();
        try (Stream<Path> s = Files.walk(golden)) {
            for (Path p : (Iterable<Path>) s.filter(x -> x.toString().endsWith(".java")
                    && !x.toString().contains("expected"))::iterator) {
                programs.add(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        List<SourceFile> out = new ArrayList<>();
        for (int c = 0; c < copies; c++) {
            for (String text : programs) {
                String name = text.replaceAll("(?s).*public class (\\w+).*", "$1");
                String copy = text.replace(name, name + "V" + c);
                int end = copy.lastIndexOf('}');
                copy = copy.substring(0, end) + filler() + "}\n";
                out.add(new SourceFile(name + "V" + c + ".java", copy));
            }
        }
        return out;
    }

    private static String filler() {
        StringBuilder b = new StringBuilder();
        for (int m = 0; m < 4; m++) {
            b.append("    static double kernel").append(m).append("(double[] a, double[] b, int n) {\n");
            b.append("        double s = 0;\n");
            b.append("        for (int i = 1; i < n - 1; i++) {\n");
            b.append("            b[i] = 0.25 * (a[i - 1] + 2 * a[i] + a[i + 1]);\n");
            b.append("            if (b[i] > s) {\n                s = b[i];\n            }\n");
            b.append("        }\n        return s;\n    }\n");
        }
        return b.toString();
    }
}
