package bamboo.corpus.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs many generated programs: program {@code i} of a campaign with seed {@code S} has seed
 * {@code S + i} (so {@code --seed S+i --count 1} reruns it alone). A program that diverges is shrunk and
 * written out as a corpus case. Refusals and invalid programs are generator bugs: counted apart, never
 * as clean. Knows nothing about the command line; a {@link Listener} hears about each program.
 */
public final class Campaign {

    /**
     * What to run.
     *
     * @param keepDir where to keep every generated program's source, or null
     * @param outDir where to write the shrunk corpus case of every divergence, or null (not written)
     * @param shrinkBudget the most variants the shrinker tries per divergence (0: no shrinking)
     */
    public record Settings(long seed, int count, RunPlan plan, Path workRoot, Path keepDir, Path outDir, int shrinkBudget) {
        public Settings {
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0, got " + count);
            }
        }
    }

    /** A program that did not come out clean. */
    public record Finding(long seed, Verdict verdict, Program shrunk, Path writtenCase) {
    }

    /** What a campaign found. */
    public record Summary(int ran, int clean, int diverged, int refused, int invalid, long elapsedNanos,
                          List<Finding> findings) {
        /** True when every program ran clean. */
        public boolean allClean() {
            return clean == ran;
        }
    }

    /** Hears about the campaign as it goes (for a progress line). */
    public interface Listener {
        /** Program {@code index} (0-based) of seed {@code seed} finished with {@code verdict}. */
        void finished(int index, long seed, Verdict verdict, Summary soFar);

        /** A divergence is being shrunk. */
        default void shrinking(long seed) {
        }

        /** A shrunk divergence was written as a corpus case (null when not written). */
        default void found(Finding finding) {
        }
    }

    /** Programs compiled in one javac call. */
    private static final int BATCH = 10;

    private Campaign() {
    }

    /** Runs the campaign. */
    public static Summary run(Settings s, Listener listener) {
        long start = System.nanoTime();
        Differential differential = new Differential(s.plan(), s.workRoot());
        int clean = 0;
        int diverged = 0;
        int refused = 0;
        int invalid = 0;
        List<Finding> findings = new ArrayList<>();
        for (int first = 0; first < s.count(); first += BATCH) {
            List<Program> batch = new ArrayList<>();
            for (int i = first; i < Math.min(s.count(), first + BATCH); i++) {
                Program program = ProgramGenerator.generate(s.seed() + i);
                if (s.keepDir() != null) {
                    keep(program, s.keepDir());
                }
                batch.add(program);
            }
            List<Verdict> verdicts = differential.checkAll(batch);
            for (int b = 0; b < batch.size(); b++) {
                Program program = batch.get(b);
                Verdict verdict = verdicts.get(b);
                switch (verdict.kind()) {
                    case CLEAN -> clean++;
                    case DIVERGED -> diverged++;
                    case REFUSED -> refused++;
                    case INVALID -> invalid++;
                }
                if (!verdict.isClean()) {
                    Finding finding = verdict.kind() == Verdict.Kind.DIVERGED
                            ? shrinkAndWrite(program, verdict, differential, s, listener)
                            : new Finding(program.seed(), verdict, null, null);
                    findings.add(finding);
                }
                listener.finished(first + b, program.seed(), verdict, new Summary(first + b + 1, clean, diverged, refused,
                        invalid, System.nanoTime() - start, List.copyOf(findings)));
            }
        }
        return new Summary(s.count(), clean, diverged, refused, invalid, System.nanoTime() - start, List.copyOf(findings));
    }

    private static Finding shrinkAndWrite(Program program, Verdict verdict, Differential differential, Settings s,
                                          Listener listener) {
        Program shrunk = program;
        if (s.shrinkBudget() > 0) {
            listener.shrinking(program.seed());
            shrunk = Shrinker.shrink(program, p -> differential.check(p).kind() == Verdict.Kind.DIVERGED,
                    s.shrinkBudget()).program();
        }
        Verdict shrunkVerdict = shrunk == program ? verdict : differential.check(shrunk);
        Path written = null;
        if (s.outDir() != null) {
            written = CorpusCaseWriter.write(shrunk, s.outDir(), s.workRoot());
        }
        Finding finding = new Finding(program.seed(), shrunkVerdict, shrunk, written);
        listener.found(finding);
        return finding;
    }

    private static void keep(Program program, Path dir) {
        String name = Differential.className(program.seed());
        try {
            JavaRenderer.render(program, name).write(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep " + name + " in " + dir, e);
        }
    }
}
