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
     * What changes when an entry does: each entry's path, and a jar's size and time. A directory counts by
     * its path alone (the project's own classes are rewritten by every compilation).
     */
    static String fingerprint(List<Path> entries) {
        StringBuilder b = new StringBuilder();
        for (Path p : entries) {
            b.append(p.toAbsolutePath().normalize());
            if (Files.isRegularFile(p)) {
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    b.append(' ').append(a.size()).append(' ').append(a.lastModifiedTime().toMillis());
                } catch (IOException e) {
                    b.append(" unreadable");
                }
            }
            b.append('\n');
        }
        return b.toString();
    }
}
