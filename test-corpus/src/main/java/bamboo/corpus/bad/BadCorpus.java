package bamboo.corpus.bad;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads {@code test-corpus/bad}: one directory per case holding one {@code <Program>.java} and
 * {@code expected.txt}, the lines {@code bamboo check} prints ({@code <Program>.java:LINE:COL: error:
 * message}, the file named without its directory). A tool whose answer differs for a stated reason has
 * its own file, {@code maven.txt} or {@code processor.txt}, whose {@code #} lines give the reason; the line
 * {@code #! companions written} says that the tool writes the companions (it runs before javac, so it
 * cannot know that the program does not compile).
 */
public final class BadCorpus {
    /** The tools that must refuse every case. */
    public enum Tool {
        CHECK("expected.txt"), MAVEN("maven.txt"), PROCESSOR("processor.txt");

        private final String file;

        Tool(String file) {
            this.file = file;
        }
    }

    /** One case: its name (the directory) and its program. */
    public record Case(String name, Path dir, Path source) {
        /** The lines {@code tool} must print, exactly (its own file if the case has one, else expected.txt). */
        public List<String> expected(Tool tool) {
            return read(own(tool)).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        }

        /**
         * Whether {@code tool} writes the companions for this program (its own file says {@code #! companions
         * written} and why): a tool that runs before javac cannot know that a program does not compile.
         */
        public boolean companionsWritten(Tool tool) {
            return tool != Tool.CHECK && Files.exists(dir.resolve(tool.file))
                    && read(dir.resolve(tool.file)).stream().anyMatch(l -> l.strip().equals("#! companions written"));
        }

        /** Why {@code tool} answers differently from {@code bamboo check}, or null when it does not. */
        public String reason(Tool tool) {
            if (tool == Tool.CHECK || !Files.exists(dir.resolve(tool.file))) {
                return null;
            }
            return String.join(" ", read(dir.resolve(tool.file)).stream().filter(l -> l.startsWith("# "))
                    .map(l -> l.substring(1).strip()).toList());
        }

        private Path own(Tool tool) {
            Path own = dir.resolve(tool.file);
            return Files.exists(own) ? own : dir.resolve(Tool.CHECK.file);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final Pattern POSITION = Pattern.compile("^(.*?)([^/\\\\]+\\.java):(\\d+):(\\d+): error: (.*)$");

    private BadCorpus() {
    }

    /** Where the corpus is: {@code -Dbamboo.bad.dir}, else the first of {@code bad}, {@code test-corpus/bad},
     *  {@code ../test-corpus/bad}, {@code ../../test-corpus/bad} that exists (module directories differ). */
    public static Path directory() {
        String configured = System.getProperty("bamboo.bad.dir");
        if (configured != null) {
            return Paths.get(configured);
        }
        for (String candidate : new String[] {"bad", "test-corpus/bad", "../test-corpus/bad", "../../test-corpus/bad"}) {
            Path p = Paths.get(candidate);
            if (Files.isDirectory(p) && Files.exists(p.resolve("README.md"))) {
                return p;
            }
        }
        throw new IllegalStateException("the bad-input corpus (test-corpus/bad) is not found from "
                + Paths.get("").toAbsolutePath());
    }

    /** Every case, sorted by name. */
    public static List<Case> cases() {
        Path root = directory();
        Map<String, Case> cases = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                List<Path> sources;
                try (Stream<Path> files = Files.list(dir)) {
                    sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
                }
                if (sources.size() != 1 || !Files.exists(dir.resolve(Tool.CHECK.file))) {
                    throw new IllegalStateException(dir + ": a bad-input case holds one .java file and expected.txt");
                }
                cases.put(dir.getFileName().toString(), new Case(dir.getFileName().toString(), dir, sources.get(0)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        return List.copyOf(cases.values());
    }

    /**
     * A tool's diagnostic line with the file named without its directory ({@code X.java:3:9: error: ...});
     * lines that are not diagnostics come back unchanged.
     */
    public static String withoutDirectory(String line) {
        Matcher m = POSITION.matcher(line.strip());
        return m.matches() ? m.group(2) + ":" + m.group(3) + ":" + m.group(4) + ": error: " + m.group(5) : line.strip();
    }

    /** SHA-256 of every file under {@code dir}, by relative path: compared before and after a tool runs. */
    public static Map<String, String> hashes(Path dir) {
        Map<String, String> hashes = new TreeMap<>();
        if (!Files.exists(dir)) {
            return hashes;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                hashes.put(dir.relativize(p).toString(), HexFormat.of().formatHex(sha.digest(Files.readAllBytes(p))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hash " + dir, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return hashes;
    }

    private static List<String> read(Path file) {
        try {
            return new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
