package bamboo.corpus.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rendered program: its main class's source and the sources of its other classes, each under its path
 * relative to the source root (the main class is in the default package, other classes in packages).
 */
public record RenderedProgram(String className, String main, Map<String, String> others) {
    public RenderedProgram {
        others = Map.copyOf(new LinkedHashMap<>(others));
    }

    /** The main class's file name. */
    public String mainFile() {
        return className + ".java";
    }

    /**
     * Writes every source under {@code root}.
     *
     * @return the main class's file
     */
    public Path write(Path root) throws IOException {
        Path main = root.resolve(mainFile());
        Files.createDirectories(root);
        Files.writeString(main, this.main, StandardCharsets.UTF_8);
        writeOthers(root);
        return main;
    }

    /** Writes the other classes' sources under {@code root}: relative path (the display name) to file. */
    public Map<String, Path> writeOthers(Path root) throws IOException {
        Map<String, Path> files = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : others.entrySet()) {
            Path file = root.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            files.put(e.getKey(), file);
        }
        return files;
    }

    /** Every file of the program under {@code root}, main first (for javac). */
    public List<Path> files(Path root) {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve(mainFile()));
        others.keySet().forEach(k -> files.add(root.resolve(k)));
        return files;
    }
}
