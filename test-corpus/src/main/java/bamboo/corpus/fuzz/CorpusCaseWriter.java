package bamboo.corpus.fuzz;

import bamboo.corpus.harness.Javac;
import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.ShimRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes a (shrunk) program as a test-corpus case (docs/test-corpus.md): {@code <out>/fuzz-<seed>/}
 * with {@code Fuzz<seed>.java} in corpus mode (and its kernel's package, if it has one) and {@code expected.txt}. The expected hashes come from
 * running the program untranslated at 1..16 ranks (the untranslated program is the specification), so
 * the case prints {@code fuzz-<seed> OK} at every rank count untranslated, and the corpus harness
 * requires the same translated.
 */
public final class CorpusCaseWriter {
    private static final String SUMS = "fuzz sums [";

    private CorpusCaseWriter() {
    }

    /** The case directory name of a program. */
    public static String caseName(Program program) {
        return "fuzz-" + Long.toUnsignedString(program.seed());
    }

    /**
     * Writes the case and returns its directory.
     *
     * @param work scratch space for compiling and running
     * @throws IllegalStateException when the program fails untranslated (then it is no valid case)
     */
    public static Path write(Program program, Path outDir, Path work) {
        String caseName = caseName(program);
        String className = Differential.className(program.seed());
        Path scratch = work.resolve(caseName + "-case");
        try {
            Differential.deleteTree(scratch);
            long[] expected = expectedHashes(program, className, scratch.resolve("plain"));
            RenderedProgram checked = JavaRenderer.renderChecked(program, className, caseName, expected);
            Path checkedDir = scratch.resolve("checked");
            checked.write(checkedDir);
            // The corpus holds its programs to -Xlint:all, warnings fail.
            Javac.compile("corpus case " + caseName, checked.files(checkedDir), Javac.shimClassPath(),
                    checkedDir.resolve("classes"), true);
            for (int np : new int[] {1, 4}) {
                RunOutcome run = ShimRun.run(caseName, checkedDir.resolve("classes"), className, np, 1, 0);
                if (!run.completed() || !run.sortedLines().equals(List.of(caseName + " OK"))) {
                    throw new IllegalStateException(run.label() + " does not pass its own check: " + run.problem()
                            + " " + run.sortedLines());
                }
            }
            Path dir = outDir.resolve(caseName);
            checked.write(dir);
            Files.writeString(dir.resolve("expected.txt"), caseName + " OK\n", StandardCharsets.UTF_8);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the corpus case " + caseName + " under " + outDir, e);
        } finally {
            Differential.deleteTree(scratch);
        }
    }

    /** The hash of the checksums at 1..16 ranks, untranslated. */
    private static long[] expectedHashes(Program program, String className, Path dir) throws IOException {
        RenderedProgram plain = JavaRenderer.render(program, className);
        plain.write(dir);
        Path classes = dir.resolve("classes");
        Javac.compile("generated program " + className, plain.files(dir), Javac.shimClassPath(), classes, false);
        long[] expected = new long[JavaRenderer.MAX_CHECKED_RANKS + 1];
        for (int np = 1; np <= JavaRenderer.MAX_CHECKED_RANKS; np++) {
            RunOutcome run = ShimRun.run(className, classes, className, np, 1, 0);
            if (!run.completed()) {
                throw new IllegalStateException(run.label() + " " + run.problem());
            }
            expected[np] = JavaRenderer.hash(sums(run));
        }
        return expected;
    }

    /** The checksums a fuzz-mode run printed. */
    static List<Long> sums(RunOutcome run) {
        for (String line : run.sortedLines()) {
            if (line.startsWith(SUMS) && line.endsWith("]")) {
                List<Long> sums = new ArrayList<>();
                for (String v : line.substring(SUMS.length(), line.length() - 1).split(",")) {
                    sums.add(Long.parseLong(v.strip()));
                }
                return sums;
            }
        }
        throw new IllegalStateException(run.label() + " printed no checksums: " + Arrays.toString(run.sortedLines().toArray()));
    }
}
