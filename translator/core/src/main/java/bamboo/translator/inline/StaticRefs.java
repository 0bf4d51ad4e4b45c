package bamboo.translator.inline;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.resolution.declarations.ResolvedValueDeclaration;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which static field of the source tree a name or field access in a body refers to, however it is
 * written: unqualified in its class or a subclass, qualified by its class ({@code K.f}, {@code pkg.K.f}),
 * through {@code import static}, or through an instance ({@code this.f}, {@code obj.f}). Works on nodes
 * in their place in the tree as parsed.
 */
final class StaticRefs {
    private final Members members;
    private final Members.Locals locals;
    private final Set<String> staticNames = new HashSet<>();

    StaticRefs(Members members, Members.Locals locals, Iterable<FieldDeclaration> fields) {
        this.members = members;
        this.locals = locals;
        for (FieldDeclaration f : fields) {
            if (f.isStatic() || Members.ownerType(f).isClassOrInterfaceDeclaration()
                    && Members.ownerType(f).asClassOrInterfaceDeclaration().isInterface()) {
                f.getVariables().forEach(v -> staticNames.add(v.getNameAsString()));
            }
        }
    }

    /** The static field {@code e} (a {@link NameExpr} or {@link FieldAccessExpr}) denotes, or empty. */
    Optional<Members.FieldRef> of(Expression e) {
        if (e instanceof NameExpr) {
            return name((NameExpr) e);
        }
        if (e instanceof FieldAccessExpr) {
            return access((FieldAccessExpr) e);
        }
        return Optional.empty();
    }

    private Optional<Members.FieldRef> name(NameExpr n) {
        String id = n.getNameAsString();
        if (!staticNames.contains(id)) {
            return Optional.empty();
        }
        Node body = Members.ownerMethod(n);
        if (locals.isLocal(n, body)) {
            return Optional.empty();
        }
        Optional<Members.FieldRef> f = members.unqualified(n, body, locals);
        if (f.isPresent()) {
            return f.filter(Members.FieldRef::isStatic);
        }
        CompilationUnit cu = n.findCompilationUnit().orElse(null);
        if (cu == null) {
            return Optional.empty();
        }
        for (ImportDeclaration i : cu.getImports()) {
            if (!i.isStatic()) {
                continue;
            }
            String type = i.isAsterisk() ? i.getName().getIdentifier()
                    : i.getName().getQualifier().map(q -> q.getIdentifier()).orElse("");
            if (!i.isAsterisk() && !i.getName().getIdentifier().equals(id)) {
                continue;
            }
            Optional<TypeDeclaration<?>> t = members.type(type);
            if (t.isPresent()) {
                Optional<Members.FieldRef> g = members.field(t.get(), id).filter(Members.FieldRef::isStatic);
                if (g.isPresent()) {
                    return g;
                }
            }
        }
        return Optional.empty();
    }

    private Optional<Members.FieldRef> access(FieldAccessExpr a) {
        String id = a.getNameAsString();
        if (!staticNames.contains(id)) {
            return Optional.empty();
        }
        Expression scope = a.getScope();
        if (scope instanceof ThisExpr && ((ThisExpr) scope).getTypeName().isEmpty()) {
            return members.field(Members.ownerType(a), id).filter(Members.FieldRef::isStatic);
        }
        Optional<TypeDeclaration<?>> named = typeNamed(scope, a);
        if (named.isPresent()) {
            return members.field(named.get(), id).filter(Members.FieldRef::isStatic);
        }
        try {
            ResolvedValueDeclaration r = a.resolve();
            if (r.isField() && r.asField().isStatic()) {
                Optional<Node> ast = r.asField().toAst();
                if (ast.isPresent() && ast.get() instanceof FieldDeclaration && members.inTree(ast.get())) {
                    FieldDeclaration fd = (FieldDeclaration) ast.get();
                    for (VariableDeclarator v : fd.getVariables()) {
                        if (v.getNameAsString().equals(id)) {
                            return Optional.of(new Members.FieldRef(Members.ownerType(fd), fd, v));
                        }
                    }
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            // not resolvable: not a field the tree declares as far as we can tell
        }
        return Optional.empty();
    }

    /** The tree type a scope names ({@code K}, {@code Outer.K}, {@code pkg.K}), when it is not a variable. */
    private Optional<TypeDeclaration<?>> typeNamed(Expression scope, Node at) {
        if (scope instanceof NameExpr) {
            NameExpr n = (NameExpr) scope;
            if (locals.isLocal(n, Members.ownerMethod(at)) || members.unqualified(n, Members.ownerMethod(at), locals)
                    .isPresent()) {
                return Optional.empty();
            }
            return members.type(n.getNameAsString());
        }
        if (scope instanceof FieldAccessExpr) {
            FieldAccessExpr f = (FieldAccessExpr) scope;
            Optional<TypeDeclaration<?>> t = members.type(f.getNameAsString());
            if (t.isPresent() && qualifiedName(t.get()).endsWith(f.toString())) {
                return t;
            }
        }
        return Optional.empty();
    }

    private static String qualifiedName(TypeDeclaration<?> t) {
        return t.getFullyQualifiedName().orElse(t.getNameAsString());
    }
}
