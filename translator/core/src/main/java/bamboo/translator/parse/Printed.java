package bamboo.translator.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

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
