package bamboo.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One program of the corpus: a directory {@code programs/<case>/} holding exactly one {@code <Name>.java}
 * (the {@code @Bamboo} program, default package or package {@code corpus}), optionally the other classes
 * of the program in subdirectories named after their packages ({@code kernel/Stencil.java} in package
 * {@code corpus.kernel}), and optionally {@code expected.txt}, the output every run must print at every
 * rank count (compared as sorted lines).
 *
 * @param name the case name (the directory name)
 * @param source the program's source file
 * @param others the program's other source files (in subdirectories; none for most cases)
 * @param mainClass the fully qualified name of its class
 * @param expected the expected output lines, when the case has them
 */
public record CorpusProgram(String name, Path source, List<Path> others, String mainClass,
                            Optional<List<String>> expected) {

    /** Reads the case in {@code dir}; fails with a sentence when the directory is not a valid case. */
    static CorpusProgram load(Path dir) {
        try (var files = Files.list(dir)) {
            List<Path> sources = files.filter(f -> f.getFileName().toString().endsWith(".java")).sorted().toList();
            if (sources.size() != 1) {
                throw new IllegalStateException(dir + ": a corpus case holds exactly one .java file, found " + sources.size());
            }
            Path source = sources.get(0);
            String text = Files.readString(source, StandardCharsets.UTF_8);
            String simple = source.getFileName().toString().replaceFirst("\\.java$", "");
            String mainClass = text.contains("package corpus;") ? "corpus." + simple : simple;
            if (!text.contains("@Bamboo")) {
                throw new IllegalStateException(source + ": the program class is not annotated @Bamboo");
            }
            Path expectedFile = dir.resolve("expected.txt");
            Optional<List<String>> expected = Files.exists(expectedFile)
                    ? Optional.of(Files.readAllLines(expectedFile, StandardCharsets.UTF_8).stream()
                            .filter(l -> !l.isBlank()).toList())
                    : Optional.empty();
            List<Path> others;
            try (var tree = Files.walk(dir)) {
                others = tree.filter(f -> f.getFileName().toString().endsWith(".java") && !f.getParent().equals(dir)
                        && !dir.relativize(f).startsWith("collectives")).sorted().toList();
            }
            return new CorpusProgram(dir.getFileName().toString(), source, others, mainClass, expected);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read corpus case " + dir, e);
        }
    }

    /** The program's source files: the program class first. */
    List<Path> sources() {
        List<Path> all = new java.util.ArrayList<>(List.of(source));
        all.addAll(others);
        return all;
    }

    /** The program's source text. */
    String text() {
        try {
            return Files.readString(source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source, e);
        }
    }

    @Override
    public String toString() {
        return name;
    }

    /** The program's other files by the name diagnostics give them ({@code programs/<case>/<path>}). */
    java.util.Map<String, Path> othersByDisplayName() {
        java.util.Map<String, Path> named = new java.util.LinkedHashMap<>();
        for (Path o : others) {
            named.put("programs/" + name + "/" + source.getParent().relativize(o).toString().replace('\\', '/'), o);
        }
        return named;
    }
}
