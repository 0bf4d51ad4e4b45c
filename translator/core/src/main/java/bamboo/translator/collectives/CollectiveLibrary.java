package bamboo.translator.collectives;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCallClassifier;
import bamboo.translator.parse.JavaSources;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.SourceFile;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The library of collectives written as annotated point-to-point Java ({@code Collectives.java}, a
 * resource of this package), parsed like a program (same parser and symbol solver set-up) so its MPI
 * calls are recognised the same way; and the user's own implementations ({@code --collectives DIR}), which replace ours method by
 * method after the same checks: each method is named after a collective, has exactly our signature
 * (a first parameter {@code Intracomm comm}, then mpiJava's parameters), and a method that returns a
 * value ends with its only {@code return}.
 *
 * <p>Our library is parsed and checked once per JVM ({@link #ours()}) and shared by every translation:
 * the inliner only reads its declarations and clones their bodies, so nothing reaches it through the
 * cache. It gets a parser and symbol solver of its own, which know the JDK, {@code mpi} and
 * {@code bamboo} but not the program's types (the library names none of them).
 */
public final class CollectiveLibrary {
    static final String RESOURCE = "Collectives.java";

    /** A collective's implementation and the constants of the class that declares it. */
    private record Impl(MethodDeclaration method, Map<String, Expression> constants) {
    }

    /** Our library, parsed on first use (the Java class initialisation lock makes that once per JVM). */
    private static final class Ours {
        static final CollectiveLibrary LIBRARY = parseOurs();
    }

    private final Map<String, Impl> methods = new HashMap<>();

    private CollectiveLibrary() {
    }

    /** Our library only, shared: parsed and checked once per JVM. */
    public static CollectiveLibrary ours() {
        return Ours.LIBRARY;
    }

    /**
     * Our library with the user's implementations in {@code user} put in place of ours, parsed with the
     * program's {@code parser}; what is wrong with them goes to {@code d} as {@code File.java:L:C: error: ...}
     * (and they are then not used). Only the user's files are parsed: ours comes from {@link #ours()}.
     */
    public static CollectiveLibrary withUser(JavaSources parser, List<SourceFile> user, Diagnostics d) {
        CollectiveLibrary lib = new CollectiveLibrary();
        lib.methods.putAll(ours().methods);
        if (!user.isEmpty()) {
            lib.loadUser(parser, user, d);
        }
        return lib;
    }

    private static CollectiveLibrary parseOurs() {
        JavaSources parser = new JavaSources();
        CollectiveLibrary lib = new CollectiveLibrary();
        Diagnostics own = new Diagnostics();
        List<ParsedUnit> units = parser.parseAll(List.of(new SourceFile(RESOURCE, read())), own);
        if (!own.isEmpty() || units.size() != 1) {
            throw new IllegalStateException("the collectives library does not parse: " + own);
        }
        ClassOrInterfaceDeclaration type = units.get(0).unit().getClassByName("Collectives").orElseThrow();
        lib.load(parser, type, RESOURCE, own);
        if (!own.isEmpty()) {
            throw new IllegalStateException("the collectives library is not valid: " + own);
        }
        return lib;
    }

    private void loadUser(JavaSources parser, List<SourceFile> user, Diagnostics d) {
        Diagnostics mine = new Diagnostics();
        Map<String, Impl> ours = Map.copyOf(methods);
        Map<String, String> suppliedIn = new HashMap<>();
        for (ParsedUnit u : parser.parseAll(user, mine)) {
            for (TypeDeclaration<?> t : u.unit().getTypes()) {
                if (!(t instanceof ClassOrInterfaceDeclaration) || ((ClassOrInterfaceDeclaration) t).isInterface()) {
                    mine.error(u.fileName(), t.getName(), "a collectives file holds classes with static methods named "
                            + "after collectives; " + t.getNameAsString() + " is not a class");
                    continue;
                }
                for (MethodDeclaration m : t.getMethods()) {
                    Impl ourImpl = ours.get(m.getNameAsString());
                    if (ourImpl == null) {
                        mine.error(u.fileName(), m.getName(), "method " + m.getNameAsString() + " is not a collective the "
                                + "translator inlines; a collectives file may only define " + names(ours)
                                + " (helper methods are not inlined: write their code in the collective)");
                        continue;
                    }
                    String before = suppliedIn.put(m.getNameAsString(), u.fileName());
                    if (before != null) {
                        mine.error(u.fileName(), m.getName(), "collective " + m.getNameAsString()
                                + " is supplied twice (also in " + before + ")");
                        continue;
                    }
                    checkSignature(u.fileName(), m, ourImpl.method(), mine);
                }
                load(parser, (ClassOrInterfaceDeclaration) t, u.fileName(), mine);
            }
        }
        d.addAll(mine);
        if (!mine.isEmpty()) {
            methods.clear();
            methods.putAll(ours);
        }
    }

    private void load(JavaSources parser, ClassOrInterfaceDeclaration type, String file, Diagnostics d) {
        qualifyImportedNames(type);
        new MpiCallClassifier(parser.facade()).classify(type, file, d);
        Map<String, Expression> constants = new HashMap<>();
        for (FieldDeclaration f : type.getFields()) {
            if (!f.isStatic() || !f.isFinal()) {
                d.error(file, f, "a collectives class may only hold constants (static final fields); "
                        + "state belongs in the collective's locals");
                continue;
            }
            f.getVariables().forEach(v -> v.getInitializer().ifPresent(init -> constants.put(v.getNameAsString(), init)));
        }
        for (MethodDeclaration m : type.getMethods()) {
            if (m.getBody().isEmpty() || !m.isStatic()) {
                d.error(file, m.getName(), "collective " + m.getNameAsString() + " must be a static method with a body");
                continue;
            }
            if (!m.getType().isVoidType()) {
                checkReturns(file, m, d);
            }
            methods.put(m.getNameAsString(), new Impl(m, constants));
        }
    }

    /** Names the file imports, written with their package in its methods and constants (see {@link ImportedNames}). */
    private static void qualifyImportedNames(ClassOrInterfaceDeclaration type) {
        CompilationUnit unit = type.findCompilationUnit().orElse(null);
        if (unit == null) {
            return;
        }
        ImportedNames names = new ImportedNames(unit);
        Set<String> constants = new HashSet<>();
        type.getFields().forEach(f -> f.getVariables().forEach(v -> constants.add(v.getNameAsString())));
        for (FieldDeclaration f : type.getFields()) {
            f.getVariables().forEach(v -> v.getInitializer().ifPresent(init -> names.qualify(init, constants)));
        }
        for (MethodDeclaration m : type.getMethods()) {
            m.getParameters().forEach(p -> names.qualify(p, constants));
            m.getBody().ifPresent(b -> names.qualify(b, constants));
        }
    }

    /** Same parameters (types as written, {@code mpi.} prefixes ignored) and result as ours. */
    private static void checkSignature(String file, MethodDeclaration m, MethodDeclaration ours, Diagnostics d) {
        String want = signature(ours);
        String got = signature(m);
        if (!want.equals(got)) {
            d.error(file, m.getName(), "collective " + m.getNameAsString() + " has the wrong signature: expected "
                    + want + ", found " + got + " (the first parameter is the communicator the call is made on, "
                    + "then mpiJava's parameters)");
        }
    }

    private static String signature(MethodDeclaration m) {
        String params = m.getParameters().stream().map(CollectiveLibrary::type).collect(Collectors.joining(", "));
        return plain(m.getType().asString()) + " " + m.getNameAsString() + "(" + params + ")";
    }

    private static String type(Parameter p) {
        return plain(p.getType().asString()) + (p.isVarArgs() ? "..." : "");
    }

    private static String plain(String type) {
        return type.replace("mpi.", "").replace("java.lang.", "");
    }

    /** The inliner turns the last statement, {@code return e;}, into an assignment: it must be the only one. */
    private static void checkReturns(String file, MethodDeclaration m, Diagnostics d) {
        BlockStmt body = m.getBody().orElseThrow();
        List<Statement> statements = body.getStatements();
        Statement last = statements.isEmpty() ? null : statements.get(statements.size() - 1);
        if (!(last instanceof ReturnStmt) || ((ReturnStmt) last).getExpression().isEmpty()) {
            d.error(file, last != null ? last : m.getName(), "collective " + m.getNameAsString() + " returns a value: "
                    + "its last statement must be its only return (return result;)");
            return;
        }
        for (ReturnStmt r : body.findAll(ReturnStmt.class)) {
            if (r != last && !insideLambda(r, body)) {
                d.error(file, r, "collective " + m.getNameAsString() + " may return only at its end: assign the "
                        + "result to a variable and return it in the last statement");
            }
        }
    }

    private static boolean insideLambda(Node n, Node limit) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != limit; x = x.getParentNode().orElse(null)) {
            if (x instanceof LambdaExpr || x instanceof com.github.javaparser.ast.body.BodyDeclaration) {
                return true;
            }
        }
        return false;
    }

    private static String names(Map<String, Impl> ours) {
        return ours.keySet().stream().sorted().collect(Collectors.joining(", "));
    }

    /** The implementation of collective {@code name}, if the library has one. */
    public Optional<MethodDeclaration> method(String name) {
        return Optional.ofNullable(methods.get(name)).map(Impl::method);
    }

    /** The constants (tags) visible to collective {@code name}'s body, by name. */
    public Map<String, Expression> constants(String name) {
        Impl impl = methods.get(name);
        return impl == null ? Map.of() : impl.constants();
    }

    private static String read() {
        try (InputStream in = CollectiveLibrary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
