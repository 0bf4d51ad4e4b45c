package bamboo.bench.apps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The figures over the rows of a benchmark: speed-up over {@code basic} and
 * communication hidden {@code (T_basic - T_x) / (T_basic - T_nocomm)}, as a text table and as CSV.
 */
public final class ResultTable {
    private final List<Row> rows;

    public ResultTable(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    public List<Row> rows() {
        return rows;
    }

    /** The {@code variant} row of {@code app} with figures (the steady-state one when a pass has both), or
     *  null. */
    public Row row(String app, String variant) {
        Row fresh = row(app, variant, true);
        Row steady = row(app, variant, false);
        return steady != null ? steady : fresh;
    }

    /** The row of exactly {@code plan} (failed and skipped ones too), or null: how passes of the same rows pair. */
    public Row row(RunPlan plan) {
        for (Row r : rows) {
            if (r.plan().equals(plan)) {
                return r;
            }
        }
        return null;
    }

    /** The {@code variant} row of {@code app} with figures whose classes are fresh per run or not, or null. */
    public Row row(String app, String variant, boolean freshClasses) {
        for (Row r : rows) {
            if (r.plan().app().name().equals(app) && r.plan().variant().equals(variant) && r.ok()
                    && r.plan().freshClasses() == freshClasses) {
                return r;
            }
        }
        return null;
    }

    /** Median time of the {@code variant} row of {@code app}; NaN when it has no figures. */
    public double medianOf(String app, String variant) {
        Row r = row(app, variant);
        return r == null ? Double.NaN : r.median();
    }

    /** The median of the row {@code row} is compared with: {@code variant} of its application, loading its
     *  classes as {@code row} does (in an A/B of the two ways, fresh rows against fresh rows). */
    private double reference(Row row, String variant) {
        String app = row.plan().app().name();
        Row same = row(app, variant, row.plan().freshClasses());
        return same != null ? same.median() : medianOf(app, variant);
    }

    /** {@code T_basic / T_row}; NaN without both figures. */
    public double speedup(Row row) {
        if (MpjPeer.isPeer(row.plan())) {
            return Double.NaN; // basic runs under the simulated interconnect, the peer without: see its note
        }
        double basic = reference(row, "basic");
        return row.ok() ? basic / row.median() : Double.NaN;
    }

    /** {@code (T_basic - T_row) / (T_basic - T_nocomm)}; NaN without the figures or when basic has no
     *  communication to hide. */
    public double hidden(Row row) {
        double basic = reference(row, "basic");
        double nocomm = reference(row, "nocomm");
        if (!row.ok() || !(basic - nocomm > 0) || MpjPeer.isPeer(row.plan())) {
            return Double.NaN;
        }
        return (basic - row.median()) / (basic - nocomm);
    }

    /** {@code (T_basic - T_nocomm) / T_basic}: the share of basic's time the interconnect costs. */
    public double commShare(String app) {
        double basic = medianOf(app, "basic");
        double nocomm = medianOf(app, "nocomm");
        return (basic - nocomm) / basic;
    }

    /** The table printed on standard output. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        // 20 columns for the variant, wider when a label needs it ("oversubscribed k=16 fresh").
        int width = Math.max(20, rows.stream().mapToInt(r -> r.plan().label().length()).max().orElse(0));
        String head = String.format(Locale.ROOT, "%-9s %-" + width + "s %4s %5s %9s %9s %9s %9s %12s  %s",
                "app", "variant", "np", "nodes", "median s", "min s", "max s", "speed-up", "comm hidden", "note");
        sb.append(head).append('\n').append("-".repeat(head.length())).append('\n');
        for (Row r : rows) {
            RunPlan p = r.plan();
            sb.append(String.format(Locale.ROOT, "%-9s %-" + width + "s %4d %5d %9s %9s %9s %9s %12s  %s",
                    p.app().name(), p.label(), p.np(), p.nodes(), seconds(r.ok() ? r.median() : Double.NaN),
                    seconds(r.ok() ? r.min() : Double.NaN), seconds(r.ok() ? r.max() : Double.NaN),
                    ratio(speedup(r)), percent(hidden(r)), MpjPeer.isPeer(p) ? MpjPeer.note(this, r) : r.status())
                    .stripTrailing()).append('\n');
        }
        for (String app : apps()) {
            double share = commShare(app);
            if (!Double.isNaN(share)) {
                sb.append(String.format(Locale.ROOT, "%s: communication is %s of basic's time (basic vs nocomm)%n",
                        app, percent(share)));
            }
        }
        return sb.toString();
    }

    /** The rows as CSV, one line per row, with every time of every repeat. */
    public String csv() {
        StringBuilder sb = new StringBuilder(
                "app,variant,k,form,np,nodes,cores_per_node,latency_ns,bandwidth_Bps,ranks_as,repeats,"
                        + "median_s,min_s,max_s,speedup,comm_hidden,times_s,status,cpu_s,classes,placement\n");
        for (Row r : rows) {
            RunPlan p = r.plan();
            String times = r.times().stream().map(t -> String.format(Locale.ROOT, "%.6f", t))
                    .collect(Collectors.joining(";"));
            sb.append(String.join(",", p.app().name(), p.variant(), Integer.toString(p.k()), p.form(),
                    Integer.toString(p.np()), Integer.toString(p.nodes()), Integer.toString(p.coresPerNode()),
                    Long.toString(p.latencyNanos()),
                    Double.isInfinite(p.bandwidth()) ? "inf" : String.format(Locale.ROOT, "%.0f", p.bandwidth()),
                    p.virtual() ? "virtual" : "platform", Integer.toString(r.times().size()),
                    number(r.ok() ? r.median() : Double.NaN), number(r.ok() ? r.min() : Double.NaN),
                    number(r.ok() ? r.max() : Double.NaN), number(speedup(r)), number(hidden(r)), times,
                    quote(r.status()), r.cpuTimes().stream().map(t -> String.format(Locale.ROOT, "%.3f", t))
                            .collect(Collectors.joining(";")), p.classes(), p.placement().toString())).append('\n');
        }
        return sb.toString();
    }

    /** Applications in row order. */
    public List<String> apps() {
        Map<String, Boolean> seen = new LinkedHashMap<>();
        for (Row r : rows) {
            seen.put(r.plan().app().name(), Boolean.TRUE);
        }
        return new ArrayList<>(seen.keySet());
    }

    static String seconds(double s) {
        return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.4f", s);
    }

    static String ratio(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2fx", x);
    }

    static String percent(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * x);
    }

    private static String number(double x) {
        return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.6f", x);
    }

    /** RFC 4180 quoting when needed. */
    static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
