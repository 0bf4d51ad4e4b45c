package bamboo.cli;

import bamboo.cli.launch.Relauncher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --java-home DIR}, the same on every command that runs Java code: the whole command line runs again
 * under that JDK (e.g. a JDK 21+ for virtual threads while the machine's default is 17).
 */
public final class JavaHomeOption {
    @Option(names = "--java-home", paramLabel = "DIR", description = "Run under this JDK instead of the default one (e.g. a JDK 21+ for virtual threads).")
    Path javaHome;

    /** The JDK asked for, or null. */
    public Path javaHome() {
        return javaHome;
    }

    /**
     * Runs the whole command line again under {@code --java-home} when that is another JDK than this one.
     *
     * @param spec the command the option belongs to
     * @return the exit code of the run under the other JDK, or null when this JVM should go on itself
     */
    public Integer relaunchIfOther(CommandSpec spec) {
        if (javaHome == null || !Relauncher.isOther(javaHome)) {
            return null;
        }
        List<String> again = new ArrayList<>(spec.root().commandLine().getParseResult().originalArgs());
        dropJavaHome(again);
        return Relauncher.relaunch(javaHome, Main.class.getName(), again);
    }

    /** Removes the first {@code --java-home DIR} (or {@code --java-home=DIR}): ours, since the options of
     *  the command come before a program's own arguments. */
    public static void dropJavaHome(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--java-home") && i + 1 < args.size()) {
                args.remove(i);
                args.remove(i);
                return;
            }
            if (a.startsWith("--java-home=")) {
                args.remove(i);
                return;
            }
        }
    }
}
