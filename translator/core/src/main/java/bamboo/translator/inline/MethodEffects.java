package bamboo.translator.inline;

import bamboo.translator.find.MpiCall;
import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What running a method of the sources may write, transitively: the fields it assigns (by simple name,
 * whichever object or class they belong to: {@code this.f}, {@code p.f}, {@code K.f}, an unqualified
 * field), whether it writes array elements, or that it may write anything (it calls code whose body the
 * translator does not have, MPI, a method that may be overridden by one it cannot see, a lambda, or it is
 * recursive). Assignments to its own locals and parameters change nothing the caller sees.
 *
 * <p>Fields are told apart by name only, so two classes' fields of one name are one location: coarser
 * than the objects they belong to, never unsound.
 */
final class MethodEffects {
    /**
     * A write set. {@code unknown} is why the method may write anything (then the rest means nothing), or
     * null; {@code fields} are simple names of fields written; {@code arrays} whether array elements are.
     */
    record Summary(Set<String> fields, boolean arrays, String unknown) {
        static final Summary NOTHING = new Summary(Set.of(), false, null);

        static Summary anything(String why) {
            return new Summary(Set.of(), true, why);
        }

        boolean writesNothing() {
            return unknown == null && fields.isEmpty() && !arrays;
        }
    }

    private final Members members;
    private final CallGraph graph;
    private final Members.Locals locals = new Members.Locals();
    private final Map<Node, Summary> done = new IdentityHashMap<>();
    private final Set<Node> running = Collections.newSetFromMap(new IdentityHashMap<>());

    MethodEffects(Members members, CallGraph graph) {
        this.members = members;
        this.graph = graph;
    }

    /** The write set of a method or constructor of the sources (its body as parsed). */
    Summary of(CallableDeclaration<?> m) {
        Summary known = done.get(m);
        if (known != null) {
            return known;
        }
        if (!running.add(m)) {
            return Summary.anything("it is recursive through " + CallGraph.name(m));
        }
        try {
            Node body = m instanceof MethodDeclaration d ? d.getBody().orElse(null) : ((ConstructorDeclaration) m).getBody();
            Summary s = body == null ? Summary.anything(CallGraph.name(m) + " has no body")
                    : new Walker(m).walk(List.of(body));
            done.put(m, s);
            return s;
        } finally {
            running.remove(m);
        }
    }

    /** What creating an instance of {@code t} runs: its constructors, instance initialisers, field initialisers. */
    private Summary creation(TypeDeclaration<?> t, int arity) {
        if (!running.add(t)) {
            return Summary.anything("creating " + t.getNameAsString() + " is recursive");
        }
        try {
            Accumulator acc = new Accumulator();
            if (members.superclass(t) != null || t.isClassOrInterfaceDeclaration()
                    && !t.asClassOrInterfaceDeclaration().getExtendedTypes().isEmpty()) {
                return Summary.anything("new " + t.getNameAsString() + " runs a superclass constructor");
            }
            List<Node> parts = new ArrayList<>();
            for (BodyDeclaration<?> b : t.getMembers()) {
                if (b instanceof ConstructorDeclaration c && c.getParameters().size() == arity) {
                    acc.add(of(c));
                } else if (b instanceof InitializerDeclaration i && !i.isStatic()
                        || b instanceof FieldDeclaration f && !f.isStatic()) {
                    parts.add(b);
                }
            }
            acc.add(new Walker(t).walk(parts));
            return acc.summary();
        } finally {
            running.remove(t);
        }
    }

    private static final class Accumulator {
        final Set<String> fields = new LinkedHashSet<>();
        boolean arrays;
        String unknown;

        void add(Summary s) {
            fields.addAll(s.fields());
            arrays |= s.arrays();
            if (unknown == null) {
                unknown = s.unknown();
            }
        }

        Summary summary() {
            return unknown != null ? Summary.anything(unknown)
                    : fields.isEmpty() && !arrays ? Summary.NOTHING : new Summary(Set.copyOf(fields), arrays, null);
        }
    }

