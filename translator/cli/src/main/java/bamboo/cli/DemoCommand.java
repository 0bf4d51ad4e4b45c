package bamboo.cli;

import bamboo.cli.launch.UserError;
import bamboo.examples.bench.AppBench;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bamboo demo}: 3-D Jacobi under a simulated interconnect, bulk-synchronous against overlapped,
 * both verified, ending with the share of communication the overlap hid.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs the 3-D Jacobi example under a simulated interconnect: the plain bulk-synchronous",
                "program ('basic'), its overlapped form, and the same with communication free ('nocomm'),",
                "each verified against a sequential computation; prints the times and",
                "'communication hidden: NN%' = (T_basic - T_overlap) / (T_basic - T_nocomm).",
                "Takes about a minute on a 2-core machine."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--repeat", paramLabel = "N", description = "Runs per variant; medians are shown (default: ${DEFAULT-VALUE}).")
    int repeat = 3;

    @Override
    public Integer call() throws IOException {
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1 (got " + repeat + ")");
        }
        Path out = Path.of(System.getProperty("bamboo.home", ".")).resolve("results").resolve("demo");
        Files.createDirectories(out);
        {
            String overlap = "splitphase";
            System.out.println("Bamboo demo: 3-D Jacobi, basic vs " + overlap + " on a simulated interconnect.");
            System.out.println("(The translated 'bamboo' variant joins when the translator can run it; until then the"
                    + " overlapped form shown is the hand-written split-phase program.)");
            int code = AppBench.run(new String[] {"--app", "jacobi3d", "--variants", "basic," + overlap + ",nocomm",
                "--repeat", Integer.toString(repeat), "--out", out.toString()}, System.out, System.err, null);
            if (code != 0) {
                return code;
            }
            return summarise(out.resolve("results.csv"), overlap);
        }
    }

    private static int summarise(Path csv, String overlap) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",");
        int variant = column(header, "variant");
        int median = column(header, "median_s");
        int hidden = column(header, "comm_hidden");
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            if (cells[variant].equals("basic") || cells[variant].equals(overlap)) {
                System.out.printf(Locale.ROOT, "%-11s %8.3f s%n", cells[variant] + ":", Double.parseDouble(cells[median]));
            }
            if (cells[variant].equals(overlap)) {
                double share = Double.parseDouble(cells[hidden]);
                System.out.printf(Locale.ROOT, "communication hidden: %.0f%%%n", 100 * share);
            }
        }
        return 0;
    }

    private static int column(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("results.csv has no column " + name);
    }
}
