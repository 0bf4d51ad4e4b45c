package bamboo.corpus;

import bamboo.corpus.harness.GraphRun;
import bamboo.corpus.harness.Javac;
import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.Translation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The translated half of the differential harness: translate a corpus program with the translator core,
 * compile the program and its companions against the task-graph runtime ({@link Translation}), and run
 * the generated entry point on the runtime ({@link GraphRun}) capturing what the tasks print.
 */
final class TranslatedSide {
    /** How long one translated run may take before it counts as hanging. */
    private static final long TIMEOUT_MILLIS = 60_000;
    /** Per case: the compiled classes, or the error that translating or compiling ended with (kept, so
     *  the five task counts of a case do not translate and compile it five times). */
    private static final Map<String, Object> COMPILED = new ConcurrentHashMap<>();

    private TranslatedSide() {
    }

    /** Translates (once) and runs {@code program} on the runtime. */
    static RunOutcome run(CorpusProgram program, int tasks, int workers, int nodes, long latencyNanos) {
        Object compiled = COMPILED.computeIfAbsent(program.name(), n -> {
            try {
                return translateAndCompile(program);
            } catch (AssertionError e) {
                return e; // a Refused, or a compilation failure
            }
        });
        if (compiled instanceof AssertionError e) {
            throw e;
        }
        return GraphRun.run(program.name(), (Path) compiled, program.mainClass(), tasks, workers, nodes, latencyNanos,
                TIMEOUT_MILLIS);
    }

    private static Path translateAndCompile(CorpusProgram program) {
        String display = "programs/" + program.name() + "/" + program.source().getFileName();
        Path root = ProgramCompiler.outputRoot().resolveSibling("corpus-translated").resolve(program.name());
        try {
            return Translation.translateAndCompile(program.name(), display, program.source(),
                    program.othersByDisplayName(), root);
        } catch (Translation.Refused r) {
            throw new Refused(program.name(), r.diagnostics());
        } catch (Javac.CompileError e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** The translator refused the program; the diagnostics say why. */
    static final class Refused extends AssertionError {
        private static final long serialVersionUID = 1L;
        private final transient List<String> diagnostics;

        Refused(String caseName, List<String> diagnostics) {
            super(caseName + " does not translate:\n" + String.join("\n", diagnostics));
            this.diagnostics = List.copyOf(diagnostics);
        }

        List<String> diagnostics() {
            return diagnostics;
        }
    }
}
