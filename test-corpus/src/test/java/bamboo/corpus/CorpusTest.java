package bamboo.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import bamboo.corpus.harness.Outputs;
import bamboo.corpus.harness.RunOutcome;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Timeout;

/**
 * The differential harness over test-corpus/programs. For every program and every rank count of
 * {@link #COUNTS}:
 * <ul>
 *   <li>{@link #untranslated}: the program, compiled against the shim, runs on the threads device on one
 *       node and on three simulated nodes with latency; both runs must complete, pass the program's own
 *       check (every line it prints ends in {@code OK}), print the same sorted lines, and match the
 *       case's {@code expected.txt} when it has one;</li>
 *   <li>{@link #translated}: the program, translated, runs on the task-graph runtime at the same task
 *       count with 1 and 2 workers on 1 and 3 nodes, and must print exactly the untranslated sorted
 *       lines.</li>
 * </ul>
 * A program that needs an mpiJava call the shim does not offer yet is skipped, naming the call.
 */
class CorpusTest {
    /** Rank (and task) counts every program runs at. */
    static final int[] COUNTS = {1, 2, 4, 7, 16};
    /** Worker threads per process for translated runs. */
    static final int[] WORKERS = {1, 2};
    /** The simulated node counts; three nodes get {@link #LATENCY_NANOS} between them. */
    static final int MANY_NODES = 3;
    static final long LATENCY_NANOS = 20_000;

    static Stream<Arguments> cases() {
        return Corpus.names().stream().flatMap(n -> java.util.Arrays.stream(COUNTS).mapToObj(np -> Arguments.of(n, np)));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void untranslated(String name, int np) {
        CorpusProgram program = Corpus.get(name);
        assumeShimOffersEverything(program);
        RunOutcome oneNode = UntranslatedRunner.reference(program, np);
        requireSelfCheck(oneNode);
        program.expected().ifPresent(expected ->
                assertEquals(Outputs.sorted(expected), oneNode.sortedLines(), oneNode.label() + ": output differs from expected.txt"));
        int nodes = Math.min(MANY_NODES, np);
        if (nodes > 1) {
            RunOutcome manyNodes = UntranslatedRunner.run(program, np, nodes, LATENCY_NANOS);
            requireSelfCheck(manyNodes);
            assertEquals(oneNode.sortedLines(), manyNodes.sortedLines(),
                    manyNodes.label() + ": output differs from the run on one node");
        }
    }

    @ParameterizedTest(name = "{0} translated tasks={1}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void translated(String name, int tasks) {
        CorpusProgram program = Corpus.get(name);
        assumeShimOffersEverything(program);
        RunOutcome reference = UntranslatedRunner.reference(program, tasks);
        requireSelfCheck(reference);
        for (int workers : WORKERS) {
            for (int nodes : new int[] {1, Math.min(MANY_NODES, tasks)}) {
                RunOutcome run = runTranslated(program, tasks, workers, nodes);
                requireSelfCheck(run);
                assertEquals(reference.sortedLines(), run.sortedLines(),
                        run.label() + ": translated output differs from the untranslated output");
            }
        }
    }

    /** Runs the translated program; a refusal listed in translator-gaps.txt skips the case, naming it. */
    private static RunOutcome runTranslated(CorpusProgram program, int tasks, int workers, int nodes) {
        try {
            RunOutcome run = TranslatedSide.run(program, tasks, workers, nodes, nodes > 1 ? LATENCY_NANOS : 0);
            if (TranslatorGaps.all().containsKey(program.name())) {
                System.err.println("note: translator-gaps.txt lists " + program.name()
                        + ", which now translates: remove the line");
            }
            return run;
        } catch (TranslatedSide.Refused refused) {
            String gap = TranslatorGaps.excuse(program.name(), refused.diagnostics());
            Assumptions.assumeTrue(gap == null, () -> "known translator gap (translator-gaps.txt): " + gap);
            throw refused;
        }
    }

    private static void assumeShimOffersEverything(CorpusProgram program) {
        Set<String> missing = ShimFeatures.missing(program.text());
        Assumptions.assumeTrue(missing.isEmpty(),
                () -> program.name() + " needs " + missing + ", which the mpi-shim does not offer yet");
    }

    private static void requireSelfCheck(RunOutcome run) {
        if (!run.completed()) {
            fail(run.label() + " " + run.problem() + "\noutput:\n" + run.output());
        }
        String problem = Outputs.selfCheckProblem(run.sortedLines());
        assertTrue(problem == null, () -> run.label() + ": " + problem + "\noutput:\n" + run.output());
    }
}
