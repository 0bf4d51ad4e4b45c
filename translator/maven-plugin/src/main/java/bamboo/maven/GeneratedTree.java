package bamboo.maven;

import bamboo.translator.GeneratedSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The goal's output directory, which belongs to the goal alone: after {@link #sync} it holds exactly the
 * given companions. Files whose content is unchanged are left untouched (so javac's own staleness check
 * does not recompile them); files no translation produces any more are removed.
 */
final class GeneratedTree {
    /** What a sync did. */
    record Changes(int written, int unchanged, int removed, List<String> files) {
    }

    private final Path root;

    GeneratedTree(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    Changes sync(List<GeneratedSource> generated) throws IOException {
        Files.createDirectories(root);
        Set<Path> keep = new HashSet<>();
        List<String> files = new ArrayList<>();
        int written = 0;
        for (GeneratedSource g : generated) {
            Path to = root.resolve(g.relativePath());
            keep.add(to);
            files.add(g.relativePath());
            if (Files.isRegularFile(to) && Files.readString(to, StandardCharsets.UTF_8).equals(g.text())) {
                continue;
            }
            writeAtomically(to, g.text());
            written++;
        }
        int removed = removeAllBut(keep);
        return new Changes(written, generated.size() - written, removed, files);
    }

    private int removeAllBut(Set<Path> keep) throws IOException {
        int removed = 0;
        List<Path> all;
        try (Stream<Path> walk = Files.walk(root)) {
            all = walk.sorted(Comparator.reverseOrder()).toList(); // children before their directories
        }
        for (Path p : all) {
            if (Files.isRegularFile(p) && !keep.contains(p)) {
                Files.delete(p);
                removed++;
            } else if (Files.isDirectory(p) && !p.equals(root) && isEmpty(p)) {
                Files.delete(p);
            }
        }
        return removed;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    /** A reader (an IDE, a parallel build) never sees a half-written companion. */
    private static void writeAtomically(Path to, String text) throws IOException {
        Files.createDirectories(to.getParent());
        Path tmp = Files.createTempFile(to.getParent(), "." + to.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
