package bamboo.corpus.harness;

import java.util.List;

/**
 * What one run of a program produced.
 *
 * @param label what ran, e.g. {@code ring untranslated np=4 nodes=3 latency=20000ns}
 * @param problem null when the run completed, else one line saying how it ended (exception, deadlock)
 * @param output everything the ranks printed to standard output
 */
public record RunOutcome(String label, String problem, String output) {
    /** True when the run completed (no exception, no deadlock, no timeout). */
    public boolean completed() {
        return problem == null;
    }

    /** The output's non-blank lines, sorted. */
    public List<String> sortedLines() {
        return Outputs.sortedLines(output);
    }
}
