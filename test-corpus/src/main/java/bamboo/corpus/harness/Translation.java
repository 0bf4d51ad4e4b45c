package bamboo.corpus.harness;

import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Translates one program with the translator core and compiles it together with its companions against
 * the runtime, into one classes directory: the same directory then runs the program untranslated (with
 * {@link ShimRun}, which ignores the companions) and translated (with {@link GraphRun}).
 */
public final class Translation {
    private Translation() {
    }

    /** The translator refused the program; {@link #diagnostics()} says why. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient List<String> diagnostics;

        Refused(String name, List<String> diagnostics) {
            super(name + " does not translate:\n" + String.join("\n", diagnostics));
            this.diagnostics = List.copyOf(diagnostics);
        }

        /** The diagnostics, {@code File.java:LINE:COL: error: ...}, one per element. */
        public List<String> diagnostics() {
            return diagnostics;
        }
    }

    /**
     * Translates {@code source} (shown as {@code displayName} in diagnostics), writes the companions under
     * {@code work/src}, and compiles the program with them into {@code work/classes}.
     *
     * @return the classes directory
     * @throws Refused when the translator refuses the program
     * @throws Javac.CompileError when the program or its companions do not compile
     */
    public static Path translateAndCompile(String name, String displayName, Path source, Path work) {
        return translateAndCompile(name, displayName, source, Map.of(), work);
    }

    /**
     * {@link #translateAndCompile(String, String, Path, Path)} for a program whose other classes are in
     * {@code others} (display name to file), translated and compiled with it.
     */
    public static Path translateAndCompile(String name, String displayName, Path source, Map<String, Path> others,
                                           Path work) {
        List<Path> files = translate(name, displayName, source, others, work.resolve("src"));
        Path classes = work.resolve("classes");
        Javac.compile("translated program " + name, files, Javac.runtimeClassPath(), classes, false);
        return classes;
    }

    /**
     * Translates {@code source} (shown as {@code displayName} in diagnostics) and writes the companions
     * under {@code generatedRoot}; compiling is the caller's (several programs may compile in one go).
     *
     * @return the program's source followed by its companions
     * @throws Refused when the translator refuses the program
     */
    public static List<Path> translate(String name, String displayName, Path source, Path generatedRoot) {
        return translate(name, displayName, source, Map.of(), generatedRoot);
    }

    /**
     * {@link #translate(String, String, Path, Path)} for a program whose other classes are in {@code others}
     * (display name to file), translated with it.
     *
     * @return the program's source, its other classes' sources, then its companions
     */
    public static List<Path> translate(String name, String displayName, Path source, Map<String, Path> others,
                                       Path generatedRoot) {
        List<SourceFile> inputs = new ArrayList<>();
        try {
            inputs.add(new SourceFile(displayName, Files.readString(source, StandardCharsets.UTF_8)));
            for (Map.Entry<String, Path> o : others.entrySet()) {
                inputs.add(new SourceFile(o.getKey(), Files.readString(o.getValue(), StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the sources of " + name, e);
        }
        // A corpus case may bring its own collectives (--collectives): the directory collectives/ next to it.
        Path library = source.toAbsolutePath().getParent().resolve("collectives");
        Translator translator = new Translator();
        if (Files.isDirectory(library)) {
            try {
                translator = translator.withCollectives(bamboo.translator.tree.CollectivesDir.read(library));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + library, e);
            }
        }
        TranslationResult result = translator.translate(inputs);
        if (!result.ok()) {
            throw new Refused(name, result.diagnostics().stream().map(Object::toString).toList());
        }
        List<Path> files = new ArrayList<>(List.of(source));
        files.addAll(others.values());
        try {
            for (GeneratedSource g : result.generated()) {
                Path file = generatedRoot.resolve(g.relativePath());
                Files.createDirectories(file.getParent());
                Files.writeString(file, g.text(), StandardCharsets.UTF_8);
                files.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the generated sources of " + name, e);
        }
        return files;
    }
}
