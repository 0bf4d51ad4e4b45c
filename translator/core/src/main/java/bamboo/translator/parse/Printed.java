package bamboo.translator.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;

/** What a name, a dotted name or a plain type prints as, mostly without running the printer. */
public final class Printed {
    private Printed() {
    }

    /**
     * {@code n.toString()}, without printing in the common case (printing every scope was a twentieth of
     * emitting a task class, and a fifth of classifying MPI calls): a dotted name or a plain type without
     * comments in it or beside it.
     */
    public static String text(Node n) {
        String plain = commentFree(n) && n.getParentNode().map(p -> p.getChildNodes().stream()
                .noneMatch(c -> c instanceof Comment)).orElse(true) ? plain(n) : null;
        return plain != null ? plain : n.toString();
    }

    /**
     * {@code n.toString()} for a type without comments in it or beside it, and without annotations or type
     * arguments: a primitive type, a plain class type ({@code a.B}) or an array of either; {@code null}
     * for any other node, which the caller prints. The stock printer asks this of every variable's type,
     * level by level, to print a declaration ({@code getMaximumCommonType}), each time with a printer of
     * its own: a thirtieth of a translation.
     */
    public static String plainType(Node n) {
        if (!(n instanceof PrimitiveType || n instanceof ClassOrInterfaceType || n instanceof ArrayType)
                || !commentFree(n) || !n.getParentNode().map(p -> noCommentChild(p)).orElse(true)) {
            return null;
        }
        return typeText(n);
    }

    private static String typeText(Node n) {
        if (n instanceof PrimitiveType) {
            PrimitiveType t = (PrimitiveType) n;
            return t.getAnnotations().isEmpty() ? t.getType().asString() : null;
        }
        if (n instanceof ArrayType) {
            ArrayType t = (ArrayType) n;
            if (t.getAnnotations().isNonEmpty()) {
                return null;
            }
            String component = typeText(t.getComponentType());
            return component == null ? null : component + "[]";
        }
        return n instanceof ClassOrInterfaceType ? plain(n) : null;
    }

    private static boolean noCommentChild(Node p) {
        for (Node c : p.getChildNodes()) {
            if (c instanceof Comment) {
                return false;
            }
        }
        return true;
    }

    private static String plain(Node n) {
        if (n instanceof NameExpr) {
            return ((NameExpr) n).getNameAsString();
        }
        if (n instanceof FieldAccessExpr && ((FieldAccessExpr) n).getTypeArguments().isEmpty()) {
            String scope = plain(((FieldAccessExpr) n).getScope());
            return scope == null ? null : scope + "." + ((FieldAccessExpr) n).getNameAsString();
        }
        if (n instanceof ClassOrInterfaceType) {
            ClassOrInterfaceType t = (ClassOrInterfaceType) n;
            if (t.getTypeArguments().isPresent() || t.getAnnotations().isNonEmpty()) {
                return null;
            }
            String scope = t.getScope().map(Printed::plain).orElse("");
            return scope == null ? null : scope.isEmpty() ? t.getNameAsString() : scope + "." + t.getNameAsString();
        }
        return null;
    }

    private static boolean commentFree(Node n) {
        if (n instanceof Comment || n.getComment().isPresent()) {
            return false;
        }
        for (Node c : n.getChildNodes()) {
            if (!commentFree(c)) {
                return false;
            }
        }
        return true;
    }
}
