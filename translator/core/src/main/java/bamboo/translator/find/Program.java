package bamboo.translator.find;

import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;

import java.util.List;

/** A {@code @Bamboo} program class: its rank body ({@code main}) and the olap regions found in it. */
public record Program(ParsedUnit unit, ClassOrInterfaceDeclaration type, MethodDeclaration main,
                      List<Region> regions) {
    /** On a method of the program class that is inlined into the rank body (interprocedural stage). */
    public static final com.github.javaparser.ast.DataKey<Boolean> INLINED = new com.github.javaparser.ast.DataKey<>() {
    };

    public String fileName() {
        return unit.fileName();
    }

    public String simpleName() {
        return type.getNameAsString();
    }

    public String packageName() {
        return unit.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    }

    /** The source file's simple name, as used in the {@code // from X.java:LINE} comments. */
    public String sourceBaseName() {
        String f = unit.fileName().replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }
}
