package bamboo.bench.cli;

import bamboo.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bamboo bench apps} end to end, as a user runs it, at a tiny size: one application, every variant
 * (the translated {@code bamboo} rows included), one repeat. Every row that can run here must verify;
 * {@code virtual} is skipped with its reason below JDK 21, and the MPJ Express peer when it is not
 * installed.
 */
class BenchAppsEndToEndTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyVariantOfOneAppVerifiesAndTheResultsAreWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        CliRun r = CliRun.of("bench", "apps", "--app", "jacobi3d", "--k", "2", "--repeat", "1",
                "--set", "n=10", "--set", "iters=6", "--set", "errEvery=3", "--output", out.toString());
        assertEquals(0, r.exitCode, r.toString());

        List<String> expected = List.of("basic", "oversubscribed k=2", "virtual k=2", "splitphase", "bamboo k=2",
                "nocomm", "nocomm-child", "mpj-express");
        List<String> tableRows = new ArrayList<>();
        for (String line : r.out.lines().toList()) {
            if (line.startsWith("jacobi3d  ")) {
                tableRows.add(line);
            }
        }
        assertEquals(expected.size(), tableRows.size(), r.toString());
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(tableRows.get(i).startsWith(String.format("jacobi3d  %-20s", expected.get(i))),
                    "row " + i + " is " + expected.get(i) + ":\n" + r);
        }
        assertTrue(r.out.contains("median s") && r.out.contains("speed-up") && r.out.contains("comm hidden"),
                r.toString());
        assertTrue(r.err.contains("bamboo k=2 (np=4) run 1/1"), "progress names each run:\n" + r.err);
        assertTrue(r.err.contains("bamboo k=2 (np=4) warm-up 10/10"), "ten warm-ups in steady state:\n" + r.err);
        assertTrue(r.out.contains("\nclasses: steady state: each variant keeps its program's classes"), r.toString());
        assertTrue(r.err.contains("jacobi3d bamboo k=2: translating and compiling bamboo.examples.jacobi3d.Annotated"
                + " ... done ("), "and the translation before them:\n" + r.err);

        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(1 + expected.size(), csv.size(), String.join("\n", csv));
        List<String> header = List.of(csv.get(0).split(","));
        int variant = header.indexOf("variant");
        int repeats = header.indexOf("repeats");
        int median = header.indexOf("median_s");
        int status = header.indexOf("status");
        for (String line : csv.subList(1, csv.size())) {
            List<String> f = csvFields(line);
            String v = f.get(variant);
            String st = f.get(status);
            if (v.equals("virtual") && Runtime.version().feature() < 21) {
                assertTrue(st.startsWith("skipped: virtual threads need JDK 21+"), line);
            } else if (v.equals("mpj-express") && st.startsWith("skipped:")) {
                assertTrue(st.contains("not installed"), line); // the peer may be absent, never faked
            } else {
                assertEquals("", st, "every row that runs verifies: " + line);
                assertEquals("1", f.get(repeats), line);
                assertTrue(Double.parseDouble(f.get(median)) > 0, line);
            }
        }
        byte[] png = Files.readAllBytes(out.resolve("speedup.png"));
        assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG plot");
        assertTrue(Files.readString(out.resolve("results.txt")).contains("bamboo k=2"));
    }

    /** The fields of one RFC 4180 line (the status is quoted when it has a comma). */
    private static List<String> csvFields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
