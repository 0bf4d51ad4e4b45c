package bamboo.translator.parse;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.List;

/**
 * A source file and its syntax tree (with the symbol resolver attached), with the nodes of a few kinds as
 * parsed, in pre-order: what {@code unit.findAll(kind)} returned right after parsing. The stages that look
 * at every file before anything is rewritten (finding programs, registering and indexing types, classifying
 * MPI calls, listing method and field names) take them from here instead of walking every file once each
 * (those walks were a tenth of a translation). Once trees are rewritten, these lists are out of date.
 */
public record ParsedUnit(SourceFile source, CompilationUnit unit, List<TypeDeclaration<?>> types,
                         List<MethodDeclaration> methods, List<FieldDeclaration> fields,
                         List<MethodCallExpr> calls) {
    public String fileName() {
        return source.displayName();
    }
}
