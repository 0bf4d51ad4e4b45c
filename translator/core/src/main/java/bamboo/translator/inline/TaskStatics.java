package bamboo.translator.inline;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Untranslated, every rank has its own class loader and so its own copy of every class's statics;
 * translated, the tasks of a process share one. The mutable statics of other classes that the rank body
 * reaches ({@link CallGraph#perTaskStatics()}) become statics of the program class in the translator's
 * tree (never in the user's file), which the task class turns into per-task fields like the program's
 * own: {@code K.f} becomes {@code X.K_f}, however the program wrote it (qualified, unqualified in K,
 * through {@code import static} or an instance). Their initialisers and K's static initialisers move
 * along and run once per task.
 */
final class TaskStatics {
    private final MethodInliner.Run run;
    private final Map<VariableDeclarator, String> names = new IdentityHashMap<>();

    TaskStatics(MethodInliner.Run run) {
        this.run = run;
    }

    /** The per-task statics' names in the program class, each to the simple name of the static it copies. */
    Map<String, String> originalNames() {
        Map<String, String> out = new java.util.HashMap<>();
        names.forEach((v, name) -> out.put(name, v.getNameAsString()));
        return out;
    }

    /** Whether {@code use}, a node in its place in the tree as parsed, denotes a per-task static. */
    boolean isPerTask(Expression use) {
        if (names.isEmpty()) {
            return false;
        }
        Optional<Members.FieldRef> f = run.refs.of(use);
        return f.isPresent() && names.containsKey(f.get().variable());
    }

    /**
     * Declares the per-task statics in the program class and rewrites their uses in it (main and the
     * methods the task class copies or inlines from there); uses elsewhere are rewritten as they are
     * inlined.
     */
    void declare() {
        List<Members.FieldRef> perTask = run.graph.perTaskStatics();
        if (perTask.isEmpty()) {
            return;
        }
        List<TypeDeclaration<?>> owners = new ArrayList<>(); // by identity: equal-looking classes are distinct
        for (Members.FieldRef f : perTask) {
            String name = unique(f.owner().getNameAsString() + "_" + f.name());
            names.put(f.variable(), name);
            run.mutable.add(name);
            if (owners.stream().noneMatch(o -> o == f.owner())) {
                owners.add(f.owner());
            }
        }
        List<CallGraph.StaticUse> inProgram = new ArrayList<>();
        for (CallGraph.StaticUse u : run.graph.staticUses()) {
            if (names.containsKey(u.field().variable()) && isInProgramClass(u.at())) {
                inProgram.add(u);
            }
        }
        for (TypeDeclaration<?> k : owners) {
            for (BodyDeclaration<?> member : k.getMembers()) {
                if (member instanceof FieldDeclaration && ((FieldDeclaration) member).isStatic()) {
                    for (VariableDeclarator v : ((FieldDeclaration) member).getVariables()) {
                        if (names.containsKey(v)) {
                            declare(k, v);
                        }
                    }
                } else if (member instanceof InitializerDeclaration && ((InitializerDeclaration) member).isStatic()) {
                    InitializerDeclaration init = new InitializerDeclaration(true,
                            rewritten(((InitializerDeclaration) member).getBody(), k));
                    init.setLineComment(" static initialiser of " + k.getNameAsString() + ", run per task, from "
                            + MethodInliner.baseName(run.members().fileOf(member)) + ":" + line(member));
                    run.program.type().addMember(init);
                }
            }
            run.addImports(k);
        }
        for (CallGraph.StaticUse u : inProgram) {
            if (u.at().getParentNode().isPresent()) {
                replace(u.at(), u.at());
            }
        }
    }

    private String unique(String base) {
        String name = base;
        while (run.taken.contains(name)) {
            name = name + "_";
        }
        run.taken.add(name);
        return name;
    }

    private boolean isInProgramClass(Node n) {
        for (Node x = n; x != null; x = x.getParentNode().orElse(null)) {
            if (x == run.program.type()) {
                return true;
            }
        }
        return false;
    }

    private void declare(TypeDeclaration<?> k, VariableDeclarator v) {
        if (!run.namesOnlyNameable(v, "the static " + k.getNameAsString() + "." + v.getNameAsString()
                + ", which becomes per-task state,")) {
            return;
        }
        VariableDeclarator copy = new VariableDeclarator(run.qualifiedType(v.getType()), names.get(v));
        v.getInitializer().ifPresent(i -> copy.setInitializer(rewritten(i, k)));
        FieldDeclaration f = new FieldDeclaration(new NodeList<>(Modifier.staticModifier()), copy);
        f.setLineComment(" " + k.getNameAsString() + "." + v.getNameAsString() + " from "
                + MethodInliner.baseName(run.members().fileOf(v)) + ":" + line(v) + ", one copy per task");
        run.program.type().addMember(f);
    }

    /**
     * A copy of an initialiser of {@code k}'s statics as the program class sees it: per-task statics by
     * their task names, other statics and static methods of the tree qualified by their class.
     */
    @SuppressWarnings("unchecked")
    private <T extends Node> T rewritten(T original, TypeDeclaration<?> k) {
        T copy = (T) original.clone();
        List<Node> from = Walk.findAll(original, Node.class);
        List<Node> to = Walk.findAll(copy, Node.class);
        Map<Node, Node> twin = new IdentityHashMap<>();
        for (int i = 0; i < from.size() && i < to.size(); i++) {
            twin.put(from.get(i), to.get(i));
        }
        for (Node o : from) {
            Node c = twin.get(o);
            if (c == null || c != copy && c.getParentNode().isEmpty()) {
                continue;
            }
            if ((o instanceof NameExpr || o instanceof FieldAccessExpr) && isPerTask((Expression) o)) {
                replace((Expression) o, (Expression) c);
            } else if (o instanceof NameExpr) {
                Optional<Members.FieldRef> f = run.refs.of((Expression) o);
                if (f.isPresent() && f.get().isStatic()) {
                    c.replace(qualified(f.get()));
                }
            } else if (o instanceof MethodCallExpr && ((MethodCallExpr) o).getScope().isEmpty()) {
                Node t = run.graph.target((MethodCallExpr) o);
                if (t instanceof MethodDeclaration && ((MethodDeclaration) t).isStatic()) {
                    ((MethodCallExpr) c).setScope(Templates.expression(run.ref(Members.ownerType(t))));
                    if (!run.reachable(Members.ownerType(t), (MethodDeclaration) t)) {
                        run.refuse(o, "the initialiser of a static of " + k.getNameAsString() + " that becomes per-task "
                                + "state calls " + CallGraph.name(t) + ", which the task class cannot call; make it public");
                    }
                }
            } else if (o instanceof ObjectCreationExpr) {
                ((ObjectCreationExpr) c).setType((ClassOrInterfaceType) run.qualifiedType(((ObjectCreationExpr) o).getType()));
            } else if (o instanceof VariableDeclarator) {
                ((VariableDeclarator) c).setType(run.qualifiedType(((VariableDeclarator) o).getType()));
            }
        }
        return copy;
    }

    /** A static of the tree named from the program class; a private constant by its value. */
    private Expression qualified(Members.FieldRef f) {
        if (!run.reachable(f.owner(), f.declaration())) {
            if (f.isConstant()) {
                return new com.github.javaparser.ast.expr.EnclosedExpr(f.variable().getInitializer().orElseThrow().clone());
            }
            run.refuse(f.variable(), "the static " + f.owner().getNameAsString() + "." + f.name() + " is used where a "
                    + "per-task static is initialised, and the task class cannot reach it; make it public");
        }
        return new FieldAccessExpr(Templates.expression(run.ref(f.owner())), f.name());
    }

    /**
     * Rewrites {@code target} (the use {@code original} or its copy) into the task's per-task static. A
     * use through an instance keeps nothing of the instance, so the instance must be a plain name.
     */
    boolean replace(Expression original, Expression target) {
        Members.FieldRef f = run.refs.of(original).orElseThrow();
        if (original instanceof FieldAccessExpr) {
            Expression scope = ((FieldAccessExpr) original).getScope();
            if (!(scope instanceof NameExpr || scope instanceof ThisExpr || scope instanceof FieldAccessExpr
                    && Walk.findAll(scope, Expression.class).stream().allMatch(e -> e instanceof NameExpr
                    || e instanceof FieldAccessExpr))) {
                run.refuse(original, "the static " + f.owner().getNameAsString() + "." + f.name() + " is reached "
                        + "through the value of an expression; write " + f.owner().getNameAsString() + "." + f.name());
                return false;
            }
        }
        target.replace(new FieldAccessExpr(new NameExpr(run.program.simpleName()), names.get(f.variable())));
        return true;
    }

    private static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
