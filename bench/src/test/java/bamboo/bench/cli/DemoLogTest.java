package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bamboo.bench.apps.Apps;
import bamboo.bench.apps.AppSpec;
import bamboo.bench.apps.RunPlan;
import org.junit.jupiter.api.Test;

/** The demo's CSV: every run in order, with its phase, its variant under the demo's name and its interconnect. */
class DemoLogTest {

    @Test
    void everyRunIsALineAndAFailedRunHasNoTime() {
        AppSpec app = Apps.byName("jacobi3d");
        RunPlan basic = new RunPlan(app, "basic", 0, "Basic", 2, 2, 1, 2_500_000, 20e6, false, null);
        RunPlan bound = new RunPlan(app, "nocomm", 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
        RunPlan translated = new RunPlan(app, "bamboo", 2, "Annotated", 4, 2, 1, 2_500_000, 20e6, false, null);
        DemoLog log = new DemoLog();
        log.add("calibration", basic, 0.61);
        log.add("calibration", bound, 0.35);
        log.add("timed", translated, Double.NaN);
        assertEquals(DemoLog.HEADER + "\n"
                + "1,calibration,basic,2500000,20000000,0.610000\n"
                + "2,calibration,bound,0,inf,0.350000\n"
                + "3,timed,translated,2500000,20000000,\n", log.csv().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void theRoundsSetAsideByARefitAreRenamedAndKeepTheirTimes() {
        AppSpec app = Apps.byName("jacobi3d");
        RunPlan basic = new RunPlan(app, "basic", 0, "Basic", 2, 2, 1, 2_500_000, 20e6, false, null);
        RunPlan bound = new RunPlan(app, "nocomm", 0, "Basic", 2, 2, 1, 0, Double.POSITIVE_INFINITY, false, null);
        DemoLog log = new DemoLog();
        log.add("calibration", basic, 0.61);
        log.add("timed", basic, 0.62);
        log.add("timed", bound, 0.35);
        int before = log.runs();
        log.add("timed", basic, 0.63);
        log.rephase(1, "timed", "refitted");
        assertEquals(3, before);
        assertEquals(DemoLog.HEADER + "\n"
                + "1,calibration,basic,2500000,20000000,0.610000\n"
                + "2,refitted,basic,2500000,20000000,0.620000\n"
                + "3,refitted,bound,0,inf,0.350000\n"
                + "4,refitted,basic,2500000,20000000,0.630000\n", log.csv().replace(System.lineSeparator(), "\n"));
    }
}
