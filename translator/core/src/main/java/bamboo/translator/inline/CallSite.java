package bamboo.translator.inline;

import bamboo.translator.parse.Printed;

import bamboo.translator.parse.Walk;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.WhileStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a call to inline stands, and whether its evaluation can move in front of its statement: the
 * call's value goes to a fresh local computed by the inlined body just before the statement. That is
 * sound only when the call is evaluated exactly once there (not on the right of {@code &&} / {@code ||},
 * not in a branch of {@code ?:}, not in a loop condition re-evaluated each iteration) and what Java
 * evaluates before it in the same statement cannot be changed by it (locals of the rank body, literals,
 * constants).
 */
final class CallSite {
    private CallSite() {
    }

    /** Why the call's evaluation cannot be moved before its statement, or null when it can. */
    static String whyNot(MethodCallExpr call, Names names) {
        return whyNot(call, names, false);
    }

    /**
     * The same for a call of a method that changes nothing ({@code readsOnly}: it assigns only its own locals
     * and calls nothing): what is evaluated before it then only has to be free of side effects, whatever
     * state it reads.
     */
    static String whyNot(MethodCallExpr call, Names names, boolean readsOnly) {
        Node child = call;
        for (Node p = call.getParentNode().orElse(null); p != null; child = p, p = p.getParentNode().orElse(null)) {
            if (p instanceof Statement) {
                return statementWhyNot((Statement) p, child);
            }
            if (p instanceof BinaryExpr && child == ((BinaryExpr) p).getRight()
                    && (((BinaryExpr) p).getOperator() == BinaryExpr.Operator.AND
                    || ((BinaryExpr) p).getOperator() == BinaryExpr.Operator.OR)) {
                return "it stands on the right of " + ((BinaryExpr) p).getOperator().asString()
                        + ", which may not evaluate it";
            }
            if (p instanceof ConditionalExpr && child != ((ConditionalExpr) p).getCondition()) {
                return "it stands in a branch of ?:, which may not evaluate it";
            }
            for (Node before : evaluatedBefore(p, child)) {
                if (readsOnly ? !sideEffectFree(before) : !pure(before, names)) {
                    return "'" + before + "' is evaluated before it in the same statement and the call could change it";
                }
            }
        }
        return "it is not inside a statement";
    }

    private static String statementWhyNot(Statement s, Node child) {
        if (s instanceof ExpressionStmt || s instanceof ReturnStmt || s instanceof ThrowStmt) {
            return null;
        }
        if (s instanceof IfStmt || s instanceof SwitchStmt || s instanceof ForEachStmt) {
            return null; // condition, selector, iterable: evaluated once, before anything else of the statement
        }
        if (s instanceof WhileStmt) {
            return null; // rewritten to while (true) { if (!cond) break; ... } first
        }
        if (s instanceof ForStmt && ((ForStmt) s).getInitialization().contains(child)) {
            return null;
        }
        return "it stands in the condition or update of a " + (s instanceof ForStmt ? "for" : "do") + " loop, "
                + "which evaluates it again on every iteration";
    }

    /** The sub-expressions of {@code p} that Java evaluates before {@code child} (JLS 15.7). */
    private static List<Node> evaluatedBefore(Node p, Node child) {
        List<Node> out = new ArrayList<>();
        if (p instanceof BinaryExpr) {
            if (child == ((BinaryExpr) p).getRight()) {
                out.add(((BinaryExpr) p).getLeft());
            }
        } else if (p instanceof AssignExpr) {
            AssignExpr a = (AssignExpr) p;
            if (child == a.getValue()) {
                Expression t = a.getTarget();
                if (a.getOperator() != AssignExpr.Operator.ASSIGN) {
                    out.add(t);
                } else if (t instanceof ArrayAccessExpr) {
                    out.add(((ArrayAccessExpr) t).getName());
                    out.add(((ArrayAccessExpr) t).getIndex());
                } else if (t instanceof FieldAccessExpr) {
                    out.add(((FieldAccessExpr) t).getScope());
                }
            }
        } else if (p instanceof MethodCallExpr) {
            MethodCallExpr m = (MethodCallExpr) p;
            m.getScope().filter(sc -> sc != child).ifPresent(out::add);
            addBefore(m.getArguments(), child, out);
        } else if (p instanceof ObjectCreationExpr) {
            ObjectCreationExpr o = (ObjectCreationExpr) p;
            o.getScope().filter(sc -> sc != child).ifPresent(out::add);
            addBefore(o.getArguments(), child, out);
        } else if (p instanceof ArrayAccessExpr) {
            if (child == ((ArrayAccessExpr) p).getIndex()) {
                out.add(((ArrayAccessExpr) p).getName());
            }
        } else if (p instanceof ArrayInitializerExpr) {
            addBefore(((ArrayInitializerExpr) p).getValues(), child, out);
        } else if (p instanceof ArrayCreationExpr) {
            ArrayCreationExpr a = (ArrayCreationExpr) p;
            for (var level : a.getLevels()) {
                if (Walk.isAncestorOf(level, child) || level == child) {
                    break;
                }
                level.getDimension().ifPresent(out::add);
            }
        } else if (p instanceof VariableDeclarationExpr) {
            for (VariableDeclarator v : ((VariableDeclarationExpr) p).getVariables()) {
                if (v == child) {
                    break;
                }
                v.getInitializer().ifPresent(out::add);
            }
        }
        return out;
    }

