package bamboo.translator.inline;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.Program;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.resolution.TypeSolver;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Classes the rank body reaches that are not among the translated sources. Untranslated, every rank has
 * its own copy of their statics (its own class loader); translated, the tasks of a process share one, and
 * the translator can give each task its own copy only of the statics it has the source of. So a class
 * outside the sources is accepted only when it is the JDK's, MPI's or the runtime's, or when its class
 * file on the class path shows that neither it nor any class it refers to declares a static that is not
 * final. Every other one is refused at its first use (a call, a field, a type, {@code new}, a static
 * import), naming the class and what makes it unsafe.
 */
final class ForeignClasses {
    /** Packages (and classes) whose statics are not the user's state. */
    private static final List<String> SYSTEM = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.",
            "org.xml.", "mpi.", "bamboo.runtime.", "bamboo.shim.", "bamboo.Bamboo", "bamboo.TaskHints");

    private final Members members;
    private final TypeSolver solver;
    private final ClassPathStatics classPath;
    private final Set<String> treeTypes;
    private final Members.Locals locals = new Members.Locals();

    ForeignClasses(Members members, TypeSolver solver, ClassPathStatics classPath, Set<String> treeTypes) {
        this.members = members;
        this.solver = solver;
        this.classPath = classPath;
        this.treeTypes = treeTypes;
    }

    static boolean isSystem(String qualifiedName) {
        for (String s : SYSTEM) {
            if (qualifiedName.startsWith(s) && (s.endsWith(".") || qualifiedName.equals(s))) {
                return true;
            }
        }
        return false;
    }

    /** Reports every class outside the sources that code reached from {@code program}'s rank body uses unsafely. */
    void check(Program program, CallGraph graph, Diagnostics d) {
        Map<String, Node> firstUse = new LinkedHashMap<>();
        Set<TypeDeclaration<?>> owners = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        owners.add(program.type());
        List<Node> parts = new ArrayList<>();
        for (Node body : graph.reached()) {
            parts.addAll(CallGraph.parts(body));
            owners.add(body instanceof TypeDeclaration<?> t ? t : Members.ownerType(body));
        }
        for (TypeDeclaration<?> t : owners) {
            for (Node x = t; x instanceof TypeDeclaration<?> o; x = o.getParentNode().orElse(null)) {
                // what runs when the class is initialised or extended: its statics, static blocks, supertypes
                for (BodyDeclaration<?> m : o.getMembers()) {
                    if (m instanceof FieldDeclaration f && f.isStatic()
                            || m instanceof InitializerDeclaration i && i.isStatic()) {
                        parts.add(m);
                    }
                }
                if (o instanceof ClassOrInterfaceDeclaration c) {
                    parts.addAll(c.getExtendedTypes());
                    parts.addAll(c.getImplementedTypes());
                }
            }
        }
        for (Node part : parts) {
            for (Node n : Walk.findAll(part, Node.class)) {
                String used = used(n);
                if (used != null && !firstUse.containsKey(used)) {
                    firstUse.put(used, n);
                }
            }
        }
        for (Map.Entry<String, Node> e : firstUse.entrySet()) {
            String why = unsafe(e.getKey());
            if (why != null) {
                Node at = e.getValue();
                String file = members.inTree(at) ? members.fileOf(at) : program.fileName();
                d.error(file, at, why);
            }
        }
    }

    /** Why {@code qualifiedName}, a class outside the sources, cannot be shared by the tasks, or null. */
    private String unsafe(String qualifiedName) {
        String simple = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
        String named = simple.equals(qualifiedName) ? simple : simple + " (" + qualifiedName + ")";
        String fix = "pass its source with the program's (the source directory, or --source-path DIR on the "
                + "command line) so that its statics become per-task state";
        String binary = binaryName(qualifiedName);
        if (binary == null) {
            return named + " is neither among the translated sources nor on the class path, "
                    + "so whether it has mutable statics, which the tasks of a process would share, cannot be known; "
                    + fix;
        }
        Optional<ClassPathStatics.Static> s = classPath.firstMutable(binary, ForeignClasses::isSystem);
        if (s.isEmpty()) {
            return null;
        }
        String where = s.get().owner().equals(binary) ? "its static " + s.get().simple()
                : "the static " + s.get().simple() + " (of " + s.get().owner() + ", which it uses)";
        return named + " comes from the class path, not from the translated sources, and "
                + where + " is not final: translated, the tasks of a process would share it where every rank has "
                + "its own; " + fix;
    }

    /** The class path's binary name of a source name ({@code a.b.Outer.Inner} may be {@code a.b.Outer$Inner}). */
    private String binaryName(String qualifiedName) {
        String b = qualifiedName;
        while (true) {
            if (classPath.has(b)) {
                return b;
            }
            int dot = b.lastIndexOf('.');
            if (dot < 0) {
                return null;
            }
            b = b.substring(0, dot) + "$" + b.substring(dot + 1);
        }
    }

    /** The class outside the sources (qualified name) that {@code n} uses, or null. */
    private String used(Node n) {
        if (n instanceof ClassOrInterfaceType t) {
            if (t.getParentNode().orElse(null) instanceof ClassOrInterfaceType p && p.getScope().orElse(null) == t) {
                return null; // the scope of a longer name, classified with it
            }
            return foreign(t.getNameWithScope(), t);
        }
        if (!(n instanceof NameExpr name)) {
            if (n instanceof MethodCallExpr c && c.getScope().isEmpty() && !declaredAround(c)) {
                return staticImport(c.getNameAsString(), c);
            }
            return null;
        }
        Node body = Members.ownerMethod(name);
        if (locals.isLocal(name, body) || members.unqualified(name, body, locals).isPresent()) {
            return null;
        }
        Node parent = name.getParentNode().orElse(null);
        boolean scope = parent instanceof FieldAccessExpr f && f.getScope() == name
                || parent instanceof MethodCallExpr c && c.getScope().orElse(null) == name;
        if (!scope) {
            return staticImport(name.getNameAsString(), name);
        }
        StringBuilder dotted = new StringBuilder(name.getNameAsString());
        for (Node at = name; at.getParentNode().orElse(null) instanceof FieldAccessExpr f && f.getScope() == at;
             at = f) {
            dotted.append('.').append(f.getNameAsString());
        }
        return foreign(dotted.toString(), name);
    }

    /** Whether a method of this name is declared in a type around {@code c} (or a tree supertype). */
    private boolean declaredAround(MethodCallExpr c) {
        for (Node x = c.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration<?> t && declares(t, c.getNameAsString(), new HashSet<>())) {
                return true;
            }
        }
        return false;
    }

    private boolean declares(TypeDeclaration<?> t, String method, Set<TypeDeclaration<?>> seen) {
        if (!seen.add(t)) {
            return false;
        }
        if (!t.getMethodsByName(method).isEmpty()) {
            return true;
        }
        if (t instanceof ClassOrInterfaceDeclaration c) {
            for (ClassOrInterfaceType s : c.getExtendedTypes()) {
                Optional<TypeDeclaration<?>> st = members.type(s.getNameAsString());
                if (st.isPresent() && declares(st.get(), method, seen)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The class a statically imported member named {@code member} comes from, when it is outside the sources. */
    private String staticImport(String member, Node at) {
        CompilationUnit cu = at.findCompilationUnit().orElse(null);
        if (cu == null) {
            return null;
        }
        String candidate = null;
        for (ImportDeclaration i : cu.getImports()) {
            if (!i.isStatic()) {
                continue;
            }
            String type = i.isAsterisk() ? i.getNameAsString() : i.getName().getQualifier().map(Object::toString).orElse("");
            if (!i.isAsterisk() && i.getName().getIdentifier().equals(member)) {
                return outside(type);
            }
            if (i.isAsterisk() && candidate == null) {
                candidate = outside(type);
            }
        }
        return candidate;
    }

    /** {@code qualifiedName} when it is a class outside the sources and the system, else null. */
    private String outside(String qualifiedName) {
        return treeTypes.contains(qualifiedName) || isSystem(qualifiedName) ? null : qualifiedName;
    }

    /**
     * The class outside the sources that the (possibly dotted) name {@code dotted} at {@code at} starts with,
     * or null when it names a type of the sources, of the system, a type parameter or nothing known.
     */
    private String foreign(String dotted, Node at) {
        String[] parts = dotted.split("\\.");
        String head = parts[0];
        if (isTypeParameter(head, at)) {
            return null;
        }
        Resolved r = simple(head, at);
        if (r.known() || parts.length == 1 || Character.isUpperCase(head.charAt(0))) {
            return r.outside();
        }
        // a qualified name (pkg.K...): the class is the prefix up to its first capitalised part
        StringBuilder q = new StringBuilder(head);
        for (int i = 1; i < parts.length; i++) {
            q.append('.').append(parts[i]);
            if (Character.isUpperCase(parts[i].charAt(0))) {
                return outside(q.toString());
            }
        }
        return null;
    }

    /** A simple type name resolved: a qualified name, and whether Java's lookup found it or it is a guess. */
    private record Resolved(String qualifiedName, boolean known, ForeignClasses in) {
        String outside() {
            return qualifiedName == null ? null : in.outside(qualifiedName);
        }
    }

    /** Java's lookup of a simple type name: enclosing types, single-type imports, the package, on-demand imports, java.lang. */
    private Resolved simple(String name, Node at) {
        for (Node x = at.getParentNode().orElse(null); x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof TypeDeclaration<?> t && (t.getNameAsString().equals(name) || t.getMembers().stream()
                    .anyMatch(m -> m instanceof TypeDeclaration<?> mt && mt.getNameAsString().equals(name)))) {
                return new Resolved(null, true, this);
            }
        }
        CompilationUnit cu = at.findCompilationUnit().orElse(null);
        if (cu == null) {
            return new Resolved(null, false, this);
        }
        List<String> onDemand = new ArrayList<>();
        for (ImportDeclaration i : cu.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            if (i.isAsterisk()) {
                onDemand.add(i.getNameAsString());
            } else if (i.getName().getIdentifier().equals(name)) {
                return new Resolved(i.getNameAsString(), true, this);
            }
        }
        String pkg = Members.packageOf(at);
        String own = pkg.isEmpty() ? name : pkg + "." + name;
        if (treeTypes.contains(own)) {
            return new Resolved(own, true, this);
        }
        for (String p : onDemand) {
            String q = p + "." + name;
            if (treeTypes.contains(q) || isSystem(q) && solves(q)) {
                return new Resolved(q, true, this);
            }
        }
        if (solves("java.lang." + name)) {
            return new Resolved("java.lang." + name, true, this);
        }
        if (classPath.has(own)) {
            return new Resolved(own, true, this);
        }
        for (String p : onDemand) {
            if (classPath.has(p + "." + name)) {
                return new Resolved(p + "." + name, true, this);
            }
        }
        // Not found anywhere: in the file's own package or one imported on demand, which cannot be told apart.
        return new Resolved(onDemand.stream().allMatch(p -> isSystem(p + ".")) ? own : name, false, this);
    }

    private boolean solves(String qualifiedName) {
        try {
            return solver.hasType(qualifiedName);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean isTypeParameter(String name, Node at) {
        for (Node x = at; x != null; x = x.getParentNode().orElse(null)) {
            if (x instanceof NodeWithTypeParameters<?> w
                    && w.getTypeParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) {
                return true;
            }
        }
        return false;
    }

    /** The qualified names of the types declared in the sources (nested ones with dots). */
    static Set<String> treeTypes(List<bamboo.translator.parse.ParsedUnit> units) {
        Set<String> out = new HashSet<>();
        for (bamboo.translator.parse.ParsedUnit u : units) {
            for (TypeDeclaration<?> t : u.types()) {
                out.add(t.getFullyQualifiedName().orElse(t.getNameAsString()));
            }
        }
        return out;
    }
}
