package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTableTest {
    private static final List<Verdict> SAMPLE = List.of(
            new Verdict("jacobi3d", Target.HIDDEN, 0.925, 0.81, 1.02, Verdict.Kind.MET, 5,
                    "bamboo k=2 0.5193 s (fastest of k=2,4,8), basic 0.7310 s, nocomm 0.5621 s"),
            new Verdict("jacobi3d", Target.FASTER_THAN_VIRTUAL, 1.02, 0.97, 1.10, Verdict.Kind.UNDECIDED, 5,
                    "bamboo k=2 / virtual k=8, per pair"),
            new Verdict("jacobi3d", Target.HIDDEN, 1.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                    Verdict.Kind.UNDECIDED, 5, "x"),
            Verdict.notMeasured("jacobi3d", Target.ZERO_COST, "needs a run at --latency 0, with a comma"));

    @Test
    void theSectionHasOneLinePerVerdictWithFigureIntervalBoundAndVerdict() {
        String text = new TargetTable(SAMPLE).format();
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(0).startsWith("Targets, judged from this run: figure and its 90% interval"),
                text);
        assertTrue(lines.get(3).matches("  jacobi3d\\s+hidden >= 80%\\s+92\\.5%\\s+\\[81\\.0%, 102\\.0%\\]\\s+80\\.0%\\s+MET\\s+"
                + "bamboo k=2 0\\.5193 s \\(fastest of k=2,4,8\\), basic 0\\.7310 s, nocomm 0\\.5621 s; 5 repeats"),
                lines.get(3));
        assertTrue(lines.get(4).matches("  jacobi3d\\s+faster than virtual\\s+1\\.020x\\s+\\[0\\.970x, 1\\.100x\\]\\s+1\\.000x"
                + "\\s+UNDECIDED\\s+bamboo k=2 / virtual k=8, per pair; 5 repeats"), lines.get(4));
        assertTrue(lines.get(5).contains("[-inf, +inf]"), lines.get(5));
        assertTrue(lines.get(6).matches("  jacobi3d\\s+zero cost: within 5% of basic\\s+-\\s+-\\s+1\\.050x\\s+NOT MEASURED"
                + "\\s+needs a run at --latency 0, with a comma"), lines.get(6));
        assertTrue(text.contains("UNDECIDED: the\ninterval straddles the bound"), text);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("jacobi3d")), "no line looks like a row of the table");
    }

    @Test
    void csvHasTheFiguresAsFractionsAndQuotesCommas() {
        List<String> lines = new TargetTable(SAMPLE).csv().lines().toList();
        assertEquals("app,target,figure,low,high,bound,verdict,repeats,from", lines.get(0));
        assertEquals("jacobi3d,hidden,0.925000,0.810000,1.020000,0.800000,MET,5,\"bamboo k=2 0.5193 s (fastest of"
                + " k=2,4,8), basic 0.7310 s, nocomm 0.5621 s\"", lines.get(1));
        assertEquals("jacobi3d,hidden,1.000000,-inf,inf,0.800000,UNDECIDED,5,x", lines.get(3));
        assertEquals("jacobi3d,zero-cost,,,,1.050000,NOT MEASURED,0,\"needs a run at --latency 0, with a comma\"",
                lines.get(4));
    }
}
