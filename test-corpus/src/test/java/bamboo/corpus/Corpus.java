package bamboo.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The programs under {@code test-corpus/programs}, found by walking the directory. */
final class Corpus {
    /** Where the cases live: the system property {@code bamboo.corpus.dir}, else {@code programs} relative
     *  to the working directory (the module directory under Maven), else {@code test-corpus/programs}. */
    static Path directory() {
        String configured = System.getProperty("bamboo.corpus.dir");
        if (configured != null) {
            return Paths.get(configured);
        }
        Path local = Paths.get("programs");
        return Files.isDirectory(local) ? local : Paths.get("test-corpus", "programs");
    }

    private static volatile Map<String, CorpusProgram> programs;

    private Corpus() {
    }

    /** Every case, by name, sorted. */
    static Map<String, CorpusProgram> all() {
        Map<String, CorpusProgram> p = programs;
        if (p == null) {
            Path dir = directory();
            if (!Files.isDirectory(dir)) {
                throw new IllegalStateException("corpus directory not found: " + dir.toAbsolutePath());
            }
            try (var dirs = Files.list(dir)) {
                p = dirs.filter(Files::isDirectory).sorted().map(CorpusProgram::load)
                        .collect(Collectors.toMap(CorpusProgram::name, Function.identity(), (a, b) -> a,
                                java.util.TreeMap::new));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir, e);
            }
            programs = p;
        }
        return p;
    }

    static List<String> names() {
        return List.copyOf(all().keySet());
    }

    static CorpusProgram get(String name) {
        CorpusProgram p = all().get(name);
        if (p == null) {
            throw new IllegalArgumentException("no corpus case named " + name);
        }
        return p;
    }
}
