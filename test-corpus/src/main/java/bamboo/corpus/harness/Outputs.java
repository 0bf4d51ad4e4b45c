package bamboo.corpus.harness;

import java.util.Arrays;
import java.util.List;

/** How outputs are compared: as sorted lines, so the interleaving of ranks' prints does not matter. */
public final class Outputs {
    private Outputs() {
    }

    /** The non-blank lines of {@code output}, stripped and sorted. */
    public static List<String> sortedLines(String output) {
        return Arrays.stream(output.split("\\R")).map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
    }

    /** The non-blank lines of {@code lines}, stripped and sorted. */
    public static List<String> sorted(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
    }

    /** Null when the output passes the program's self-check (at least one line, every line ends in OK),
     *  else a sentence saying what is wrong. */
    public static String selfCheckProblem(List<String> lines) {
        if (lines.isEmpty()) {
            return "the program printed nothing";
        }
        for (String line : lines) {
            if (!line.endsWith(" OK")) {
                return "self-check failed: " + line;
            }
        }
        return null;
    }
}
