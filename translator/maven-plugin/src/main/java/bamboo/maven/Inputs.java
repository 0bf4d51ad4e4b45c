package bamboo.maven;

import bamboo.translator.parse.SourceFile;
import bamboo.translator.tree.SourceTree;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The Java sources of the source directories a goal reads, in a stable order. */
final class Inputs {
    private final List<SourceFile> sources;

    private Inputs(List<SourceFile> sources) {
        this.sources = sources;
    }

    /**
     * Reads every {@code .java} file under the existing directories among {@code roots}, leaving out
     * {@code exclude} (the goal's own output, which is also a compile source root once added).
     */
    static Inputs read(List<File> roots, File exclude) throws IOException {
        Path excluded = exclude.toPath().toAbsolutePath().normalize();
        List<Path> dirs = new ArrayList<>();
        for (File root : roots) {
            Path dir = root.toPath().toAbsolutePath().normalize();
            if (Files.isDirectory(dir) && !dir.startsWith(excluded) && !dirs.contains(dir)) {
                dirs.add(dir);
            }
        }
        List<SourceFile> sources = new ArrayList<>(SourceTree.of(dirs).javaSources());
        sources.sort(Comparator.comparing(SourceFile::displayName));
        return new Inputs(sources);
    }

    List<SourceFile> sources() {
        return sources;
    }

    boolean isEmpty() {
        return sources.isEmpty();
    }
}
