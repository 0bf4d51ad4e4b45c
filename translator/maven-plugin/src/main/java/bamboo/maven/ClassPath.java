package bamboo.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/** The project's compile class path as the translator reads it. */
final class ClassPath {
    private ClassPath() {
    }

    /** The entries that exist (Maven lists the output directory before the first compilation made it). */
    static List<Path> of(List<String> elements) {
        List<Path> out = new ArrayList<>();
        if (elements != null) {
            for (String e : elements) {
                Path p = Path.of(e);
                if (Files.exists(p)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /**
     * What changes when an entry does: each element's path, and a jar's size and time. A directory counts by
     * its path alone, listed or not yet made (the project's own classes are rewritten by every compilation,
     * and their directory appears after the first).
     */
    static String fingerprint(List<String> elements) {
        StringBuilder b = new StringBuilder();
        for (String e : elements == null ? List.<String>of() : elements) {
            Path p = Path.of(e);
            b.append(p.toAbsolutePath().normalize());
            if (Files.isRegularFile(p)) {
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    b.append(' ').append(a.size()).append(' ').append(a.lastModifiedTime().toMillis());
                } catch (IOException x) {
                    b.append(" unreadable");
                }
            }
            b.append('\n');
        }
        return b.toString();
    }
}
