package bamboo.cli.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a line of generated code back to the program's line: the translator puts a comment
 * {@code // from X.java:LINE} before each statement it emits, so the nearest one at or above a line
 * of a generated file names the statement that line comes from.
 */
final class SourceLines {
    private static final Pattern FROM = Pattern.compile("//\\s*from\\s+(\\S+\\.java:\\d+)");

    private SourceLines() {
    }

    /**
     * {@code ", from X.java:LINE"} for a frame in a generated file under {@code generatedRoot}, or
     * {@code ""} when there is no such file or comment (a class-path run, or a frame in the user's own
     * classes, which already names the program's line).
     */
    static String origin(StackTraceElement frame, Path generatedRoot) {
        if (frame == null || generatedRoot == null || frame.getFileName() == null || frame.getLineNumber() < 1) {
            return "";
        }
        String cls = frame.getClassName();
        int dot = cls.lastIndexOf('.');
        Path dir = dot < 0 ? generatedRoot : generatedRoot.resolve(cls.substring(0, dot).replace('.', '/'));
        Path file = dir.resolve(frame.getFileName());
        try {
            if (!Files.isRegularFile(file)) {
                return "";
            }
            List<String> lines = Files.readAllLines(file);
            for (int i = Math.min(frame.getLineNumber(), lines.size()) - 1; i >= 0; i--) {
                Matcher m = FROM.matcher(lines.get(i));
                if (m.find()) {
                    return ", from " + m.group(1);
                }
            }
        } catch (IOException e) {
            return "";
        }
        return "";
    }
}
