package bamboo.translator.tree;

import java.nio.file.Path;

/**
 * A file of the input: where it is, where it goes in the output tree, and how diagnostics name it.
 *
 * @param path the file on disk
 * @param relative its path inside the output tree
 * @param displayName the path as the user wrote it (for diagnostics)
 */
public record InputFile(Path path, Path relative, String displayName) {
    public boolean isJava() {
        return path.getFileName().toString().endsWith(".java");
    }
}
