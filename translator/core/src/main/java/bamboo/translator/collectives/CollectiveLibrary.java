package bamboo.translator.collectives;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCallClassifier;
import bamboo.translator.parse.JavaSources;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.SourceFile;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The library of collectives written as annotated point-to-point Java ({@code Collectives.java}, a
 * resource of this package), parsed with the program's own parser so its MPI calls are recognised the
 * same way.
 */
public final class CollectiveLibrary {
    static final String RESOURCE = "Collectives.java";

    private final Map<String, MethodDeclaration> methods = new HashMap<>();
    private final Map<String, Expression> constants = new HashMap<>();

    public CollectiveLibrary(JavaSources parser) {
        Diagnostics d = new Diagnostics();
        List<ParsedUnit> units = parser.parseAll(List.of(new SourceFile(RESOURCE, read())), d);
        if (!d.isEmpty() || units.size() != 1) {
            throw new IllegalStateException("the collectives library does not parse: " + d);
        }
        ClassOrInterfaceDeclaration type = units.get(0).unit().getClassByName("Collectives").orElseThrow();
        new MpiCallClassifier(parser.facade()).classify(type, RESOURCE, d);
        if (!d.isEmpty()) {
            throw new IllegalStateException("the collectives library does not resolve: " + d);
        }
        for (MethodDeclaration m : type.getMethods()) {
            methods.put(m.getNameAsString(), m);
        }
        for (FieldDeclaration f : type.getFields()) {
            f.getVariables().forEach(v -> constants.put(v.getNameAsString(), v.getInitializer().orElseThrow()));
        }
    }

    /** The implementation of collective {@code name}, if the library has one. */
    public Optional<MethodDeclaration> method(String name) {
        return Optional.ofNullable(methods.get(name));
    }

    /** The library's constants (reserved tags), by name. */
    public Map<String, Expression> constants() {
        return constants;
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
