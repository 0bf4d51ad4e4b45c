package bamboo.cli.launch;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the same command again under another JDK ({@code --java-home}), e.g. a JDK 21+ for virtual
 * threads while the machine's default is 17. The child inherits stdin/stdout/stderr and the JVM flags
 * this process was started with; its exit code becomes ours.
 */
public final class Relauncher {
    private Relauncher() {
    }

    /** True when {@code javaHome} is not the JDK this process runs on. */
    public static boolean isOther(Path javaHome) {
        try {
            return !Files.isSameFile(javaHome, Path.of(System.getProperty("java.home")));
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * Runs {@code mainClass} with {@code args} under {@code javaHome} and waits for it.
     *
     * @return the child's exit code
     */
    public static int relaunch(Path javaHome, String mainClass, List<String> args) {
        Path java = javaHome.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new UserError("--java-home " + javaHome + " is not a JDK: no executable bin/java there");
        }
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        command.addAll(args);
        try {
            Process child = new ProcessBuilder(command).inheritIO().start();
            return child.waitFor();
        } catch (IOException e) {
            throw new UserError("cannot start " + java + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /** Our class path, with the jar manifest's Class-Path spelled out (java -jar hides it). */
    private static String classPath() {
        String cp = System.getProperty("java.class.path");
        Path self = Path.of(cp.split(java.io.File.pathSeparator)[0]);
        Path lib = self.toAbsolutePath().getParent() == null ? null : self.toAbsolutePath().getParent().resolve("lib");
        if (lib == null || !Files.isDirectory(lib)) {
            return cp;
        }
        StringBuilder full = new StringBuilder(cp);
        try (var jars = Files.list(lib)) {
            jars.filter(p -> p.toString().endsWith(".jar")).sorted()
                    .forEach(p -> full.append(java.io.File.pathSeparator).append(p.toAbsolutePath()));
        } catch (IOException e) {
            return cp;
        }
        return full.toString();
    }
}
