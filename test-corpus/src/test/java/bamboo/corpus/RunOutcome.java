package bamboo.corpus;

import java.util.List;

/**
 * What one run of a corpus program produced.
 *
 * @param label what ran, e.g. {@code ring untranslated np=4 nodes=3 latency=20000ns}
 * @param problem null when the run completed, else one line saying how it ended (exception, deadlock)
 * @param output everything the ranks printed to standard output
 */
record RunOutcome(String label, String problem, String output) {
    boolean completed() {
        return problem == null;
    }

    List<String> sortedLines() {
        return Outputs.sortedLines(output);
    }
}
