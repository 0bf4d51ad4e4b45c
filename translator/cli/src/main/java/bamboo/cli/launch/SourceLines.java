package bamboo.cli.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a line of generated code back to the program's line: the translator puts a comment
 * {@code // from X.java:LINE} before each statement it emits, so the nearest one at or above a line
 * of a generated file names the statement that line comes from.
 */
final class SourceLines {
    private static final Pattern FROM = Pattern.compile("//.*\\bfrom\\s+(\\S+\\.java):(\\d+)");
    /** How far below a comment's line a statement it covers is looked for in the program. */
    private static final int REACH = 200;

    private SourceLines() {
    }

    /**
     * {@code ", from X.java:LINE"} for a frame in a generated file under {@code generatedRoot}, or
     * {@code ""} when there is no such file or comment (a class-path run, or a frame in the user's own
     * classes, which already names the program's line).
     */
    static String origin(StackTraceElement frame, Path generatedRoot) {
        String[] from = from(frame, generatedRoot, new HashMap<>());
        return from == null ? "" : ", from " + from[0] + ":" + from[1];
    }

    /**
     * Rewrites the frames of {@code thrown} (its causes and suppressed ones too) that lie in generated
     * files under {@code generatedRoot} to name the program's file and line they were translated from,
     * so that a stack trace of a translated run lands in the program the user wrote.
     */
    static void rewrite(Throwable thrown, Path generatedRoot) {
        Map<Path, List<String>> files = new HashMap<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        rewrite(thrown, generatedRoot, files, seen);
    }

    private static void rewrite(Throwable t, Path root, Map<Path, List<String>> files, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        StackTraceElement[] frames = t.getStackTrace();
        boolean changed = false;
        for (int i = 0; i < frames.length; i++) {
            String[] from = from(frames[i], root, files);
            if (from != null) {
                StackTraceElement f = frames[i];
                frames[i] = new StackTraceElement(f.getClassLoaderName(), f.getModuleName(), f.getModuleVersion(),
                        f.getClassName(), f.getMethodName(), from[0], Integer.parseInt(from[1]));
                changed = true;
            }
        }
        if (changed) {
            t.setStackTrace(frames);
        }
        rewrite(t.getCause(), root, files, seen);
        for (Throwable s : t.getSuppressed()) {
            rewrite(s, root, files, seen);
        }
    }

    /** A printed stack frame: {@code at [loader/][module/]Class.method(File.java:LINE)}. */
    private static final Pattern PRINTED_FRAME = Pattern.compile(
            "^(\\s*at (?:[^\\s(]*/)?)([\\w.$]+)\\.([\\w$<>]+)\\(([^:()]+\\.java):(\\d+)\\)(.*)$");

    /**
     * A line of a printed stack trace with its frame, when that frame lies in a generated file under
     * {@code generatedRoot}, naming the program's file and line instead; any other line as it was. For
     * traces printed where the throwable itself is out of reach (a node's JVM of a multi-process run).
     */
    static String rewriteLine(String line, Path generatedRoot, Map<Path, List<String>> files) {
        Matcher m = PRINTED_FRAME.matcher(line);
        if (!m.matches()) {
            return line;
        }
        StackTraceElement frame = new StackTraceElement(m.group(2), m.group(3), m.group(4), Integer.parseInt(m.group(5)));
        String[] from = from(frame, generatedRoot, files);
        return from == null ? line : m.group(1) + m.group(2) + "." + m.group(3) + "(" + from[0] + ":" + from[1] + ")"
                + m.group(6);
    }

    /**
     * {@code " at Class.method(File.java:LINE)"}: the innermost frame of {@code thrown} in the program's own
     * files (after {@link #rewrite}), or {@code ""} when none is.
     */
    static String at(Throwable thrown, Path generatedRoot) {
        if (thrown == null || generatedRoot == null) {
            return "";
        }
        for (StackTraceElement f : thrown.getStackTrace()) {
            if (f.getFileName() != null && f.getLineNumber() > 0 && Files.isRegularFile(fileOf(f, generatedRoot))) {
                return " at " + f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":"
                        + f.getLineNumber() + ")";
            }
        }
        return "";
    }

    /** The program's file and line of a frame in a generated file, or null. */
    private static String[] from(StackTraceElement frame, Path generatedRoot, Map<Path, List<String>> files) {
        if (frame == null || generatedRoot == null || frame.getFileName() == null || frame.getLineNumber() < 1) {
            return null;
        }
        Path file = fileOf(frame, generatedRoot);
        List<String> lines = files.computeIfAbsent(file, SourceLines::read);
        for (int i = Math.min(frame.getLineNumber(), lines.size()) - 1; i >= 0; i--) {
            Matcher m = FROM.matcher(lines.get(i));
            if (m.find()) {
                int line = Integer.parseInt(m.group(2));
                // A comment heads a block whose statements are copied as written: find the frame's own
                // statement among the program's lines below it, else the block's line stands.
                String statement = frame.getLineNumber() <= lines.size() ? lines.get(frame.getLineNumber() - 1).strip() : "";
                List<String> program = files.computeIfAbsent(file.resolveSibling(m.group(1)), SourceLines::read);
                if (!statement.isEmpty() && !statement.startsWith("//")) {
                    for (int j = line - 1; j >= 0 && j < program.size() && j < line + REACH; j++) {
                        if (program.get(j).strip().equals(statement)) {
                            line = j + 1;
                            break;
                        }
                    }
                }
                return new String[] {m.group(1), Integer.toString(line)};
            }
        }
        return null;
    }

    private static Path fileOf(StackTraceElement frame, Path generatedRoot) {
        String cls = frame.getClassName();
        int dot = cls.lastIndexOf('.');
        Path dir = dot < 0 ? generatedRoot : generatedRoot.resolve(cls.substring(0, dot).replace('.', '/'));
        return dir.resolve(frame.getFileName());
    }

    private static List<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
