package bamboo.processor;

import bamboo.translator.diagnostics.Diagnostic;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;
import java.util.List;

/**
 * Reports the translator's diagnostics as compiler errors (or warnings) at the construct they are about: the smallest
 * tree of the program's file that covers the diagnostic's line and column, so javac prints the right line
 * and a caret. The message also carries {@code File.java:line:col}, the form the CLI and the Maven goal use.
 */
final class ErrorReporter {
    private final Trees trees;
    private final Messager messager;

    ErrorReporter(Trees trees, Messager messager) {
        this.trees = trees;
        this.messager = messager;
    }

    /** Reports {@code diagnostics} as {@code kind} (errors, or the translator's warnings). */
    void report(List<Diagnostic> diagnostics, CompilationUnitTree unit, String unitName, String text, Element program,
                Kind kind) {
        for (Diagnostic d : diagnostics) {
            if (!d.file().equals(unitName)) {
                // Another file (the user's collectives): its own position, on the program being translated.
                messager.printMessage(kind, "bamboo: " + d, program);
                continue;
            }
            String message = "bamboo: " + d.message() + " (" + baseName(d.file()) + ":" + d.line() + ":"
                    + d.column() + ")";
            long position = Positions.offset(text, d.line(), d.column());
            Tree at = position < 0 ? null : TreeAt.smallestCovering(trees, unit, position);
            if (at != null) {
                trees.printMessage(kind, message, at, unit);
            } else {
                messager.printMessage(kind, message, program);
            }
        }
    }

    private static String baseName(String file) {
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        return file.substring(slash + 1);
    }
}
