package bamboo.processor;

import com.sun.source.tree.CompilationUnitTree;

import javax.tools.JavaFileObject;
import java.io.IOException;
import java.net.URI;

/** The source text of a program as javac read it, and the name diagnostics give its file. */
final class ProgramSource {
    private ProgramSource() {
    }

    static String text(CompilationUnitTree unit) throws IOException {
        return unit.getSourceFile().getCharContent(true).toString();
    }

    /** The file's path when it is a file, else whatever name javac gives it (e.g. an in-memory source). */
    static String displayName(CompilationUnitTree unit) {
        JavaFileObject file = unit.getSourceFile();
        URI uri = file.toUri();
        if ("file".equals(uri.getScheme()) && uri.getPath() != null) {
            return uri.getPath();
        }
        return file.getName();
    }
}
