package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.Program;
import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.stmt.LabeledStmt;

import java.util.List;
import java.util.Locale;

/**
 * A label one typo away from a block of the programming model ({@code recieve:}, {@code olpa:},
 * {@code Compute:}) is a plain Java label to the translator: the block runs as written, without overlap, or
 * the region around it is refused for a stray statement. The warning names the label meant.
 */
public final class LabelTypoRule implements SourceRule {
    private static final List<String> LABELS = List.of("olap", "send", "receive", "compute");

    @Override
    public void check(List<ParsedUnit> units, List<Program> programs, boolean errors, Diagnostics d) {
        for (ParsedUnit u : units) {
            for (LabeledStmt l : u.unit().findAll(LabeledStmt.class)) {
                String label = l.getLabel().asString();
                String meant = meant(label);
                if (meant != null) {
                    d.warning(u.fileName(), l, "label '" + label + "' is not a block of the programming model: did you "
                            + "mean `" + meant + "`? (as written it is a plain Java label: the translator "
                            + (meant.equals("olap") ? "makes no region of it" : "does not take it for a " + meant
                            + " block") + ")");
                }
            }
        }
    }

    /** The label of the programming model {@code label} is a typo of, or null. */
    static String meant(String label) {
        if (BlockKind.ofLabel(label) != null || BlockKind.isRegionLabel(label)) {
            return null;
        }
        String lower = label.toLowerCase(Locale.ROOT);
        for (String known : LABELS) {
            // one edit for the four-letter labels, two for the longer; the first letter right, so that
            // ordinary labels (end, loop) are not taken for typos
            if (!lower.isEmpty() && lower.charAt(0) == known.charAt(0)
                    && distance(lower, known) <= (known.length() > 4 ? 2 : 1)) {
                return known;
            }
        }
        return null;
    }

    /** Edit distance with adjacent transpositions (optimal string alignment): {@code recieve} is one from {@code receive}. */
    static int distance(String a, String b) {
        int[][] t = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            t[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            t[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                t[i][j] = Math.min(Math.min(t[i - 1][j] + 1, t[i][j - 1] + 1), t[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    t[i][j] = Math.min(t[i][j], t[i - 2][j - 2] + 1);
                }
            }
        }
        return t[a.length()][b.length()];
    }
}
