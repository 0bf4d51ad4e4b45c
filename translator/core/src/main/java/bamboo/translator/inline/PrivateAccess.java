package bamboo.translator.inline;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
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
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ForStmt;
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
    private final Map<String, BodyDeclaration<?>> calls = new LinkedHashMap<>();
    private final Map<String, String> handleFields = new LinkedHashMap<>();
    private boolean byName;

    /** The handles made so far, by the simple name of the field each one reaches. */
    Map<String, String> handleFields() {
        return handleFields;
    }

    /** The task members the rewritten accesses need (handles and the lookup helper). */
    List<BodyDeclaration<?>> members() {
        List<BodyDeclaration<?>> out = new ArrayList<>(handles.values());
        out.addAll(calls.values());
        if (!handles.isEmpty()) {
            out.add(Templates.member(HELPER));
        }
        if (calls.keySet().stream().anyMatch(k -> !k.endsWith("_assign"))) {
            out.add(Templates.member(CALL_HELPER));
            out.add(Templates.member(RETHROW_HELPER));
        }
        if (byName) {
            out.add(Templates.member(CLASS_HELPER));
        }
        return out;
    }

    /**
     * Rewrites {@code access} ({@code recv.f} or {@code Type.f}) of the private field {@code f} into handle
     * operations; {@code type} is the field's type as the task names it, {@code ownerClass} its class
     * object ({@link #classOf}). Returns why it cannot, or null.
     */
    String rewrite(FieldAccessExpr access, Members.FieldRef f, Type type, String ownerClass) {
        String handle = handle(f, type, ownerClass);
        Expression scope = f.isStatic() ? null : access.getScope();
        Node parent = access.getParentNode().orElseThrow();
        Node above = parent.getParentNode().orElse(null);
        boolean statement = above instanceof ExpressionStmt || above instanceof ForStmt
                && (((ForStmt) above).getInitialization().contains(parent) || ((ForStmt) above).getUpdate().contains(parent));
        if (parent instanceof AssignExpr && ((AssignExpr) parent).getTarget() == access && !statement
                && ((AssignExpr) parent).getOperator() == AssignExpr.Operator.ASSIGN && simple(scope)
                && above instanceof AssignExpr && ((AssignExpr) above).getValue() == parent
                && above.getParentNode().orElse(null) instanceof ExpressionStmt
                && above.getParentNode().get().getParentNode().orElse(null) instanceof BlockStmt) {
            // x = f = v; becomes f = v; x = f; (f is a plain field, so reading it back gives the value)
            Statement st = (Statement) above.getParentNode().get();
            BlockStmt block = (BlockStmt) st.getParentNode().get();
            FieldAccessExpr read = access.clone();
            parent.replace(read);
            block.getStatements().add(block.getStatements().indexOf(st), new ExpressionStmt((AssignExpr) parent));
            String no = rewrite(access, f, type, ownerClass);
            return no != null ? no : rewrite(read, f, type, ownerClass);
        }
        if (parent instanceof AssignExpr && ((AssignExpr) parent).getTarget() == access) {
            AssignExpr a = (AssignExpr) parent;
            if (!statement && a.getOperator() == AssignExpr.Operator.ASSIGN) {
                // x = f = v: a helper sets the field and gives the value it now holds
                NodeList<Expression> args = scope == null ? new NodeList<>() : NodeList.nodeList(scope.clone());
                args.add(a.getValue());
                a.replace(new MethodCallExpr(null, assigner(handle, f, type), args));
                return null;
            }
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

    /**
     * The class object of {@code owner} as the task class can write it: a class literal, or, for a class it
     * may not name (not public in another package), {@code Class.forName} of its binary name.
     */
    String classOf(TypeDeclaration<?> owner, String ownerRef, boolean nameable) {
        if (nameable) {
            return ownerRef + ".class";
        }
        byName = true;
        StringBuilder binary = new StringBuilder(owner.getNameAsString());
        Node x = owner.getParentNode().orElse(null);
        for (; x instanceof TypeDeclaration; x = x.getParentNode().orElse(null)) {
            binary.insert(0, ((TypeDeclaration<?>) x).getNameAsString() + "$");
        }
        String pkg = Members.packageOf(owner);
        return "bambooClass(\"" + (pkg.isEmpty() ? "" : pkg + ".") + binary + "\")";
    }

    /** A helper that sets the field through its handle and returns the value, for an assignment whose value is used. */
    private String assigner(String handle, Members.FieldRef f, Type type) {
        String name = handle + "_assign";
        if (!calls.containsKey(name)) {
            calls.put(name, Templates.member("private static " + type + " " + name + "("
                    + (f.isStatic() ? "" : "Object receiver, ") + type + " value) {\n    " + handle + ".set("
                    + (f.isStatic() ? "" : "receiver, ") + "value);\n    return value;\n}"));
        }
        return name;
    }

    private String handle(Members.FieldRef f, Type type, String ownerClass) {
        String name = "BAMBOO_" + f.owner().getNameAsString() + "_" + f.name();
        handleFields.put(name, f.name());
        if (!handles.containsKey(name)) {
            Type erased = type.clone();
            for (ClassOrInterfaceType t : Walk.findAll(erased, ClassOrInterfaceType.class)) {
                t.removeTypeArguments();
            }
            if (erased instanceof ClassOrInterfaceType) {
                ((ClassOrInterfaceType) erased).removeTypeArguments();
            }
            BodyDeclaration<?> d = Templates.member("private static final java.lang.invoke.VarHandle " + name
                    + " = bambooHandle(" + ownerClass + ", \"" + f.name() + "\", " + erased + ".class, "
                    + f.isStatic() + ");");
            d.setComment(new LineComment((f.isPrivate() ? " private field " : " field ") + f.name() + " of "
                    + f.owner().getNameAsString()
                    + ", used by inlined code"));
            handles.put(name, d);
        }
        return name;
    }

    /**
     * The name of a static method of the task that calls {@code m} (a method the task class may not call:
     * private, or not public in another package) through a method handle; an instance method's receiver
     * comes first. {@code types} are the parameter types and {@code result} the result type as the task
     * names them (erased), {@code receiverType} the receiver's (Object when the class cannot be named).
     */
    String call(com.github.javaparser.ast.body.MethodDeclaration m, String ownerClass, List<Type> types, Type result,
                String receiverType, List<Type> thrown) {
        String name = "bambooCall_" + Members.ownerType(m).getNameAsString() + "_" + m.getNameAsString();
        String key = name + types;
        for (Map.Entry<String, BodyDeclaration<?>> e : calls.entrySet()) {
            if (e.getKey().equals(key)) {
                return ((com.github.javaparser.ast.body.MethodDeclaration) e.getValue()).getNameAsString();
            }
        }
        String unique = name + "_" + calls.size();
        String handle = "BAMBOO_" + unique.substring("bambooCall_".length());
        StringBuilder params = new StringBuilder();
        StringBuilder args = new StringBuilder();
        StringBuilder classes = new StringBuilder();
        if (!m.isStatic()) {
            params.append(receiverType).append(" receiver");
            args.append("receiver");
        }
        for (int i = 0; i < types.size(); i++) {
            String sep = params.length() > 0 ? ", " : "";
            params.append(sep).append(types.get(i)).append(" a").append(i);
            args.append(sep).append("a").append(i);
            classes.append(", ").append(types.get(i)).append(".class");
        }
        boolean none = result.isVoidType();
        StringBuilder body = new StringBuilder();
        body.append("/** ").append(Members.ownerType(m).getNameAsString()).append('.').append(m.getNameAsString())
                .append(", which inlined code calls and the task class may not call directly. */\n");
        body.append("private static ").append(result).append(' ').append(unique).append('(').append(params).append(')');
        if (!thrown.isEmpty()) {
            body.append(" throws ");
            for (int i = 0; i < thrown.size(); i++) {
                body.append(i > 0 ? ", " : "").append(thrown.get(i));
            }
        }
        body.append(" {\n    try {\n        ").append(none ? "" : "return (" + result + ") ").append(handle)
                .append(".invoke(").append(args).append(");\n    } catch (Throwable t) {\n");
        for (Type x : thrown) {
            body.append("        if (t instanceof ").append(x).append(") throw (").append(x).append(") t;\n");
        }
        body.append("        throw bambooRethrow(t);\n    }\n}");
        BodyDeclaration<?> h = Templates.member("private static final java.lang.invoke.MethodHandle " + handle
                + " = bambooMethod(" + ownerClass + ", \"" + m.getNameAsString() + "\"" + classes + ");");
        calls.put(key + "#handle", h);
        calls.put(key, Templates.member(body.toString()));
        return unique;
    }

    private static final String CALL_HELPER = String.join("\n",
            "/** A handle on a method of another class that the task class may not call directly (same module). */",
            "private static java.lang.invoke.MethodHandle bambooMethod(Class<?> owner, String name, Class<?>... types) {",
            "    try {",
            "        java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.privateLookupIn(owner,",
            "                java.lang.invoke.MethodHandles.lookup());",
            "        return lookup.unreflect(owner.getDeclaredMethod(name, types));",
            "    } catch (ReflectiveOperationException e) {",
            "        throw new ExceptionInInitializerError(e);",
            "    }",
            "}");

    private static final String RETHROW_HELPER = String.join("\n",
            "/** What a method handle threw, as the call would have thrown it (checked ones the method declares are rethrown before). */",
            "private static RuntimeException bambooRethrow(Throwable t) {",
            "    if (t instanceof RuntimeException) {",
            "        return (RuntimeException) t;",
            "    }",
            "    if (t instanceof Error) {",
            "        throw (Error) t;",
            "    }",
            "    return new java.lang.reflect.UndeclaredThrowableException(t);",
            "}");

    private static final String CLASS_HELPER = String.join("\n",
            "/** A class of the program the task class may not name (not public, in another package). */",
            "private static Class<?> bambooClass(String name) {",
            "    try {",
            "        return Class.forName(name);",
            "    } catch (ClassNotFoundException e) {",
            "        throw new ExceptionInInitializerError(e);",
            "    }",
            "}");

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
