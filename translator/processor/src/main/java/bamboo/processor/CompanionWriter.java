package bamboo.processor;

import bamboo.translator.GeneratedSource;

import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic.Kind;
import javax.tools.JavaFileObject;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Writes companion sources through the Filer, each tied to the program type it came from. */
final class CompanionWriter {
    private final Filer filer;
    private final Messager messager;

    CompanionWriter(Filer filer, Messager messager) {
        this.filer = filer;
        this.messager = messager;
    }

    void write(List<GeneratedSource> generated, List<TypeElement> programs) {
        Element[] origins = programs.toArray(new Element[0]);
        for (GeneratedSource g : generated) {
            String qualified = g.packageName().isEmpty() ? g.className() : g.packageName() + "." + g.className();
            try {
                JavaFileObject file = filer.createSourceFile(qualified, origins);
                try (Writer w = file.openWriter()) {
                    w.write(g.text());
                }
            } catch (IOException e) {
                messager.printMessage(Kind.ERROR, "Bamboo cannot write the companion class " + qualified + ": "
                        + e.getMessage(), origins[0]);
            }
        }
    }
}
