package bamboo.translator.parse;

import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.JavaToken;
import com.github.javaparser.Range;
import com.github.javaparser.TokenRange;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.MemoryTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stage 1: parses sources with an explicit language level (Java 17) and attaches a symbol solver that
 * knows the JDK, the {@code mpi} and {@code bamboo} classes (by reflection over the translator's own class
 * path, where the shim and the annotations live) and every type declared in the given sources.
 */
public final class JavaSources {
    private final TypeSolver typeSolver;
    private final MemoryTypeSolver sourceTypes = new MemoryTypeSolver();
    private final JavaParser parser;

    public JavaSources() {
        // The sources first: in a JVM whose class path also holds the user's compiled classes (the benchmark,
        // a build tool) a call must resolve to the source declaration, or it is neither followed nor inlined.
        this.typeSolver = new CombinedTypeSolver(sourceTypes, new ReflectionTypeSolver(false));
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)
                .setSymbolResolver(new JavaSymbolSolver(typeSolver));
        Java17Checks.install(config); // the same checks, one walk instead of one per rule
        this.parser = new JavaParser(config);
    }

    public TypeSolver typeSolver() {
        return typeSolver;
    }

    public JavaParserFacade facade() {
        return JavaParserFacade.get(typeSolver);
    }

    /**
     * Lets the symbol solver's state of this translation go. JavaParserFacade keeps one facade per type
     * solver in a static WeakHashMap whose values point back at their keys, so without this every
     * translation in a JVM stayed reachable (its type solver, every parsed tree, every resolved type):
     * the Maven goal and the javac processor grew with each run, and a benchmark of repeated runs spent
     * ever more time collecting garbage. Clearing drops only caches: a translation running at the same
     * time on another thread gets a fresh facade on its next lookup. The lock is the one
     * {@code JavaParserFacade.get} takes.
     */
    public void release() {
        synchronized (JavaParserFacade.class) {
            JavaParserFacade.clearInstances();
        }
    }

    /**
     * Parses every source. Syntax errors become diagnostics; the units that parsed are returned and their
     * types registered with the symbol solver, so programs can refer to each other.
     */
    public List<ParsedUnit> parseAll(List<SourceFile> sources, Diagnostics diagnostics) {
        List<ParsedUnit> units = new ArrayList<>();
        for (SourceFile source : sources) {
            ParseResult<CompilationUnit> result = parser.parse(source.text());
            if (!result.isSuccessful() || result.getResult().isEmpty()) {
                for (Problem p : result.getProblems()) {
                    int line = 1;
                    int col = 1;
                    Optional<TokenRange> range = p.getLocation();
                    if (range.isPresent() && range.get().getBegin().getRange().isPresent()) {
                        line = range.get().getBegin().getRange().get().begin.line;
                        col = range.get().getBegin().getRange().get().begin.column;
                    }
                    diagnostics.error(source.displayName(), line, col,
                            "syntax error: " + firstLine(p.getMessage()));
                }
                continue;
            }
            units.add(index(source, result.getResult().get()));
        }
        for (ParsedUnit u : units) {
            for (TypeDeclaration<?> t : u.types()) {
                register(t);
            }
        }
        return units;
    }

    /**
     * Lets the tokens of a parsed unit go, keeping every node's range. Each node refers to its first and
     * last token, and the tokens are a doubly linked list of the whole file (whitespace and comments
     * included): two thirds of a parsed tree's memory, kept alive until the translation ends, which the
     * garbage collector copied again and again. Here each node's first and last tokens are replaced by
     * copies outside that list (the same range, kind and text; one copy per token, shared by the nodes
     * that begin or end there), so the list can go at once. Ranges stay as they were, and clones still
     * get their ranges from the copies, as JavaParser's cloning takes them from a node's tokens. Nothing
     * after parsing walks from token to token (the comments were attributed while parsing);
     * {@code setStoreTokens(false)} is no substitute, as it drops the ranges too. Comments attached to
     * nodes are not among their children, so they are handled on their own.
     *
     * <p>The same walk lists the unit's nodes of the kinds {@link ParsedUnit} keeps.
     */
    private static ParsedUnit index(SourceFile source, CompilationUnit cu) {
        Map<JavaToken, JavaToken> detached = new IdentityHashMap<>();
        List<TypeDeclaration<?>> types = new ArrayList<>();
        List<MethodDeclaration> methods = new ArrayList<>();
        List<FieldDeclaration> fields = new ArrayList<>();
        List<MethodCallExpr> calls = new ArrayList<>();
        Walk.preOrder(cu, n -> {
            detach(n, detached);
            n.getComment().ifPresent(c -> detach(c, detached));
            if (n instanceof MethodCallExpr) {
                calls.add((MethodCallExpr) n);
            } else if (n instanceof MethodDeclaration) {
                methods.add((MethodDeclaration) n);
            } else if (n instanceof FieldDeclaration) {
                fields.add((FieldDeclaration) n);
            } else if (n instanceof TypeDeclaration) {
                types.add((TypeDeclaration<?>) n);
            }
        });
        return new ParsedUnit(source, cu, List.copyOf(types), List.copyOf(methods), List.copyOf(fields),
                List.copyOf(calls));
    }

    private static void detach(Node n, Map<JavaToken, JavaToken> detached) {
        TokenRange tokens = n.getTokenRange().orElse(null);
        if (tokens == null || tokens == TokenRange.INVALID) {
            return;
        }
        Optional<Range> range = n.getRange();
        n.setTokenRange(new TokenRange(detached.computeIfAbsent(tokens.getBegin(), JavaSources::copy),
                detached.computeIfAbsent(tokens.getEnd(), JavaSources::copy)));
        if (!n.getRange().equals(range)) {
            n.setRange(range.orElse(null)); // a range set apart from the tokens (none known): kept as it was
        }
    }

    private static JavaToken copy(JavaToken t) {
        return new JavaToken(t.getRange().orElse(null), t.getKind(), t.getText(), null, null);
    }

    private void register(TypeDeclaration<?> type) {
        try {
            sourceTypes.addDeclaration(type.getFullyQualifiedName().orElse(type.getNameAsString()),
                    type.resolve());
        } catch (RuntimeException e) {
            // A type the solver cannot model is simply not resolvable from other files; calls on it are
            // then reported where it matters (an MPI-looking call whose receiver cannot be resolved).
        }
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        String s = nl < 0 ? message : message.substring(0, nl);
        return s.strip();
    }
}