    /** One body's walk; {@code body} is the callable (or type) whose locals do not count as writes. */
    private final class Walker {
        private final Node body;
        private final Accumulator acc = new Accumulator();

        Walker(Node body) {
            this.body = body;
        }

        Summary walk(List<Node> parts) {
            for (Node part : parts) {
                for (Node n : Walk.findAll(part, Node.class)) {
                    visit(n);
                    if (acc.unknown != null) {
                        return acc.summary();
                    }
                }
            }
            return acc.summary();
        }

        private void visit(Node n) {
            if (n instanceof AssignExpr a) {
                written(a.getTarget());
            } else if (n instanceof UnaryExpr u && isStep(u.getOperator())) {
                written(u.getExpression());
            } else if (n instanceof MethodCallExpr c) {
                call(c);
            } else if (n instanceof ObjectCreationExpr o) {
                if (o.getAnonymousClassBody().isPresent()) {
                    acc.unknown = "it creates an anonymous class";
                    return;
                }
                Node t = o.containsData(CallGraph.TARGET) ? o.getData(CallGraph.TARGET)
                        : members.type(o.getType().getNameAsString()).filter(members::inTree).orElse(null);
                if (t instanceof TypeDeclaration<?> type) {
                    acc.add(creation(type, o.getArguments().size()));
                } else {
                    acc.unknown = "it creates a " + o.getType() + ", whose constructor the translator does not see";
                }
            } else if (n instanceof LambdaExpr || n instanceof MethodReferenceExpr) {
                acc.unknown = "it makes a lambda or method reference";
            } else if (n instanceof ExplicitConstructorInvocationStmt) {
                acc.unknown = "it runs another constructor";
            }
        }

        private void written(Expression target) {
            while (target instanceof EnclosedExpr e) {
                target = e.getInner();
            }
            if (target instanceof NameExpr name) {
                if (!(body instanceof TypeDeclaration) && locals.isLocal(name, body)) {
                    return;
                }
                acc.fields.add(name.getNameAsString());
            } else if (target instanceof FieldAccessExpr f) {
                acc.fields.add(f.getNameAsString());
            } else if (target instanceof ArrayAccessExpr) {
                acc.arrays = true;
            } else {
                acc.unknown = "it assigns " + Printed.text(target);
            }
        }

        private void call(MethodCallExpr c) {
            if (MpiCall.of(c) != null) {
                acc.unknown = "it calls " + c.getNameAsString() + " of MPI";
                return;
            }
            if (c.getScope().isPresent() && isMath(c.getScope().get())) {
                return;
            }
            Node t = graph.target(c);
            if (!(t instanceof MethodDeclaration m)) {
                acc.unknown = "it calls " + c.getNameAsString() + "(...), whose body the translator does not see";
                return;
            }
            acc.add(of(m));
            if (!m.isStatic() && !m.isPrivate() && !m.isFinal()) {
                for (TypeDeclaration<?> sub : members.subtypes(Members.ownerType(m))) {
                    for (MethodDeclaration o : sub.getMethodsByName(m.getNameAsString())) {
                        if (o.getParameters().size() == m.getParameters().size()) {
                            acc.add(of(o)); // virtual dispatch may run the override instead
                        }
                    }
                }
            }
        }
    }

    static boolean isMath(Expression scope) {
        String s = Printed.text(scope);
        return s.equals("Math") || s.equals("StrictMath") || s.equals("java.lang.Math") || s.equals("java.lang.StrictMath");
    }

    private static boolean isStep(UnaryExpr.Operator op) {
        return op == UnaryExpr.Operator.PREFIX_INCREMENT || op == UnaryExpr.Operator.PREFIX_DECREMENT
                || op == UnaryExpr.Operator.POSTFIX_INCREMENT || op == UnaryExpr.Operator.POSTFIX_DECREMENT;
    }
}
