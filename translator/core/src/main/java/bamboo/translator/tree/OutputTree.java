package bamboo.translator.tree;

import bamboo.translator.GeneratedSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes a translated tree all-or-nothing: everything is first written into a temporary directory beside
 * the target, and moved into place only when all of it was written. Inputs are only read.
 */
public final class OutputTree {
    private OutputTree() {
    }

    /**
     * Writes every input file as it was plus the companions (next to their program) into {@code out}.
     *
     * @return the files written, relative to {@code out}
     */
    public static List<Path> write(SourceTree inputs, List<GeneratedSource> generated, Path out) throws IOException {
        Path target = out.toAbsolutePath().normalize();
        for (Path root : inputs.roots()) {
            if (target.startsWith(root) || root.startsWith(target)) {
                throw new IOException("the output directory " + out + " overlaps the input directory " + root
                        + "; choose another -d (inputs are never modified)");
            }
        }
        for (InputFile f : inputs.files()) {
            if (target.resolve(f.relative()).equals(f.path().toAbsolutePath().normalize())) {
                throw new IOException("writing to " + out + " would overwrite the input " + f.displayName()
                        + "; choose another -d (inputs are never modified)");
            }
        }
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".bamboo-");
        List<Path> written = new ArrayList<>();
        try {
            for (InputFile f : inputs.files()) {
                Path to = tmp.resolve(f.relative());
                Files.createDirectories(to.getParent());
                Files.copy(f.path(), to, StandardCopyOption.REPLACE_EXISTING);
                written.add(f.relative());
            }
            for (GeneratedSource g : generated) {
                Path rel = companionPath(inputs, g);
                Path to = tmp.resolve(rel);
                Files.createDirectories(to.getParent());
                Files.writeString(to, g.text(), StandardCharsets.UTF_8);
                written.add(rel);
            }
            moveIntoPlace(tmp, target);
        } finally {
            deleteTree(tmp);
        }
        return written;
    }

    /** Next to the program's own file in the output tree. */
    private static Path companionPath(SourceTree inputs, GeneratedSource g) {
        Path program = inputs.byDisplayName(g.from()).relative();
        Path dir = program.getParent();
        Path name = Path.of(g.className() + ".java");
        return dir == null ? name : dir.resolve(name);
    }

    private static void moveIntoPlace(Path tmp, Path target) throws IOException {
        if (!Files.exists(target)) {
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (AtomicMoveNotSupportedException e) {
                // fall through: file by file
            }
        }
        try (Stream<Path> walk = Files.walk(tmp)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                Path to = target.resolve(tmp.relativize(p));
                Files.createDirectories(to.getParent());
                Files.move(p, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
