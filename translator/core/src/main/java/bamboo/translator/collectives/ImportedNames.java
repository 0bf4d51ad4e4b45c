package bamboo.translator.collectives;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the types a collectives file names through its own imports with their package, so that an
 * inlined body means the same types in a program that imports other names. Before, a user's file with
 * {@code import mpi.*;} and a parameter {@code Datatype datatype} gave the task class a field of type
 * {@code Datatype}, which did not compile in a program that imports only {@code mpi.MPI} (and our
 * library's {@code MPI.BYTE} or {@code new MPIException(...)} needed the program to import those names).
 *
 * <p>Qualified: types (declarations, {@code new}, casts, arrays) and names used as the scope of a field or
 * a method ({@code MPI.UNDEFINED}, {@code Math.max} is left alone: {@code java.lang} is visible
 * everywhere). A name resolves by the file's single-type imports, then, for on-demand imports, by asking
 * the translator's class path whether {@code package.Name} exists; types the file declares, locals and
 * names the class path does not know stay as written.
 */
final class ImportedNames {
    private final Map<String, String> single = new HashMap<>();
    private final List<String> onDemand = new ArrayList<>();
    private final Set<String> declared = new HashSet<>();

    ImportedNames(CompilationUnit unit) {
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            String name = i.getNameAsString();
            if (i.isAsterisk()) {
                onDemand.add(name);
            } else {
                single.put(name.substring(name.lastIndexOf('.') + 1), name);
            }
        }
        for (TypeDeclaration<?> t : unit.findAll(TypeDeclaration.class)) {
            declared.add(t.getNameAsString());
        }
    }

    /** Qualifies the imported names under {@code root}; {@code locals} are names that mean variables there. */
    void qualify(Node root, Set<String> locals) {
        Set<String> variables = new HashSet<>(locals);
        root.findAll(VariableDeclarator.class).forEach(v -> variables.add(v.getNameAsString()));
        root.findAll(Parameter.class).forEach(p -> variables.add(p.getNameAsString()));
        for (ClassOrInterfaceType t : root.findAll(ClassOrInterfaceType.class)) {
            if (t.getScope().isEmpty()) {
                String q = qualified(t.getNameAsString());
                if (q != null) {
                    t.setScope(typeOf(q.substring(0, q.lastIndexOf('.'))));
                }
            }
        }
        for (NameExpr n : root.findAll(NameExpr.class)) {
            if (isScope(n) && !variables.contains(n.getNameAsString())) {
                String q = qualified(n.getNameAsString());
                if (q != null) {
                    n.replace(expressionOf(q));
                }
            }
        }
    }

    /** The name with its package, or null to leave it as written. */
    String qualified(String simple) {
        if (declared.contains(simple)) {
            return null;
        }
        String q = single.get(simple);
        if (q != null) {
            return q;
        }
        if (onDemand.isEmpty() || exists("java.lang." + simple)) {
            return null;
        }
        for (String p : onDemand) {
            if (exists(p + "." + simple)) {
                return p + "." + simple;
            }
        }
        return null;
    }

    private static boolean isScope(NameExpr n) {
        Node parent = n.getParentNode().orElse(null);
        return parent instanceof FieldAccessExpr && ((FieldAccessExpr) parent).getScope() == n
                || parent instanceof MethodCallExpr && ((MethodCallExpr) parent).getScope().orElse(null) == n;
    }

    private static boolean exists(String className) {
        try {
            Class.forName(className, false, ImportedNames.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static ClassOrInterfaceType typeOf(String dotted) {
        ClassOrInterfaceType t = null;
        for (String part : dotted.split("\\.")) {
            t = new ClassOrInterfaceType(t, part);
        }
        return t;
    }

    private static Expression expressionOf(String dotted) {
        String[] parts = dotted.split("\\.");
        Expression e = new NameExpr(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            e = new FieldAccessExpr(e, parts[i]);
        }
        return e;
    }
}
