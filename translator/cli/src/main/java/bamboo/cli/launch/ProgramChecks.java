package bamboo.cli.launch;

import bamboo.translator.parse.SourceFile;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Checks of the user's sources that come before translating them, so that a newcomer's mistake gets a
 * message naming it: a file that is not UTF-8, and an annotated program whose {@code main} never calls
 * {@code MPI.Init} (untranslated it fails at its first MPI call; translated it must fail alike).
 */
public final class ProgramChecks {
    private ProgramChecks() {
    }

    /**
     * Refuses the first {@code .java} file among {@code inputs} (files, or directories walked) that is not
     * valid UTF-8, naming the first bad byte and its line.
     *
     * @throws UserError {@code File.java: not UTF-8 (byte 0xE9 at line 3)}, exit code 2
     */
    public static void requireUtf8(List<Path> inputs) {
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> walk = Files.walk(in)) {
                    for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(".java"))
                            .filter(Files::isRegularFile).sorted()::iterator) {
                        requireUtf8(p);
                    }
                } catch (IOException e) {
                    throw new UserError(in + ": cannot read it (" + e.getMessage() + ")");
                }
            } else if (Files.isRegularFile(in) && in.toString().endsWith(".java")) {
                requireUtf8(in);
            }
        }
    }

    /** {@link #requireUtf8(List)} for one file. */
    public static void requireUtf8(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UserError(file + ": cannot read it (" + e.getMessage() + ")");
        }
        String problem = utf8Problem(bytes);
        if (problem != null) {
            throw new UserError(file + ": not UTF-8 (" + problem + "); save it as UTF-8", 2);
        }
    }

    /** Null when {@code bytes} are valid UTF-8, else "byte 0xE9 at line 3". */
    static String utf8Problem(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            return null;
        }
        int at = in.position();
        int line = 1;
        for (int i = 0; i < at; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return String.format(Locale.ROOT, "byte 0x%02X at line %d", bytes[at] & 0xff, line);
    }

    /**
     * The errors to report for programs the translator read: javac's when a file does not even parse (its
     * {@code ';' expected} says more than the parser's list of the tokens it would have taken), or when the
     * translator found nothing (the translator is no compiler: an unknown symbol passes it); else the
     * translator's, which name what it cannot translate more precisely than javac's "cannot find symbol".
     *
     * @param translatorErrors the translator's diagnostics, as lines
     * @param javac            javac's errors, computed only when needed; null when not compiling
     */
    public static List<String> errors(List<String> translatorErrors, java.util.function.Supplier<List<String>> javac) {
        boolean syntax = translatorErrors.stream().anyMatch(l -> l.contains(": error: syntax error:"));
        if (javac != null && (translatorErrors.isEmpty() || syntax)) {
            List<String> compiled = javac.get();
            if (!compiled.isEmpty() || translatorErrors.isEmpty()) {
                return compiled;
            }
        }
        return translatorErrors;
    }

    /**
     * One {@code File.java:LINE:COL: error: ...} line per {@code @Bamboo} class whose {@code main} (with the
     * rest of its class) never calls {@code MPI.Init}; empty when every program does, or a file does not
     * parse (the compiler's errors say why).
     */
    public static List<String> missingMpiInit(List<SourceFile> sources) {
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
        List<String> errors = new ArrayList<>();
        for (SourceFile s : sources) {
            if (!s.text().contains("Bamboo")) {
                continue;
            }
            ParseResult<CompilationUnit> parsed = new JavaParser(config).parse(s.text());
            if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
                continue;
            }
            for (ClassOrInterfaceDeclaration c : parsed.getResult().get().findAll(ClassOrInterfaceDeclaration.class)) {
                if (c.getAnnotationByName("Bamboo").isEmpty()) {
                    continue;
                }
                MethodDeclaration main = c.getMethodsByName("main").stream()
                        .filter(m -> m.isStatic() && m.getParameters().size() == 1).findFirst().orElse(null);
                boolean initialises = c.findAll(MethodCallExpr.class).stream().anyMatch(ProgramChecks::isMpiInit);
                if (main != null && !initialises) {
                    var at = main.getName().getBegin().orElseThrow();
                    errors.add(s.displayName() + ":" + at.line + ":" + at.column + ": error: main never calls "
                            + "MPI.Init: call it before any other MPI call (String[] argv = MPI.Init(args);), "
                            + "untranslated the first MPI call fails without it");
                }
            }
        }
        return errors;
    }

    private static boolean isMpiInit(MethodCallExpr call) {
        String name = call.getNameAsString();
        return (name.equals("Init") || name.equals("InitThread"))
                && call.getScope().map(e -> e.toString().equals("MPI") || e.toString().equals("mpi.MPI")).orElse(false);
    }
}
