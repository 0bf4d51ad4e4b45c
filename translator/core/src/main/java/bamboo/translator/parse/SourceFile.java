package bamboo.translator.parse;

import java.util.Objects;

/**
 * A Java source file handed to the translator.
 *
 * @param displayName how diagnostics name the file (as the user gave it, e.g. {@code src/Ring.java})
 * @param text the file's content
 */
public record SourceFile(String displayName, String text) {
    public SourceFile {
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(text, "text");
    }
}
