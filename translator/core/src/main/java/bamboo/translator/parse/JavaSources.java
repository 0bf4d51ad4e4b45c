package bamboo.translator.parse;

import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.TokenRange;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.MemoryTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.ast.body.TypeDeclaration;

import java.util.ArrayList;
import java.util.List;
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
        this.typeSolver = new CombinedTypeSolver(new ReflectionTypeSolver(false), sourceTypes);
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
            CompilationUnit cu = result.getResult().get();
            units.add(new ParsedUnit(source, cu));
        }
        for (ParsedUnit u : units) {
            for (TypeDeclaration<?> t : u.unit().findAll(TypeDeclaration.class)) {
                register(t);
            }
        }
        return units;
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
