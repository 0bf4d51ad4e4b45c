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
        return whyNot(call, names, MethodEffects.Summary.anything("unknown"), null);
    }

    /**
     * The same knowing what the called method may write ({@code writes}). A method that writes nothing the
     * caller sees lets what is evaluated before it read any state, as long as that has no side effects.
     * Otherwise what is evaluated before it must be literals, the rank body's locals and constants, or,
     * when {@code reads} is given and the method's writes are known, an expression that cannot throw and
     * has no side effects whose fields the method does not write (with the call's arguments free of side
     * effects too, as they move along with it).
     */
    static String whyNot(MethodCallExpr call, Names names, MethodEffects.Summary writes, Reads reads) {
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
                if (writes.writesNothing() ? sideEffectFree(before) : pure(before, names)) {
                    continue;
                }
                String conflict = writes.unknown() != null || reads == null ? "the call could change it"
                        : commutes(before, call, names, reads, writes);
                if (conflict != null) {
                    return "'" + before + "' is evaluated before it in the same statement and " + conflict
                            + (writes.unknown() != null && !writes.unknown().equals("unknown")
                            ? " (" + writes.unknown() + ")" : "");
                }
            }
        }
        return "it is not inside a statement";
    }

    /**
     * Null when evaluating {@code before} after the call, instead of before it, gives the same values and
     * effects: it has no side effects, cannot throw (no array element, division, reference cast, or field
     * of an object that may be null), and reads no field the call writes; otherwise what stands in the way.
     */
    private static String commutes(Node before, MethodCallExpr call, Names names, Reads reads,
                                   MethodEffects.Summary writes) {
        // the receiver and the arguments move along with the call, ahead of what they followed
        List<Expression> moved = new ArrayList<>(call.getArguments());
        call.getScope().ifPresent(moved::add);
        for (Expression a : moved) {
            if (!sideEffectFree(a, reads)) {
                return "'" + a + "', evaluated with the call, has side effects";
            }
        }
        Set<String> fields = new java.util.LinkedHashSet<>();
        for (Node n : Walk.findAll(before, Node.class)) {
            String no = readOf(n, names, reads, fields);
            if (no != null) {
                return no;
            }
        }
        for (String f : fields) {
            if (writes.fields().contains(f)) {
                return "the call writes the field " + f + ", which it reads";
            }
        }
        return null;
    }

    /** The field {@code n} reads (into {@code fields}), or why it may throw or have an effect. */
    private static String readOf(Node n, Names names, Reads reads, Set<String> fields) {
        if (n instanceof LiteralExpr || n instanceof EnclosedExpr || n instanceof com.github.javaparser.ast.expr.SimpleName
                || n instanceof com.github.javaparser.ast.type.Type) {
            return null;
        }
        Node parent = n.getParentNode().orElse(null);
        if (n instanceof NameExpr name) {
            String s = name.getNameAsString();
            if (parent instanceof FieldAccessExpr f && f.getScope() == n
                    || parent instanceof MethodCallExpr m && m.getScope().orElse(null) == n) {
                return null; // judged with the access or call it is the scope of
            }
            if (names.locals().contains(s)) {
                // a reference is only passed on: unboxing or string conversion could throw or run code
                return reads.primitiveLocals().contains(s) || parent instanceof MethodCallExpr ? null
                        : "it uses the object " + s;
            }
            if (names.mutable().contains(s)) {
                if (!reads.primitiveStatic().test(names.program(), s)) {
                    return "it uses the object " + s;
                }
                fields.add(reads.taskNames().getOrDefault(s, s));
            }
            return null; // a constant
        }
        if (n instanceof FieldAccessExpr f) {
            String scope = Printed.text(f.getScope());
            boolean ofType = f.getScope() instanceof NameExpr && isTypeName(f.getScope()) && !names.locals().contains(scope);
            if (!ofType && !(f.getScope() instanceof NameExpr r && reads.nonNull().contains(r.getNameAsString()))) {
                return "it reads a field of " + f.getScope() + ", which may be null";
            }
            if (!reads.primitiveStatic().test(ofType ? scope : null, f.getNameAsString())) {
                return "it uses the object " + f;
            }
            fields.add(ofType && scope.equals(names.program())
                    ? reads.taskNames().getOrDefault(f.getNameAsString(), f.getNameAsString()) : f.getNameAsString());
            return null;
        }
        if (n instanceof MethodCallExpr c) {
            String field = handleRead(c, reads);
            if (field == null || !(parent instanceof CastExpr cast && cast.getType().isPrimitiveType())) {
                return "it calls " + c.getNameAsString();
            }
            fields.add(field);
            return null;
        }
        if (n instanceof CastExpr cast) {
            return cast.getType().isPrimitiveType() ? null : "a cast may throw";
        }
        if (n instanceof BinaryExpr b) {
            return b.getOperator() == BinaryExpr.Operator.DIVIDE || b.getOperator() == BinaryExpr.Operator.REMAINDER
                    ? "a division may throw" : null;
        }
        if (n instanceof UnaryExpr u) {
            return u.getOperator().isPrefix() && u.getOperator() != UnaryExpr.Operator.PLUS
                    && u.getOperator() != UnaryExpr.Operator.MINUS && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                    && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT || u.getOperator().isPostfix()
                    ? "it has side effects" : null;
        }
        return "it " + (n instanceof ArrayAccessExpr ? "reads an array element, which may throw"
                : "may throw or have side effects (" + n.getClass().getSimpleName().replace("Expr", "") + ")");
    }

    /** The field {@code c} reads when it is a read through a field handle of a non-null receiver, or null. */
    private static String handleRead(MethodCallExpr c, Reads reads) {
        if (!(c.getScope().orElse(null) instanceof NameExpr h) || !c.getNameAsString().equals("get")
                || !reads.handles().containsKey(h.getNameAsString()) || c.getArguments().size() > 1) {
            return null;
        }
        if (c.getArguments().size() == 1 && !(c.getArgument(0) instanceof NameExpr r
                && reads.nonNull().contains(r.getNameAsString()))) {
            return null;
        }
        return reads.handles().get(h.getNameAsString());
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
        return sideEffectFree(e, null);
    }

    /** The same, with reads through field handles allowed as calls when {@code reads} knows the handles. */
    private static boolean sideEffectFree(Node e, Reads reads) {
        for (Node n : Walk.findAll(e, Node.class)) {
            if (n instanceof AssignExpr || n instanceof ObjectCreationExpr
                    || n instanceof com.github.javaparser.ast.expr.LambdaExpr
                    || n instanceof MethodCallExpr c && (reads == null || handleRead(c, reads) == null)
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

    /**
     * What the rank body's names hold, for reads the call may be moved before: locals of primitive type,
     * locals that are never null (initialised with {@code new} and never assigned again, and the receivers
     * of inlined methods), field handles by the simple name of their field, per-task statics by the simple
     * name of the static they copy, and whether a static ({@code type} null: an instance field) is of
     * primitive type.
     */
    record Reads(Set<String> primitiveLocals, Set<String> nonNull, java.util.Map<String, String> handles,
                 java.util.Map<String, String> taskNames, java.util.function.BiPredicate<String, String> primitiveStatic) {
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
