package bamboo.processor;

import bamboo.translator.GeneratedSource;
import bamboo.translator.smap.ClassFiles;
import bamboo.translator.smap.SourceMap;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic.Kind;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes each companion's source map ({@link SourceMap}) into its class files as javac writes them, so
 * that debuggers and IDEs step through the program the user wrote: a listener on javac's GENERATE events
 * rewrites every class file of a companion (its nested classes too) once javac has written it.
 */
final class SourceMapStamper implements TaskListener {
    private final ProcessingEnvironment env;
    /** Per companion's qualified name: its map. */
    private final Map<String, String> maps = new HashMap<>();

    private SourceMapStamper(ProcessingEnvironment env) {
        this.env = env;
    }

    /** A stamper listening to this compilation, or null when the compiler is not javac (no map then). */
    static SourceMapStamper register(ProcessingEnvironment env) {
        try {
            SourceMapStamper stamper = new SourceMapStamper(env);
            JavacTask.instance(env).addTaskListener(stamper);
            return stamper;
        } catch (IllegalArgumentException | UnsupportedOperationException notJavac) {
            return null;
        }
    }

    /** Remembers the maps of a program's companions, {@code program} being the program's text. */
    void add(List<GeneratedSource> generated, String program) {
        List<String> lines = program.lines().toList();
        for (GeneratedSource g : generated) {
            String smap = SourceMap.of(g.packageName().replace('.', '/'), g.className() + ".java", g.text(),
                    name -> lines);
            if (smap != null) {
                maps.put(g.packageName().isEmpty() ? g.className() : g.packageName() + "." + g.className(), smap);
            }
        }
    }

    @Override
    public void finished(TaskEvent e) {
        if (e.getKind() != TaskEvent.Kind.GENERATE || e.getTypeElement() == null || maps.isEmpty()) {
            return;
        }
        TypeElement type = e.getTypeElement();
        String smap = maps.get(outermost(type).getQualifiedName().toString());
        if (smap == null) {
            return;
        }
        Elements elements = env.getElementUtils();
        PackageElement pkg = elements.getPackageOf(type);
        String binary = elements.getBinaryName(type).toString();
        String simple = pkg.isUnnamed() ? binary : binary.substring(pkg.getQualifiedName().length() + 1);
        try {
            FileObject file = env.getFiler().getResource(StandardLocation.CLASS_OUTPUT,
                    pkg.isUnnamed() ? "" : pkg.getQualifiedName(), simple + ".class");
            URI uri = file.toUri();
            if (!"file".equals(uri.getScheme())) {
                return; // an in-memory class output: nothing to rewrite on disk
            }
            Path path = Path.of(uri);
            Files.write(path, ClassFiles.withSourceDebugExtension(Files.readAllBytes(path), smap));
        } catch (IOException | IllegalArgumentException ex) {
            Messager messager = env.getMessager();
            messager.printMessage(Kind.WARNING, "Bamboo could not write the source map of " + binary
                    + " (debuggers will show its generated lines): " + ex.getMessage());
        }
    }

    private static TypeElement outermost(TypeElement type) {
        Element e = type;
        while (e.getEnclosingElement() instanceof TypeElement outer) {
            e = outer;
        }
        return (TypeElement) e;
    }
}
