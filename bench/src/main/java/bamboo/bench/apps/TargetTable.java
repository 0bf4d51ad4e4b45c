package bamboo.bench.apps;

import java.util.List;
import java.util.Locale;

/** The verdicts of {@link TargetVerdicts} as the section printed after the table and as {@code targets.csv}. */
public final class TargetTable {
    private final List<Verdict> verdicts;

    public TargetTable(List<Verdict> verdicts) {
        this.verdicts = List.copyOf(verdicts);
    }

    public List<Verdict> verdicts() {
        return verdicts;
    }

    /** The section "Targets": its lines indented, so that a line starting with an application's name
     *  is still a row of the table above it. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Targets, judged from this run: figure and its %.0f%% interval"
                + " (bootstrap over the repeats)%n", 100 * RoundBootstrap.LEVEL));
        String head = String.format(Locale.ROOT, "  %-9s %-29s %7s  %-17s %7s  %-12s  %s", "app", "target", "figure",
                "interval", "bound", "verdict", "from");
        sb.append(head).append('\n').append("  ").append("-".repeat(head.length() - 2)).append('\n');
        for (Verdict v : verdicts) {
            Target t = v.target();
            String interval = Double.isNaN(v.low()) ? "-" : "[" + t.format(v.low()) + ", " + t.format(v.high()) + "]";
            String from = v.kind() == Verdict.Kind.NOT_MEASURED ? v.detail()
                    : v.detail() + "; " + v.rounds() + (v.rounds() == 1 ? " repeat" : " repeats");
            sb.append(String.format(Locale.ROOT, "  %-9s %-29s %7s  %-17s %7s  %-12s  %s", v.app(), t.label(),
                    t.format(v.figure()), interval, t.format(t.bound()), v.kind().text(), from)).append('\n');
        }
        if (verdicts.isEmpty()) {
            sb.append("(no application in this run)\n");
        }
        sb.append("MET / NOT MET: the figure and its whole interval on one side of the bound; UNDECIDED: the\n")
                .append("interval straddles the bound; NOT MEASURED: the rows are not in this run. Best k: the\n")
                .append("fastest median, which flatters the variant chosen (see --help).\n");
        return sb.toString();
    }

    /** {@code targets.csv}: one line per verdict; the figure, its interval and the bound as fractions or
     *  ratios (hidden 0.80 is 80%), empty when not measured. */
    public String csv() {
        StringBuilder sb = new StringBuilder("app,target,figure,low,high,bound,verdict,repeats,from\n");
        for (Verdict v : verdicts) {
            sb.append(String.join(",", v.app(), v.target().id(), number(v.figure()), number(v.low()),
                    number(v.high()), number(v.target().bound()), v.kind().text(), Integer.toString(v.rounds()),
                    ResultTable.quote(v.detail()))).append('\n');
        }
        return sb.toString();
    }

    private static String number(double x) {
        if (Double.isNaN(x)) {
            return "";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%.6f", x);
    }
}
