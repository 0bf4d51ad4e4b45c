package bamboo.bench.apps;

import bamboo.shim.net.RankPlacement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back a {@code results.csv} that {@link ResultTable#csv()} wrote, into rows with every repeat's time
 * in run order: what {@code bench apps --targets-from} judges without running anything. Columns are found by
 * the header's names, so files that lack the later columns ({@code cpu_s}, {@code classes},
 * {@code placement}: block before it) still read.
 */
final class ResultsCsv {
    private static final List<String> NEEDED = List.of("app", "variant", "k", "form", "np", "nodes",
            "cores_per_node", "latency_ns", "bandwidth_Bps", "ranks_as", "times_s", "status");

    private ResultsCsv() {
    }

    /**
     * The rows of {@code text}; a malformed file is an {@link IllegalArgumentException} naming
     * {@code name}, the line and what is wrong.
     */
    static ResultTable read(String name, String text) {
        List<Record> records = records(text);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(name + ": empty, expected a results.csv of bench apps");
        }
        Map<String, Integer> col = new HashMap<>();
        List<String> header = records.get(0).fields();
        for (int i = 0; i < header.size(); i++) {
            col.put(header.get(i), i);
        }
        for (String c : NEEDED) {
            if (!col.containsKey(c)) {
                throw new IllegalArgumentException(name + ":1: no column '" + c + "': not a results.csv of bench apps");
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Record r : records.subList(1, records.size())) {
            rows.add(row(name + ":" + r.line(), r.fields(), col));
        }
        return new ResultTable(rows);
    }

    private static Row row(String where, List<String> f, Map<String, Integer> col) {
        if (f.size() != col.size()) {
            throw new IllegalArgumentException(where + ": " + f.size() + " fields, the header has " + col.size());
        }
        String status = f.get(col.get("status"));
        String skip = status.startsWith("skipped: ") ? status.substring("skipped: ".length()) : null;
        AppSpec app;
        try {
            app = Apps.byName(f.get(col.get("app")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": unknown application '" + f.get(col.get("app"))
                    + "' (known: " + Apps.names() + ")");
        }
        String bw = f.get(col.get("bandwidth_Bps"));
        Integer classes = col.get("classes");
        RunPlan plan = new RunPlan(app, f.get(col.get("variant")), integer(where, f, col, "k"),
                f.get(col.get("form")), integer(where, f, col, "np"), integer(where, f, col, "nodes"),
                integer(where, f, col, "cores_per_node"), (long) number(where, "latency_ns", f.get(col.get("latency_ns"))),
                bw.equals("inf") ? Double.POSITIVE_INFINITY : number(where, "bandwidth_Bps", bw),
                f.get(col.get("ranks_as")).equals("virtual"), skip, classes != null && f.get(classes).equals("fresh"),
                placement(where, f, col));
        Row row = new Row(plan);
        String times = f.get(col.get("times_s"));
        Integer cpuCol = col.get("cpu_s");
        String[] cpu = cpuCol == null || f.get(cpuCol).isEmpty() ? new String[0] : f.get(cpuCol).split(";");
        if (!times.isEmpty()) {
            String[] t = times.split(";");
            for (int i = 0; i < t.length; i++) {
                // CPU times only when every run has one (Row#cpuTimes): else they do not pair with the times
                row.add(number(where, "times_s", t[i]),
                        cpu.length == t.length ? number(where, "cpu_s", cpu[i]) : Double.NaN);
            }
        }
        if (status.startsWith("FAILED: ")) {
            row.fail(status.substring("FAILED: ".length()));
        }
        return row;
    }

    private static RankPlacement placement(String where, List<String> f, Map<String, Integer> col) {
        Integer c = col.get("placement");
        if (c == null) {
            return RankPlacement.BLOCK; // written before placements could be chosen
        }
        try {
            return RankPlacement.parse(f.get(c));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    private static int integer(String where, List<String> f, Map<String, Integer> col, String name) {
        String v = f.get(col.get(name));
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + name + " '" + v + "' is not an integer");
        }
    }

    private static double number(String where, String name, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + name + " '" + v + "' is not a number");
        }
    }

    /** One CSV record and the line it starts on. */
    record Record(int line, List<String> fields) {
    }

    /** The records of an RFC 4180 text (as {@link ResultTable#quote} writes it: a quoted field may hold commas,
     *  doubled quotes and line breaks); blank lines are left out. */
    static List<Record> records(String text) {
        List<Record> out = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        int start = 1;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : '\n';
            if (quoted && c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' && !quoted) {
                fields.add(field.toString());
                if (fields.size() > 1 || !fields.get(0).isBlank()) {
                    out.add(new Record(start, List.copyOf(fields)));
                }
                fields.clear();
                field.setLength(0);
                start = ++line;
            } else if (c != '\r' || quoted) {
                line += c == '\n' ? 1 : 0;
                field.append(c);
            }
        }
        return out;
    }
}
