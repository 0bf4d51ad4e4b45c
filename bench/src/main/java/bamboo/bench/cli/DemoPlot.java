package bamboo.bench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** The demo's three median times as bars, with the speed-up and the share hidden in the title (PNG). */
final class DemoPlot {
    private DemoPlot() {
    }

    /** Writes the chart to {@code file}, a {@code .png} path; false when the figures are not all there. */
    static boolean write(DemoSummary s, Path file) throws IOException {
        double[] medians = {s.basicMedian(), s.translatedMedian(), s.boundMedian()};
        for (double m : medians) {
            if (!(m > 0)) {
                return false;
            }
        }
        System.setProperty("java.awt.headless", "true");
        String hidden = Double.isNaN(s.hidden()) ? "not measurable"
                : String.format(Locale.ROOT, "%.0f%%", 100 * s.hidden());
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title(String.format(Locale.ROOT, "3-D Jacobi on 2 simulated nodes: speed-up %.2fx, communication hidden %s",
                        s.speedup(), hidden))
                .xAxisTitle("").yAxisTitle("time of the main loop, s (median)").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        chart.getStyler().setYAxisMin(0.0);
        chart.addSeries("median", List.of("basic (plain program)", "translated (" + s.tasksPerNode() + " tasks per node)",
                "bound (communication free)"), List.of(medians[0], medians[1], medians[2]));
        String name = file.getFileName().toString();
        String base = name.endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        BitmapEncoder.saveBitmap(chart, file.toAbsolutePath().getParent().resolve(base).toString(),
                BitmapEncoder.BitmapFormat.PNG);
        return true;
    }
}
