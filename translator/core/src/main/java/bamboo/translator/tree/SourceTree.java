package bamboo.translator.tree;

import bamboo.translator.parse.SourceFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The inputs of a translation: source directories (every file in them, at its place in the tree) and
 * single {@code .java} files (placed by their package).
 */
public final class SourceTree {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private final List<InputFile> files = new ArrayList<>();
    private final List<Path> roots = new ArrayList<>();

    /** Collects the inputs; an argument that is neither a directory nor a .java file is an IOException. */
    public static SourceTree of(List<Path> inputs) throws IOException {
        SourceTree t = new SourceTree();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                t.roots.add(in.toAbsolutePath().normalize());
                try (Stream<Path> walk = Files.walk(in)) {
                    for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
                        t.files.add(new InputFile(p, in.relativize(p), p.toString()));
                    }
                }
            } else if (Files.isRegularFile(in) && in.toString().endsWith(".java")) {
                String text = Files.readString(in, StandardCharsets.UTF_8);
                Matcher m = PACKAGE.matcher(text);
                Path rel = Path.of(m.find() ? m.group(1).replace('.', '/') : "").resolve(in.getFileName());
                t.files.add(new InputFile(in, rel, in.toString()));
            } else if (!Files.exists(in)) {
                throw new IOException("no such file or directory: " + in);
            } else {
                throw new IOException("not a directory or a .java file: " + in);
            }
        }
        return t;
    }

    public List<InputFile> files() {
        return files;
    }

    /** Input directories (the output must not overlap one of them). */
    public List<Path> roots() {
        return roots;
    }

    /** The Java sources, read as UTF-8. */
    public List<SourceFile> javaSources() throws IOException {
        List<SourceFile> out = new ArrayList<>();
        for (InputFile f : files) {
            if (f.isJava()) {
                out.add(new SourceFile(f.displayName(), Files.readString(f.path(), StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    /** The input whose diagnostics name is {@code displayName}. */
    public InputFile byDisplayName(String displayName) {
        for (InputFile f : files) {
            if (f.displayName().equals(displayName)) {
                return f;
            }
        }
        throw new IllegalArgumentException("not an input: " + displayName);
    }
}
