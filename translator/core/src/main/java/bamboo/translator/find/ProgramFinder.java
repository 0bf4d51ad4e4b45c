package bamboo.translator.find;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Stage 2a: finds the {@code @bamboo.Bamboo} program classes and their rank bodies. */
public final class ProgramFinder {

    /** Program classes of {@code unit} with a valid main; problems become diagnostics. */
    public List<Program> find(ParsedUnit unit, Diagnostics diagnostics) {
        List<Program> programs = new ArrayList<>();
        for (TypeDeclaration<?> declared : unit.types()) { // as parsed: findAll(ClassOrInterfaceDeclaration)
            if (!(declared instanceof ClassOrInterfaceDeclaration)) {
                continue;
            }
            ClassOrInterfaceDeclaration type = (ClassOrInterfaceDeclaration) declared;
            Optional<AnnotationExpr> mark = bambooAnnotation(unit.unit(), type);
            if (mark.isEmpty()) {
                continue;
            }
            if (!type.isTopLevelType()) {
                diagnostics.error(unit.fileName(), mark.get(), "@Bamboo must mark a top-level class, not the nested "
                        + "type " + type.getNameAsString());
                continue;
            }
            if (type.isInterface() || type.isAbstract()) {
                diagnostics.error(unit.fileName(), mark.get(), "@Bamboo must mark a concrete class; "
                        + type.getNameAsString() + " is " + (type.isInterface() ? "an interface" : "abstract"));
                continue;
            }
            Optional<MethodDeclaration> main = mainMethod(type);
            if (main.isEmpty() || main.get().getBody().isEmpty()) {
                diagnostics.error(unit.fileName(), type.getName(), "@Bamboo class " + type.getNameAsString()
                        + " has no 'public static void main(String[] args)': it is the rank body the translator"
                        + " outlines");
                continue;
            }
            programs.add(new Program(unit, type, main.get(), new ArrayList<>()));
        }
        // Enums, records and annotation types are not classes to JavaParser; without this they were
        // silently skipped ("0 programs") instead of refused.
        for (TypeDeclaration<?> type : unit.types()) {
            if (type instanceof ClassOrInterfaceDeclaration) {
                continue;
            }
            Optional<AnnotationExpr> mark = bambooAnnotation(unit.unit(), type);
            if (mark.isPresent()) {
                String kind = type.isEnumDeclaration() ? "an enum"
                        : type.isRecordDeclaration() ? "a record" : "an annotation type";
                diagnostics.error(unit.fileName(), mark.get(), "@Bamboo must mark a concrete class; "
                        + type.getNameAsString() + " is " + kind);
            }
        }
        return programs;
    }

    private static Optional<AnnotationExpr> bambooAnnotation(CompilationUnit cu, TypeDeclaration<?> type) {
        for (AnnotationExpr a : type.getAnnotations()) {
            String name = a.getNameAsString();
            if (name.equals("bamboo.Bamboo")) {
                return Optional.of(a);
            }
            if (name.equals("Bamboo") && importsBamboo(cu)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    private static boolean importsBamboo(CompilationUnit cu) {
        if (cu.getPackageDeclaration().map(p -> p.getNameAsString().equals("bamboo")).orElse(false)) {
            return true;
        }
        for (ImportDeclaration i : cu.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            String n = i.getNameAsString();
            if (i.isAsterisk() ? n.equals("bamboo") : n.equals("bamboo.Bamboo")) {
                return true;
            }
        }
        return false;
    }

    private static Optional<MethodDeclaration> mainMethod(ClassOrInterfaceDeclaration type) {
        for (MethodDeclaration m : type.getMethodsByName("main")) {
            if (m.isPublic() && m.isStatic() && m.getType().isVoidType() && m.getParameters().size() == 1) {
                String t = m.getParameter(0).getType().asString() + (m.getParameter(0).isVarArgs() ? "[]" : "");
                if (t.equals("String[]") || t.equals("java.lang.String[]")) {
                    return Optional.of(m);
                }
            }
        }
        return Optional.empty();
    }
}
