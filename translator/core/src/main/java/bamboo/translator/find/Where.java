package bamboo.translator.find;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.TryStmt;

import java.util.Optional;

/** Where a node sits in the rank body: its region block (if any) and the first construct a task cannot
 *  suspend inside (a multi-catch block, try-with-resources, a switch expression, synchronized, lambda, local or
 *  anonymous class). */
public final class Where {
    private Where() {
    }

    /** The nearest enclosing send / receive / compute block that is part of a region. */
    public static Optional<Region.Part> part(Node node) {
        for (Node n = node.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof LabeledStmt) {
                Optional<Region.Part> p = partOf((LabeledStmt) n);
                if (p.isPresent()) {
                    return p;
                }
            }
            if (n instanceof BodyDeclaration) {
                break;
            }
        }
        return Optional.empty();
    }

    /** The part a labelled statement is, if it is the send / receive / compute block of a region. */
    public static Optional<Region.Part> partOf(LabeledStmt l) {
        Optional<Node> body = l.getParentNode();
        if (body.isEmpty() || !(body.get() instanceof BlockStmt)) {
            return Optional.empty();
        }
        Region r = regionOfBody((BlockStmt) body.get());
        if (r == null) {
            return Optional.empty();
        }
        for (Region.Part p : r.parts()) {
            if (p.labelled() == l) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The region whose block is {@code block}, or null. */
    public static Region regionOfBody(BlockStmt block) {
        Node p = block.getParentNode().orElse(null);
        if (p instanceof LabeledStmt && ((LabeledStmt) p).containsData(Region.KEY)) {
            return ((LabeledStmt) p).getData(Region.KEY);
        }
        if (p != null && p.getParentNode().orElse(null) instanceof LabeledStmt) {
            LabeledStmt l = (LabeledStmt) p.getParentNode().get();
            if (l.containsData(Region.KEY) && l.getData(Region.KEY).body() == block) {
                return l.getData(Region.KEY);
            }
        }
        return null;
    }

    /** The first construct above {@code node} (up to its method) inside which a task cannot suspend. */
    public static Optional<String> barrier(Node node) {
        Node child = node;
        String first = null;
        for (Node n = node.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof BodyDeclaration && !inCode(n)) {
                break;
            }
            String what = barrierName(n, child);
            if (what != null && (what.contains("lambda") || what.contains("class"))) {
                return Optional.of(what); // code in another function: the strongest reason
            }
            if (first == null) {
                first = what;
            }
        }
        return Optional.ofNullable(first);
    }

    /** Whether a declaration is part of an anonymous or local class, i.e. still inside main's code: the walk
     *  must go on to the class (it used to stop at the class's method and miss the barrier, and the
     *  translator then failed on the call instead of refusing it). */
    private static boolean inCode(Node declaration) {
        Node parent = declaration.getParentNode().orElse(null);
        return parent instanceof ObjectCreationExpr || isLocalType(declaration) || isLocalType(parent);
    }

    /** Whether a switch statement's entries can become cases of the state machine: constants and default only. */
    public static boolean lowerable(SwitchStmt s) {
        for (SwitchEntry e : s.getEntries()) {
            if (e.getGuard().isPresent() || e.getLabels().stream().anyMatch(l -> l.isPatternExpr() || l.isNullLiteralExpr())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLocalType(Node n) {
        return n instanceof ClassOrInterfaceDeclaration c && c.isLocalClassDeclaration()
                || n instanceof RecordDeclaration r && r.isLocalRecordDeclaration();
    }

    private static String barrierName(Node n, Node child) {
        if (n instanceof TryStmt) {
            // The try, catch and finally blocks are lowered into the state machine; a multi-catch parameter
            // has a union type no task field can take, and resources would have to be closed at a
            // suspension the generated code cannot see.
            TryStmt t = (TryStmt) n;
            if (t.getResources().contains(child)) {
                return "a try-with-resources resource";
            }
            if (t.getCatchClauses().contains(child)) {
                return ((com.github.javaparser.ast.stmt.CatchClause) child).getParameter().getType().isUnionType()
                        ? "a multi-catch block" : null;
            }
            return child == t.getTryBlock() && !t.getResources().isEmpty() ? "a try-with-resources statement" : null;
        }
        if (n instanceof SwitchStmt) {
            // Case bodies are lowered; the selector, and entries with patterns or guards, are not.
            SwitchStmt s = (SwitchStmt) n;
            return child instanceof SwitchEntry && lowerable(s) ? null : "a switch";
        }
        if (n instanceof SwitchExpr) {
            return "a switch expression";
        }
        if (n instanceof SynchronizedStmt) {
            return "a synchronized block";
        }
        if (n instanceof LambdaExpr) {
            return "a lambda";
        }
        if (n instanceof ObjectCreationExpr && ((ObjectCreationExpr) n).getAnonymousClassBody().isPresent()) {
            return "an anonymous class";
        }
        if (n instanceof LocalClassDeclarationStmt || n instanceof LocalRecordDeclarationStmt) {
            return "a local class";
        }
        return null;
    }
}
