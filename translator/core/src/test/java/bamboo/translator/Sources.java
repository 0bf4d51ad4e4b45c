package bamboo.translator;

import bamboo.translator.parse.SourceFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helpers to read sources from test resources. */
final class Sources {
    private Sources() {
    }

    static Path resources() {
        return Path.of("src/test/resources");
    }

    static SourceFile file(Path p, String displayName) {
        try {
            return new SourceFile(displayName, Files.readString(p, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TranslationResult translate(String name, String text) {
        return new Translator().translate(List.of(new SourceFile(name, text)));
    }
}
