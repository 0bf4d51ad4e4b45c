package bamboo.bench.apps;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what an example printed (see {@code bamboo.examples.common.Report}): the run counts only when
 * rank 0 printed its verification line and then {@code "<app> <form>: time <seconds> s"}.
 */
public final class OutputParser {
    private static final Pattern TIME = Pattern.compile("(?m)^(\\S+) (\\S+): time ([0-9.eE+-]+) s$");
    private static final Pattern VERIFIED = Pattern.compile("(?m)^(\\S+) (\\S+): verified[: ]");
    private static final Pattern FAILED = Pattern.compile("(?m)^(\\S+) (\\S+): verification FAILED: (.*)$");

    private OutputParser() {
    }

    /** The reported time of {@code app}, in seconds. */
    public static double time(String app, String output) throws Runner.RunFailure {
        Matcher failed = FAILED.matcher(output);
        if (failed.find()) {
            throw new Runner.RunFailure("verification failed: " + failed.group(3));
        }
        Matcher verified = VERIFIED.matcher(output);
        if (!verified.find() || !verified.group(1).equals(app)) {
            throw new Runner.RunFailure("the program printed no verification line for " + app);
        }
        Matcher time = TIME.matcher(output);
        while (time.find()) {
            if (time.group(1).equals(app)) {
                return Double.parseDouble(time.group(3));
            }
        }
        throw new Runner.RunFailure("the program printed no time line for " + app);
    }
}
