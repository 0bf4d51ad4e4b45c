package bamboo.translator.parse;

import com.github.javaparser.ast.CompilationUnit;

/** A source file and its syntax tree (with the symbol resolver attached). */
public record ParsedUnit(SourceFile source, CompilationUnit unit) {
    public String fileName() {
        return source.displayName();
    }
}
