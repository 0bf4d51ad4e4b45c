package bamboo.bench.apps;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** Draws the speed-up over basic of every measured variant, one group of bars per application (PNG). */
public final class Plot {
    private Plot() {
    }

    /** Writes the chart to {@code file} (a {@code .png} path); returns false when nothing was measured. */
    public static boolean write(ResultTable table, Path file, String subtitle) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Set<String> labels = new LinkedHashSet<>();
        for (Row r : table.rows()) {
            if (r.ok() && !MpjPeer.isPeer(r.plan())) { // the peer has no speed-up over basic: see the table
                labels.add(r.plan().label());
            }
        }
        if (labels.isEmpty()) {
            return false;
        }
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
                .title("Speed-up over basic (" + subtitle + ")")
                .xAxisTitle("variant").yAxisTitle("speed-up over basic (median)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        List<String> x = new ArrayList<>(labels);
        for (String app : table.apps()) {
            List<Double> y = new ArrayList<>();
            for (String label : x) {
                y.add(speedupOf(table, app, label));
            }
            chart.addSeries(app, x, y);
        }
        String name = file.getFileName().toString();
        String base = name.endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        Path parent = file.toAbsolutePath().getParent();
        BitmapEncoder.saveBitmap(chart, parent.resolve(base).toString(), BitmapEncoder.BitmapFormat.PNG);
        return true;
    }

    private static double speedupOf(ResultTable table, String app, String label) {
        for (Row r : table.rows()) {
            if (r.plan().app().name().equals(app) && r.plan().label().equals(label) && r.ok()) {
                return table.speedup(r);
            }
        }
        return 0.0; // not run for this application: an empty bar
    }
}
