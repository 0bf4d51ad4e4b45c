package bamboo.translator.inline;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The types of the source tree and what a simple name in one of their method bodies refers to: a local
 * (or parameter) of the body, or a field of the body's class, its superclasses in the tree or its
 * enclosing classes. Works on the tree as parsed (positions tell which local declarations are in scope),
 * without the symbol solver, which misses locals of plain blocks.
 */
public final class Members {
    /** A field found for a name: where it is declared. */
    public record FieldRef(TypeDeclaration<?> owner, FieldDeclaration declaration, VariableDeclarator variable) {
        public boolean isStatic() {
            return declaration.isStatic() || owner instanceof ClassOrInterfaceDeclaration
                    && ((ClassOrInterfaceDeclaration) owner).isInterface();
        }

        public boolean isPrivate() {
            return declaration.isPrivate();
        }

        public String name() {
            return variable.getNameAsString();
        }

        /** A compile-time constant (final primitive or String with an initializer): safe to share. */
        public boolean isConstant() {
            boolean fin = declaration.isFinal() || owner instanceof ClassOrInterfaceDeclaration
                    && ((ClassOrInterfaceDeclaration) owner).isInterface();
            return fin && variable.getInitializer().isPresent() && (variable.getType().isPrimitiveType()
                    || variable.getType().asString().equals("String") || variable.getType().asString()
                    .equals("java.lang.String"));
        }
    }

    private final Map<String, List<TypeDeclaration<?>>> bySimpleName = new HashMap<>();
    private final Map<CompilationUnit, String> files = new IdentityHashMap<>();

    public Members(List<ParsedUnit> units) {
        for (ParsedUnit u : units) {
            files.put(u.unit(), u.fileName());
            for (TypeDeclaration<?> t : u.types()) { // as parsed: nothing is inlined yet
                bySimpleName.computeIfAbsent(t.getNameAsString(), k -> new ArrayList<>()).add(t);
            }
        }
    }

    /** Whether {@code n} belongs to one of the translated sources. */
    public boolean inTree(Node n) {
        return n.findCompilationUnit().map(files::containsKey).orElse(false);
    }

    /** The display name of the source file {@code n} comes from. */
    public String fileOf(Node n) {
        return n.findCompilationUnit().map(files::get).orElse("?");
    }

    /** The package of the file {@code n} comes from ("" for the default package). */
    public static String packageOf(Node n) {
        return n.findCompilationUnit().flatMap(CompilationUnit::getPackageDeclaration)
                .map(p -> p.getNameAsString()).orElse("");
    }

    /** The type a source-tree type of that simple name (the only one of that name), or empty. */
    public Optional<TypeDeclaration<?>> type(String simpleName) {
        List<TypeDeclaration<?>> l = bySimpleName.getOrDefault(simpleName, List.of());
        return l.size() == 1 ? Optional.of(l.get(0)) : Optional.empty();
    }