    private static void addBefore(NodeList<Expression> list, Node child, List<Node> out) {
        for (Expression e : list) {
            if (e == child) {
                break;
            }
            out.add(e);
        }
    }

    /** Evaluating {@code e} changes nothing: no assignment, increment, call or creation in it. */
    private static boolean sideEffectFree(Node e) {
        for (Node n : bamboo.translator.parse.Walk.findAll(e, Node.class)) {
            if (n instanceof com.github.javaparser.ast.expr.AssignExpr || n instanceof MethodCallExpr
                    || n instanceof com.github.javaparser.ast.expr.ObjectCreationExpr
                    || n instanceof com.github.javaparser.ast.expr.LambdaExpr
                    || n instanceof UnaryExpr u && (u.getOperator().isPrefix() || u.getOperator().isPostfix())
                    && u.getOperator() != UnaryExpr.Operator.PLUS && u.getOperator() != UnaryExpr.Operator.MINUS
                    && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                    && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT) {
                return false;
            }
        }
        return true;
    }

    /** No side effects, and nothing an inlined method could change: literals, locals, constants. */
    private static boolean pure(Node e, Names names) {
        if (e instanceof LiteralExpr) {
            return true;
        }
        if (e instanceof NameExpr) {
            String n = ((NameExpr) e).getNameAsString();
            return names.locals().contains(n) || !names.mutable().contains(n);
        }
        if (e instanceof FieldAccessExpr) {
            FieldAccessExpr f = (FieldAccessExpr) e;
            return f.getScope() instanceof NameExpr && isTypeName(f.getScope())
                    && !names.locals().contains(Printed.text(f.getScope()))
                    && !(Printed.text(f.getScope()).equals(names.program()) && names.mutable().contains(f.getNameAsString()));
        }
        if (e instanceof EnclosedExpr) {
            return pure(((EnclosedExpr) e).getInner(), names);
        }
        if (e instanceof CastExpr) {
            return pure(((CastExpr) e).getExpression(), names);
        }
        if (e instanceof InstanceOfExpr) {
            return pure(((InstanceOfExpr) e).getExpression(), names);
        }
        if (e instanceof BinaryExpr) {
            return pure(((BinaryExpr) e).getLeft(), names) && pure(((BinaryExpr) e).getRight(), names);
        }
        if (e instanceof UnaryExpr) {
            UnaryExpr u = (UnaryExpr) e;
            return !u.getOperator().isPrefix() && !u.getOperator().isPostfix() && pure(u.getExpression(), names)
                    || (u.getOperator() == UnaryExpr.Operator.MINUS || u.getOperator() == UnaryExpr.Operator.PLUS
                    || u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
                    || u.getOperator() == UnaryExpr.Operator.BITWISE_COMPLEMENT) && pure(u.getExpression(), names);
        }
        return false;
    }

    /**
     * What the rank body's names are: its locals (an inlined method cannot change them), the program's
     * per-task statics (it can), and the program class's name.
     */
    record Names(Set<String> locals, Set<String> mutable, String program) {
    }

    /** A name spelled like a type (capitalised) used as the scope of a field access or call. */
    private static boolean isTypeName(Node e) {
        String n = Printed.text(e);
        Node parent = e.getParentNode().orElse(null);
        return !n.isEmpty() && Character.isUpperCase(n.charAt(0))
                && (parent instanceof FieldAccessExpr || parent instanceof MethodCallExpr);
    }

    /**
     * Makes room for statements in front of {@code s}: when it is not directly in a block (the body of an
     * if, a loop or a label), it is wrapped in one. Returns the block and the statement's index in it.
     */
    static BlockStmt blockAround(Statement s) {
        Node parent = s.getParentNode().orElseThrow();
        if (parent instanceof BlockStmt) {
            return (BlockStmt) parent;
        }
        BlockStmt wrapper = new BlockStmt();
        s.replace(wrapper);
        wrapper.addStatement(s);
        return wrapper;
    }

    /** {@code while (c) body} becomes {@code while (true) { if (!(c)) break; body }}, so c is a statement's. */
    static IfStmt unfoldWhile(WhileStmt w) {
        Expression cond = w.getCondition();
        w.setCondition(new com.github.javaparser.ast.expr.BooleanLiteralExpr(true));
        IfStmt test = new IfStmt(new UnaryExpr(new EnclosedExpr(cond), UnaryExpr.Operator.LOGICAL_COMPLEMENT),
                bamboo.translator.parse.Templates.statement("break;"), null);
        Statement body = w.getBody();
        BlockStmt block = new BlockStmt();
        w.setBody(block);
        block.addStatement(test);
        block.addStatement(body);
        return test;
    }
}
