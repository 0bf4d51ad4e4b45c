package bamboo.translator.smap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JSR-45 source map (SMAP) of a generated companion: for each line of its code, the line of the
 * program it was translated from, read from the {@code // from X.java:LINE} comments the translator puts
 * before what it emits. Written into the companion's classes as their {@code SourceDebugExtension}
 * ({@link ClassFiles}), with "Bamboo" as the default stratum, so that debuggers and IDEs show and step
 * through the program the user wrote rather than the generated file.
 *
 * <p>A line maps to the nearest such comment at or above it; where the comment heads a block of
 * statements copied as written, the line's own statement is looked for among the program's lines below
 * the comment's, as stack traces of translated runs are rewritten.
 */
public final class SourceMap {
    /** The stratum the map defines, and the default one of the classes that carry it. */
    public static final String STRATUM = "Bamboo";
    private static final Pattern FROM = Pattern.compile("//.*\\bfrom\\s+(\\S+\\.java):(\\d+)");
    /** How far below a comment's line a statement it covers is looked for in the program. */
    private static final int REACH = 200;
    private static final Pattern ENTRY = Pattern.compile("(\\d+)(?:#\\d+)?(?:,(\\d+))?:(\\d+)(?:,(\\d+))?");

    private SourceMap() {
    }

    /**
     * The SMAP of a generated file, or null when no line of it comes from a program's line.
     *
     * @param packagePath  the file's package as a path ({@code "p/q"}, {@code ""} for the default package)
     * @param fileName     the generated file's name, as its classes' {@code SourceFile} attribute has it
     * @param text         the generated file's text
     * @param programLines the lines of a program's file given its name (a sibling of the generated file),
     *                     or an empty list when it cannot be read
     */
    public static String of(String packagePath, String fileName, String text,
                            Function<String, List<String>> programLines) {
        List<String> lines = text.lines().toList();
        List<String> files = new ArrayList<>();
        // per generated line (1-based): the program's file index + 1 and line, 0 when unmapped
        int[] fileOf = new int[lines.size() + 1];
        int[] lineOf = new int[lines.size() + 1];
        String file = null;
        int fromLine = 0;
        for (int i = 1; i <= lines.size(); i++) {
            String line = lines.get(i - 1);
            Matcher m = FROM.matcher(line);
            if (m.find()) {
                file = m.group(1);
                fromLine = Integer.parseInt(m.group(2));
                if (!files.contains(file)) {
                    files.add(file);
                }
            }
            String statement = line.strip();
            if (file == null || statement.isEmpty() || statement.startsWith("//") || statement.startsWith("/*")
                    || statement.startsWith("*")) {
                continue;
            }
            fileOf[i] = files.indexOf(file) + 1;
            lineOf[i] = ownLine(statement, fromLine, programLines.apply(file));
        }
        if (files.isEmpty()) {
            return null;
        }
        StringBuilder smap = new StringBuilder();
        smap.append("SMAP\n").append(fileName).append('\n').append(STRATUM).append('\n');
        smap.append("*S ").append(STRATUM).append('\n').append("*F\n");
        for (int f = 0; f < files.size(); f++) {
            smap.append("+ ").append(f + 1).append(' ').append(files.get(f)).append('\n');
            smap.append(packagePath.isEmpty() ? "" : packagePath + "/").append(files.get(f)).append('\n');
        }
        smap.append("*L\n");
        int lastFile = 0;
        for (int i = 1; i <= lines.size(); ) {
            if (fileOf[i] == 0) {
                i++;
                continue;
            }
            // a run of generated lines mapped one to one onto consecutive program lines is one entry
            int run = 1;
            while (i + run <= lines.size() && fileOf[i + run] == fileOf[i] && lineOf[i + run] == lineOf[i] + run) {
                run++;
            }
            smap.append(lineOf[i]);
            if (fileOf[i] != lastFile) {
                smap.append('#').append(fileOf[i]);
                lastFile = fileOf[i];
            }
            smap.append(run > 1 ? "," + run : "").append(':').append(i).append('\n');
            i += run;
        }
        smap.append("*E\n");
        return smap.toString();
    }

    /** The program's line of a statement copied as written below a comment of {@code line}, else that line. */
    private static int ownLine(String statement, int line, List<String> program) {
        for (int j = line - 1; j >= 0 && j < program.size() && j < line + REACH; j++) {
            if (program.get(j).strip().equals(statement)) {
                return j + 1;
            }
        }
        return line;
    }

    /**
     * The program's line an SMAP maps generated line {@code outputLine} to, or -1 when it maps none: what a
     * debugger reading the map finds (the line section's {@code in#file,repeat:out,step} entries).
     */
    public static int inputLine(String smap, int outputLine) {
        boolean lines = false;
        for (String l : smap.split("\n")) {
            if (l.startsWith("*")) {
                lines = l.equals("*L");
                continue;
            }
            Matcher m = ENTRY.matcher(l);
            if (!lines || !m.matches()) {
                continue;
            }
            int in = Integer.parseInt(m.group(1));
            int repeat = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            int out = Integer.parseInt(m.group(3));
            int step = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
            if (outputLine >= out && outputLine < out + repeat * step) {
                return in + (outputLine - out) / step;
            }
        }
        return -1;
    }
}