    /** The nearest type declaration around {@code n}. */
    public static TypeDeclaration<?> ownerType(Node n) {
        for (Node x = n.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration) {
                return (TypeDeclaration<?>) x;
            }
        }
        throw new IllegalArgumentException("not inside a type: " + n);
    }

    /** The nearest method or constructor around {@code n} (or its type, for field initialisers). */
    public static Node ownerMethod(Node n) {
        for (Node x = n.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof CallableDeclaration || x instanceof TypeDeclaration) {
                return x;
            }
        }
        return n;
    }

    /** How code outside the type names it: the chain of simple names from its top-level type. */
    public static String typeRef(TypeDeclaration<?> t) {
        StringBuilder b = new StringBuilder(t.getNameAsString());
        for (Node x = t.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration) {
                b.insert(0, ((TypeDeclaration<?>) x).getNameAsString() + ".");
            }
        }
        return b.toString();
    }

    /** Whether the type or one of its enclosing types is private (it cannot be named from outside). */
    public static boolean hidden(TypeDeclaration<?> t) {
        for (Node x = t; x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration && ((TypeDeclaration<?>) x).hasModifier(Modifier.Keyword.PRIVATE)) {
                return true;
            }
        }
        return false;
    }

    /** A field declared in {@code t} or one of its superclasses in the tree. */
    public Optional<FieldRef> field(TypeDeclaration<?> t, String name) {
        for (TypeDeclaration<?> x = t; x != null; x = superclass(x)) {
            for (FieldDeclaration f : x.getFields()) {
                for (VariableDeclarator v : f.getVariables()) {
                    if (v.getNameAsString().equals(name)) {
                        return Optional.of(new FieldRef(x, f, v));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The superclass of {@code t} if it is a class of the tree. */
    public TypeDeclaration<?> superclass(TypeDeclaration<?> t) {
        if (!(t instanceof ClassOrInterfaceDeclaration)) {
            return null;
        }
        for (ClassOrInterfaceType s : ((ClassOrInterfaceDeclaration) t).getExtendedTypes()) {
            Optional<TypeDeclaration<?>> d = type(s.getNameAsString());
            if (d.isPresent() && d.get() != t) {
                return d.get();
            }
        }
        return null;
    }

    /** The types of the tree that extend or implement {@code t} (directly or not), by name. */
    public List<TypeDeclaration<?>> subtypes(TypeDeclaration<?> t) {
        List<TypeDeclaration<?>> out = new ArrayList<>();
        for (List<TypeDeclaration<?>> l : bySimpleName.values()) {
            for (TypeDeclaration<?> x : l) {
                if (x != t && extendsType(x, t, 0)) {
                    out.add(x);
                }
            }
        }
        return out;
    }

    private boolean extendsType(TypeDeclaration<?> x, TypeDeclaration<?> t, int depth) {
        if (!(x instanceof ClassOrInterfaceDeclaration) || depth > 20) {
            return false;
        }
        ClassOrInterfaceDeclaration c = (ClassOrInterfaceDeclaration) x;
        List<ClassOrInterfaceType> supers = new ArrayList<>(c.getExtendedTypes());
        supers.addAll(c.getImplementedTypes());
        for (ClassOrInterfaceType s : supers) {
            Optional<TypeDeclaration<?>> d = type(s.getNameAsString());
            if (d.isPresent() && (d.get() == t || extendsType(d.get(), t, depth + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The field an unqualified name in a body refers to, or empty for a local, a parameter or anything
     * else (a type name, a static import).
     */
    public Optional<FieldRef> unqualified(NameExpr n, Node body) {
        return unqualified(n, body, new Locals());
    }

    /** {@link #unqualified(NameExpr, Node)} with the declarations of bodies listed once in {@code locals}. */
    public Optional<FieldRef> unqualified(NameExpr n, Node body, Locals locals) {
        String name = n.getNameAsString();
        if (locals.isLocal(n, body)) {
            return Optional.empty();
        }
        for (Node x = n.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration) {
                Optional<FieldRef> f = field((TypeDeclaration<?>) x, name);
                if (f.isPresent()) {
                    return f;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a simple name is a use of a local variable or parameter declared in {@code body}. */
    public static boolean isLocal(NameExpr n, Node body) {
        return new Locals().isLocal(n, body);
    }

    /**
     * Answers {@link #isLocal} for many names, listing each body's parameters and local variables (by
     * name) once instead of walking the whole body for every name: that was quadratic in the size of a
     * method and a fifth of translating the test corpus. Valid while the bodies it has seen do not change.
     */
    public static final class Locals {
        private record Declared(Map<String, List<Parameter>> parameters, Map<String, List<VariableDeclarator>> variables) {
        }

        private final Map<Node, Declared> bodies = new IdentityHashMap<>();

        public boolean isLocal(NameExpr n, Node body) {
            String name = n.getNameAsString();
            int at = pos(n);
            Declared declared = bodies.computeIfAbsent(body, Locals::declared);
            for (Parameter p : declared.parameters().getOrDefault(name, List.of())) {
                Node scope = p.getParentNode().orElse(null);
                if (scope instanceof CatchClause || scope instanceof LambdaExpr) {
                    if (Walk.isAncestorOf(scope, n)) {
                        return true;
                    }
                } else if (scope instanceof CallableDeclaration && Walk.isAncestorOf(scope, n)) {
                    return true;
                }
            }
            if (body instanceof CallableDeclaration) {
                for (Parameter p : ((CallableDeclaration<?>) body).getParameters()) {
                    if (p.getNameAsString().equals(name)) {
                        return true;
                    }
                }
            }
            for (VariableDeclarator v : declared.variables().getOrDefault(name, List.of())) {
                if (v.getParentNode().orElse(null) instanceof FieldDeclaration) {
                    continue;
                }
                Node scope = scopeOf(v);
                if (scope != null && Walk.isAncestorOf(scope, n) && pos(v) < at) {
                    return true;
                }
            }
            return false;
        }

        private static Declared declared(Node body) {
            Map<String, List<Parameter>> parameters = new HashMap<>();
            Map<String, List<VariableDeclarator>> variables = new HashMap<>();
            Walk.preOrder(body, x -> {
                if (x instanceof Parameter) {
                    parameters.computeIfAbsent(((Parameter) x).getNameAsString(), k -> new ArrayList<>()).add((Parameter) x);
                } else if (x instanceof VariableDeclarator) {
                    variables.computeIfAbsent(((VariableDeclarator) x).getNameAsString(), k -> new ArrayList<>())
                            .add((VariableDeclarator) x);
                }
            });
            return new Declared(parameters, variables);
        }
    }

    private static Node scopeOf(VariableDeclarator v) {
        for (Node x = v.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof BlockStmt || x instanceof ForStmt || x instanceof ForEachStmt || x instanceof TryStmt
                    || x instanceof LambdaExpr || x instanceof CallableDeclaration) {
                return x;
            }
            if (x instanceof SwitchStmt) {
                return x;
            }
        }
        return null;
    }

    private static int pos(Node n) {
        return n.getBegin().map(p -> p.line * 100000 + p.column).orElse(Integer.MAX_VALUE);
    }
}
