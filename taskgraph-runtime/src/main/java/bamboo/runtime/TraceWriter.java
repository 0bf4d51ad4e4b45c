package bamboo.runtime;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes the Chrome trace-event JSON format (opens in Perfetto and chrome://tracing): one process per
 * runtime process, one lane per worker and handler, a slice per task execution, flow arrows from each
 * send to the receive that consumed the message.
 */
final class TraceWriter {
    private static final String[] OUTCOMES = {"FINISHED", "WAITING", "YIELDED"};

    private TraceWriter() {
    }

    static void write(Path path, List<TraceLog> logs, long base, int nodes) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            out.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
            boolean first = true;
            for (int n = 0; n < nodes; n++) {
                first = event(out, first, String.format(Locale.ROOT,
                        "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"node %d\"}}", n, n));
            }
            for (TraceLog log : logs) {
                first = event(out, first, String.format(Locale.ROOT,
                        "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}",
                        log.pid, log.tid, log.name));
                for (int i = 0; i < log.size(); i++) {
                    first = event(out, first, format(log, i, base));
                }
            }
            out.write("\n]}\n");
        }
    }

    private static boolean event(BufferedWriter out, boolean first, String json) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        out.write(json);
        return false;
    }

    private static String us(long nanos, long base) {
        return String.format(Locale.ROOT, "%.3f", (nanos - base) / 1000.0);
    }

    private static String format(TraceLog log, int i, long base) {
        long kind = log.get(i, 0);
        long start = log.get(i, 1);
        long end = log.get(i, 2);
        long a = log.get(i, 3);
        long b = log.get(i, 4);
        String where = "\"pid\":" + log.pid + ",\"tid\":" + log.tid;
        if (kind == TraceLog.SLICE) {
            return "{\"name\":\"task " + a + "\",\"cat\":\"task\",\"ph\":\"X\",\"ts\":" + us(start, base)
                    + ",\"dur\":" + us(end, start) + "," + where + ",\"args\":{\"task\":" + a + ",\"outcome\":\""
                    + OUTCOMES[(int) b] + "\"}}";
        } else if (kind == TraceLog.HANDLER) {
            String name = (b == 1 ? "send for task " : "inject to task ") + a;
            return "{\"name\":\"" + name + "\",\"cat\":\"handler\",\"ph\":\"X\",\"ts\":" + us(start, base)
                    + ",\"dur\":" + us(end, start) + "," + where + "}";
        } else if (kind == TraceLog.FLOW_OUT) {
            return "{\"name\":\"message\",\"cat\":\"message\",\"ph\":\"s\",\"id\":" + a + ",\"ts\":" + us(start, base)
                    + "," + where + "}";
        } else {
            return "{\"name\":\"message\",\"cat\":\"message\",\"ph\":\"f\",\"bp\":\"e\",\"id\":" + a + ",\"ts\":"
                    + us(start, base) + "," + where + "}";
        }
    }
}
