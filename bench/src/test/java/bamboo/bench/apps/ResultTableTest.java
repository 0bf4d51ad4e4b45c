package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
    private static final AppSpec APP = Apps.byName("jacobi3d");

    private static Row row(String variant, int k, double... times) {
        Row r = new Row(new RunPlan(APP, variant, k, "Basic", k > 0 ? 2 * k : 2, 2, 1, 100_000, 2e8,
                false, null));
        for (double t : times) {
            r.add(t);
        }
        return r;
    }

    private static ResultTable sample() {
        Row skipped = new Row(new RunPlan(APP, "bamboo", 4, "Annotated", 8, 2, 1, 100_000, 2e8, false,
                "translator not available yet"));
        Row failed = row("virtual", 4);
        failed.fail("rank 3 failed: boom, with a comma");
        return new ResultTable(List.of(row("basic", 0, 1.0, 1.2, 0.9), row("oversubscribed", 4, 0.8, 0.9, 0.85),
                row("splitphase", 0, 0.9, 0.9, 0.9), skipped, failed, row("nocomm", 0, 0.6, 0.6, 0.6)));
    }

    @Test
    void speedupAndHiddenFollowTheirDefinitions() {
        ResultTable t = sample();
        Row over = t.rows().get(1);
        assertEquals(0.85, over.median(), 1e-12);
        assertEquals(1.0 / 0.85, t.speedup(over), 1e-12);
        assertEquals((1.0 - 0.85) / (1.0 - 0.6), t.hidden(over), 1e-12);
        assertEquals(0.0, t.hidden(t.rows().get(0)), 1e-12);
        assertEquals(1.0, t.hidden(t.rows().get(5)), 1e-12);
        assertTrue(Double.isNaN(t.hidden(t.rows().get(3))), "skipped rows have no figures");
        assertEquals(0.4, t.commShare("jacobi3d"), 1e-12);
    }

    @Test
    void hiddenIsUndefinedWithoutCommunicationToHide() {
        ResultTable t = new ResultTable(List.of(row("basic", 0, 1.0), row("splitphase", 0, 0.9),
                row("nocomm", 0, 1.1)));
        assertTrue(Double.isNaN(t.hidden(t.rows().get(1))));
    }

    @Test
    void tableShowsFiguresSkipsAndFailures() {
        String text = sample().format();
        String[] lines = text.split("\n");
        assertTrue(lines[0].startsWith("app       variant"), text);
        assertTrue(lines[2].matches("jacobi3d\\s+basic\\s+2\\s+2\\s+1\\.0000\\s+0\\.9000\\s+1\\.2000\\s+1\\.00x\\s+0%"),
                lines[2]);
        assertTrue(lines[3].matches("jacobi3d\\s+oversubscribed k=4\\s+8\\s+2\\s+0\\.8500\\s+.*1\\.18x\\s+38%"),
                lines[3]);
        assertTrue(text.contains("skipped: translator not available yet"), text);
        assertTrue(text.contains("FAILED: rank 3 failed: boom, with a comma"), text);
        assertTrue(text.contains("jacobi3d: communication is 40% of basic's time"), text);
    }

    @Test
    void csvHasOneLinePerRowAndQuotesCommas() {
        String csv = sample().csv();
        String[] lines = csv.split("\n");
        assertEquals(7, lines.length);
        assertTrue(lines[0].startsWith("app,variant,k,form,np,nodes"), lines[0]);
        assertEquals("jacobi3d,basic,0,Basic,2,2,1,100000,200000000,platform,3,1.000000,0.900000,1.200000,"
                + "1.000000,0.000000,1.000000;1.200000;0.900000,,,steady,block", lines[1]); // no CPU times: runs in this JVM
        assertTrue(lines[0].endsWith(",times_s,status,cpu_s,classes,placement"), lines[0]);
        assertTrue(lines[5].endsWith(",\"FAILED: rank 3 failed: boom, with a comma\",,steady,block"), lines[5]);
        for (String line : lines) {
            assertEquals(20, line.replaceAll("\"[^\"]*\"", "q").chars().filter(c -> c == ',').count(), line);
        }
    }
}
