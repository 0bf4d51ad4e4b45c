package bamboo.translator.inline;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Private fields of other classes that inlined code reads and writes. The task class is not a nestmate
 * of those classes, and the translator never edits them, so it reaches them through
 * {@code java.lang.invoke.VarHandle}s obtained with {@code MethodHandles.privateLookupIn} (allowed within
 * one module, and the program and its companions are compiled together). A handle in a static final
 * field is as fast as the field access once compiled.
 */
final class PrivateAccess {
    private final Map<String, BodyDeclaration<?>> handles = new LinkedHashMap<>();

    /** The task members the rewritten accesses need (handles and the lookup helper). */
    List<BodyDeclaration<?>> members() {
        List<BodyDeclaration<?>> out = new ArrayList<>(handles.values());
        if (!handles.isEmpty()) {
            out.add(Templates.member(HELPER));
        }
        return out;
    }

    /**
     * Rewrites {@code access} ({@code recv.f} or {@code Type.f}) of the private field {@code f} into handle
     * operations; {@code type} is the field's type as the task names it. Returns why it cannot, or null.
     */
    String rewrite(FieldAccessExpr access, Members.FieldRef f, Type type, String ownerRef) {
        String handle = handle(f, type, ownerRef);
        Expression scope = f.isStatic() ? null : access.getScope();
        Node parent = access.getParentNode().orElseThrow();
        boolean statement = parent.getParentNode().orElse(null) instanceof ExpressionStmt;
        if (parent instanceof AssignExpr && ((AssignExpr) parent).getTarget() == access) {
            AssignExpr a = (AssignExpr) parent;
            if (!statement) {
                return "the value of an assignment to the private field " + f.name() + " is used";
            }
            if (a.getOperator() != AssignExpr.Operator.ASSIGN && !simple(scope)) {
                return "compound assignment to the private field " + f.name() + " of a computed object";
            }
            Expression value = a.getValue();
            Expression result = a.getOperator() == AssignExpr.Operator.ASSIGN ? value
                    : new BinaryExpr(read(handle, scope, type), new EnclosedExpr(value),
                    a.getOperator().toBinaryOperator().orElseThrow());
            a.replace(set(handle, scope, type, result));
            return null;
        }
        if (parent instanceof UnaryExpr && (((UnaryExpr) parent).isPrefix() || ((UnaryExpr) parent).isPostfix())) {
            UnaryExpr u = (UnaryExpr) parent;
            if (!statement) {
                return "the value of " + u.getOperator().asString() + " on the private field " + f.name() + " is used";
            }
            if (!simple(scope)) {
                return u.getOperator().asString() + " on the private field " + f.name() + " of a computed object";
            }
            boolean up = u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT;
            Expression result = new BinaryExpr(read(handle, scope, type), new IntegerLiteralExpr("1"),
                    up ? BinaryExpr.Operator.PLUS : BinaryExpr.Operator.MINUS);
            u.replace(set(handle, scope, type, result));
            return null;
        }
        access.replace(new EnclosedExpr(read(handle, scope, type)));
        return null;
    }

    private static boolean simple(Expression scope) {
        return scope == null || scope instanceof NameExpr;
    }

    private static Expression read(String handle, Expression scope, Type type) {
        NodeList<Expression> args = scope == null ? new NodeList<>() : NodeList.nodeList(scope.clone());
        return new CastExpr(type.clone(), new MethodCallExpr(new NameExpr(handle), "get", args));
    }

    private static MethodCallExpr set(String handle, Expression scope, Type type, Expression value) {
        NodeList<Expression> args = scope == null ? new NodeList<>() : NodeList.nodeList(scope.clone());
        args.add(new CastExpr(type.clone(), new EnclosedExpr(value)));
        return new MethodCallExpr(new NameExpr(handle), "set", args);
    }

    private String handle(Members.FieldRef f, Type type, String ownerRef) {
        String name = "BAMBOO_" + f.owner().getNameAsString() + "_" + f.name();
        if (!handles.containsKey(name)) {
            Type erased = type.clone();
            for (ClassOrInterfaceType t : Walk.findAll(erased, ClassOrInterfaceType.class)) {
                t.removeTypeArguments();
            }
            if (erased instanceof ClassOrInterfaceType) {
                ((ClassOrInterfaceType) erased).removeTypeArguments();
            }
            BodyDeclaration<?> d = Templates.member("private static final java.lang.invoke.VarHandle " + name
                    + " = bambooHandle(" + ownerRef + ".class, \"" + f.name() + "\", " + erased + ".class, "
                    + f.isStatic() + ");");
            d.setComment(new LineComment(" private field " + f.name() + " of " + ownerRef + ", used by inlined code"));
            handles.put(name, d);
        }
        return name;
    }

    private static final String HELPER = String.join("\n",
            "/** A handle on a private field of another class (the task is not its nestmate; same module). */",
            "private static java.lang.invoke.VarHandle bambooHandle(Class<?> owner, String name, Class<?> type,",
            "        boolean isStatic) {",
            "    try {",
            "        java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.privateLookupIn(owner,",
            "                java.lang.invoke.MethodHandles.lookup());",
            "        return isStatic ? lookup.findStaticVarHandle(owner, name, type) : lookup.findVarHandle(owner, name, type);",
            "    } catch (ReflectiveOperationException e) {",
            "        throw new ExceptionInInitializerError(e);",
            "    }",
            "}");
}
