package bamboo.translator.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the sources a program needs in source directories, as javac's {@code -sourcepath} does: every
 * top-level class the given files name (imported, in their package, on demand, statically imported) whose
 * {@code .java} file is in a source directory is added, and so are the classes those files name, in turn.
 * A translation of one file then sees the statics of the kernel classes it reaches and makes them per-task
 * state, instead of leaving them to the compiled classes, which the tasks would share.
 */
public final class SourcePath {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private final List<Path> roots;
    private final JavaParser parser = new JavaParser(new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

    public SourcePath(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /**
     * The source directory {@code file} stands in, judged by its package declaration ({@code p/q/X.java}
     * declaring {@code package p.q;} stands in the directory above {@code p}), or empty when its place does not
     * match its package.
     */
    public static Optional<Path> rootOf(Path file) throws IOException {
        Matcher m = PACKAGE.matcher(Files.readString(file, StandardCharsets.UTF_8));
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (m.find()) {
            String[] parts = m.group(1).split("\\.");
            for (int i = parts.length - 1; i >= 0; i--) {
                if (dir == null || !dir.getFileName().toString().equals(parts[i])) {
                    return Optional.empty();
                }
                dir = dir.getParent();
            }
        }
        return Optional.ofNullable(dir);
    }

    /** The files of the source directories that {@code files} need, transitively, without {@code files} themselves. */
    public List<Path> needed(List<Path> files) throws IOException {
        Set<Path> seen = new LinkedHashSet<>();
        Deque<Path> work = new ArrayDeque<>();
        for (Path f : files) {
            Path n = f.toAbsolutePath().normalize();
            if (seen.add(n)) {
                work.add(n);
            }
        }
        List<Path> out = new ArrayList<>();
        while (!work.isEmpty()) {
            Path at = work.poll();
            for (Path p : named(at)) {
                if (seen.add(p)) {
                    work.add(p);
                    out.add(p);
                }
            }
        }
        return out;
    }

    /** The files of the source directories whose classes {@code file} may name. */
    private List<Path> named(Path file) throws IOException {
        ParseResult<CompilationUnit> r = parser.parse(Files.readString(file, StandardCharsets.UTF_8));
        if (r.getResult().isEmpty()) {
            return List.of(); // the translation reports its syntax errors
        }
        CompilationUnit cu = r.getResult().get();
        Set<String> simple = new LinkedHashSet<>();
        cu.findAll(ClassOrInterfaceType.class).forEach(t -> simple.add(first(t.getNameWithScope())));
        cu.findAll(NameExpr.class).forEach(n -> simple.add(n.getNameAsString()));
        cu.findAll(Name.class).forEach(n -> simple.add(first(n.asString())));
        List<String> candidates = new ArrayList<>();
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
        for (ImportDeclaration i : cu.getImports()) {
            String name = i.getNameAsString();
            if (i.isAsterisk()) {
                for (String s : simple) {
                    candidates.add(name + "." + s); // a package's class, or a nested class of an imported class
                }
                candidates.add(name);
            } else {
                candidates.add(name);
                if (i.isStatic()) {
                    candidates.add(name.substring(0, Math.max(0, name.lastIndexOf('.'))));
                }
            }
        }
        for (String s : simple) {
            candidates.add(pkg + s);
        }
        // fully qualified uses in code: a.b.K.f, a.b.K.m()
        cu.findAll(com.github.javaparser.ast.expr.FieldAccessExpr.class).forEach(f -> candidates.add(f.toString()));
        cu.findAll(ClassOrInterfaceType.class).forEach(t -> candidates.add(t.getNameWithScope()));
        List<Path> out = new ArrayList<>();
        for (String c : candidates) {
            fileOf(c).ifPresent(p -> {
                if (!out.contains(p)) {
                    out.add(p);
                }
            });
        }
        return out;
    }

    /** The source file of the top-level class that {@code dotted} names or starts with, if a root has it. */
    private Optional<Path> fileOf(String dotted) {
        String[] parts = dotted.split("\\.");
        for (int n = parts.length; n >= 1; n--) {
            String rel = String.join("/", java.util.Arrays.copyOf(parts, n)) + ".java";
            for (Path root : roots) {
                Path p = root.resolve(rel).toAbsolutePath().normalize();
                if (Files.isRegularFile(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static String first(String dotted) {
        int dot = dotted.indexOf('.');
        return dot < 0 ? dotted : dotted.substring(0, dot);
    }
}
