package bamboo.translator.comm;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The last step of emitting a task class: communicators and groups of the program become the translated
 * ones. The types {@code mpi.Comm} and {@code mpi.Intracomm} become {@code bamboo.runtime.comm.TaskComm},
 * {@code mpi.Cartcomm} (and its {@code ShiftParms}, {@code CartParms}) becomes
 * {@code bamboo.runtime.comm.TaskCartcomm} (and {@code TaskShiftParms}, {@code TaskCartParms}),
 * {@code mpi.Group} becomes {@code bamboo.runtime.comm.TaskGroup} (their methods keep mpiJava's names, so
 * {@code comm.Rank()}, {@code group.Incl(r)}, {@code Group.Union(a, b)} stay as written), and
 * {@code MPI.COMM_WORLD} / {@code MPI.COMM_SELF} used as values (not as the receiver of a translated call)
 * become this task's own world and self communicators, made on first use.
 */
public final class CommunicatorTypes {
    static final String COMM = "bamboo.runtime.comm.TaskComm";
    static final String GROUP = "bamboo.runtime.comm.TaskGroup";
    static final String CART = "bamboo.runtime.comm.TaskCartcomm";
    private static final Map<String, String> TYPES = Map.of("Comm", COMM, "Intracomm", COMM, "Group", GROUP,
            "Cartcomm", CART, "ShiftParms", "bamboo.runtime.comm.TaskShiftParms",
            "CartParms", "bamboo.runtime.comm.TaskCartParms");

    private final Set<String> importedSimple = new HashSet<>();
    private final Set<String> shadowed = new HashSet<>();

    /**
     * @param unit the program's compilation unit (its imports say whether {@code Group} means mpi's)
     * @param program the program class (its nested types shadow mpi's names)
     */
    public CommunicatorTypes(CompilationUnit unit, TypeDeclaration<?> program) {
        for (ImportDeclaration i : unit.getImports()) {
            String name = i.getNameAsString();
            if (i.isAsterisk() && name.equals("mpi")) {
                importedSimple.addAll(TYPES.keySet());
            } else if (!i.isAsterisk() && !i.isStatic() && name.startsWith("mpi.")) {
                importedSimple.add(name.substring(4));
            }
        }
        for (TypeDeclaration<?> t : Walk.findAll(program, TypeDeclaration.class)) {
            shadowed.add(t.getNameAsString());
        }
    }

    public void apply(ClassOrInterfaceDeclaration task) {
        for (ClassOrInterfaceType t : Walk.findAll(task, ClassOrInterfaceType.class)) {
            String replacement = replacement(t.getScope().map(CommunicatorTypes::printed).orElse(null), t.getNameAsString());
            if (replacement != null) {
                t.replace(Templates.type(replacement));
            }
        }
        boolean world = false;
        boolean self = false;
        for (FieldAccessExpr f : Walk.findAll(task, FieldAccessExpr.class)) {
            String owner = printed(f.getScope());
            if (f.getParentNode().isEmpty()) {
                continue; // already replaced with an enclosing expression
            }
            if (owner.equals("MPI") || owner.equals("mpi.MPI")) {
                switch (f.getNameAsString()) {
                    case "COMM_WORLD":
                        f.replace(new MethodCallExpr(null, "bambooWorld"));
                        world = true;
                        break;
                    case "COMM_SELF":
                        f.replace(new MethodCallExpr(null, "bambooSelf"));
                        self = true;
                        break;
                    case "GROUP_EMPTY":
                        f.replace(new NameExpr(GROUP + ".EMPTY"));
                        break;
                    case "GROUP_NULL":
                        f.replace(new NameExpr(GROUP + ".NULL"));
                        break;
                    case "COMM_NULL":
                        f.replace(new NameExpr(COMM + ".NULL"));
                        break;
                    default:
                        break;
                }
            } else if (owner.equals("mpi") && f.getParentNode().get() instanceof MethodCallExpr) {
                String replacement = replacement("mpi", f.getNameAsString());
                if (replacement != null) {
                    f.replace(new NameExpr(replacement)); // mpi.Group.Union(a, b)
                }
            }
        }
        List<MethodCallExpr> calls = Walk.findAll(task, MethodCallExpr.class);
        for (MethodCallExpr m : calls) {
            Expression scope = m.getScope().orElse(null);
            if (scope instanceof NameExpr) {
                String replacement = replacement(null, ((NameExpr) scope).getNameAsString());
                if (replacement != null) {
                    scope.replace(new NameExpr(replacement)); // Group.Union(a, b), Comm.Compare(a, b)
                }
            }
        }
        // the status helpers of a program that receives on derived communicators map through bambooWorld();
        // replacing a call's scope above leaves the calls of the class as they were, so no second walk
        world |= calls.stream()
                .anyMatch(m -> m.getScope().isEmpty() && m.getNameAsString().equals("bambooWorld"));
        if (world || self) {
            task.addMember(Templates.member("private " + COMM + " bambooWorldComm;"));
            task.addMember(Templates.member(WORLD));
        }
        if (self) {
            task.addMember(Templates.member("private " + COMM + " bambooSelfComm;"));
            task.addMember(Templates.member(SELF));
        }
    }

    /** {@code n.toString()}, without printing in the common case (see {@link Printed#text}). */
    static String printed(Node n) {
        return Printed.text(n);
    }

    private String replacement(String scope, String name) {
        if (scope != null) {
            return scope.equals("mpi") ? TYPES.get(name) : null;
        }
        if (shadowed.contains(name)) {
            return null;
        }
        // The inlined collectives library names its parameter type Intracomm (imported there, not
        // necessarily in the program): that simple name can only mean mpi's in the task class.
        return importedSimple.contains(name) || name.equals("Intracomm") ? TYPES.get(name) : null;
    }

    private static final String WORLD = String.join("\n",
            "/** MPI.COMM_WORLD of this task: one object, made on first use (so Compare sees it as IDENT). */",
            "private " + COMM + " bambooWorld() {",
            "    if (bambooWorldComm == null) {",
            "        bambooWorldComm = " + COMM + ".world(id(), numTasks());",
            "    }",
            "    return bambooWorldComm;",
            "}");

    private static final String SELF = String.join("\n",
            "/** MPI.COMM_SELF of this task. */",
            "private " + COMM + " bambooSelf() {",
            "    if (bambooSelfComm == null) {",
            "        bambooSelfComm = bambooWorld().self();",
            "    }",
            "    return bambooSelfComm;",
            "}");
}
