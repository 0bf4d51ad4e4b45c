package bamboo.translator.tree;

import bamboo.translator.parse.SourceFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The user's collectives ({@code --collectives DIR}): every {@code .java} file under a directory. */
public final class CollectivesDir {
    private CollectivesDir() {
    }

    /**
     * The sources under {@code dir}, named as {@code dir}'s path joined with their place in it (how
     * diagnostics name them). An IOException says what is wrong with the directory.
     */
    public static List<SourceFile> read(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            throw new IOException("the collectives directory " + dir + " does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new IOException("the collectives directory " + dir + " is not a directory");
        }
        List<SourceFile> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".java"))
                    .sorted()::iterator) {
                out.add(new SourceFile(p.toString(), Files.readString(p, StandardCharsets.UTF_8)));
            }
        }
        if (out.isEmpty()) {
            throw new IOException("the collectives directory " + dir + " holds no .java files");
        }
        return out;
    }
}
