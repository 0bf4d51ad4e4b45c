package bamboo.processor;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import bamboo.translator.tree.CollectivesDir;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic.Kind;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates every {@code @bamboo.Bamboo} program javac compiles and writes its companion classes through
 * the Filer, so a build gets {@code X_BambooTask} and {@code X_Bamboo} next to {@code X} without any
 * generated source in the user's tree. Each program is translated from its own source file alone, so every
 * output depends on exactly one annotated type (Gradle's "isolating" category).
 */
@SupportedAnnotationTypes(BambooProcessor.ANNOTATION)
@javax.annotation.processing.SupportedOptions(BambooProcessor.COLLECTIVES)
public final class BambooProcessor extends AbstractProcessor {
    static final String ANNOTATION = "bamboo.Bamboo";
    /** {@code -Abamboo.collectives=DIR}: the user's own collectives, in place of the library's. */
    static final String COLLECTIVES = "bamboo.collectives";

    private Trees trees;
    private final Set<String> done = new HashSet<>();
    /** Writes the companions' source maps into their classes; null under a compiler other than javac. */
    private SourceMapStamper maps;

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try {
            trees = Trees.instance(env);
        } catch (IllegalArgumentException notJavac) {
            trees = null; // e.g. Eclipse's compiler: reported when a program is met, not at start-up
        }
        maps = trees == null ? null : SourceMapStamper.register(env);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        // The translator reads Java 17 sources; it does not need to know newer compilers' versions.
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (TypeElement annotation : annotations) {
            for (Map.Entry<CompilationUnitTree, List<TypeElement>> e : byUnit(round, annotation).entrySet()) {
                translate(e.getKey(), e.getValue());
            }
        }
        return false; // never claim the annotation: other processors may look at it too
    }

    /** The annotated types, grouped by the file that declares them. */
    private Map<CompilationUnitTree, List<TypeElement>> byUnit(RoundEnvironment round, TypeElement annotation) {
        Map<CompilationUnitTree, List<TypeElement>> units = new LinkedHashMap<>();
        for (Element e : round.getElementsAnnotatedWith(annotation)) {
            if (!(e instanceof TypeElement type)) {
                continue; // @Bamboo targets types only; javac already refuses it elsewhere
            }
            TreePath path = trees == null ? null : trees.getPath(type);
            if (path == null) {
                processingEnv.getMessager().printMessage(Kind.ERROR, "Bamboo cannot read the source of "
                        + type.getQualifiedName() + ": the processor needs javac (its tree API) and the program's"
                        + " source; use the bamboo-maven-plugin goal 'translate' with other compilers", type);
                continue;
            }
            units.computeIfAbsent(path.getCompilationUnit(), u -> new ArrayList<>()).add(type);
        }
        return units;
    }

    private void translate(CompilationUnitTree unit, List<TypeElement> programs) {
        String name = ProgramSource.displayName(unit);
        if (!done.add(name)) {
            return; // already translated in an earlier round
        }
        String text;
        try {
            text = ProgramSource.text(unit);
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Kind.ERROR,
                    "Bamboo cannot read " + name + ": " + e.getMessage(), programs.get(0));
            return;
        }
        Translator translator;
        try {
            translator = translator();
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Kind.ERROR, "bamboo: -A" + COLLECTIVES + ": " + e.getMessage(),
                    programs.get(0));
            return;
        }
        TranslationResult result = translator.translate(List.of(new SourceFile(name, text)));
        ErrorReporter reporter = new ErrorReporter(trees, processingEnv.getMessager());
        reporter.report(result.warnings(), unit, name, text, programs.get(0), Kind.WARNING);
        if (!result.ok()) {
            reporter.report(result.diagnostics(), unit, name, text, programs.get(0), Kind.ERROR);
            return;
        }
        new CompanionWriter(processingEnv.getFiler(), processingEnv.getMessager())
                .write(result.generated(), programs);
        if (maps != null) {
            maps.add(result.generated(), text);
        }
    }

    /** Our translator, or one with the collectives of {@code -Abamboo.collectives=DIR} (read once). */
    private Translator translator() throws IOException {
        if (collectives == null) {
            String dir = processingEnv.getOptions().get(COLLECTIVES);
            collectives = dir == null || dir.isBlank() ? List.of() : CollectivesDir.read(java.nio.file.Path.of(dir));
        }
        return (collectives.isEmpty() ? new Translator() : new Translator().withCollectives(collectives))
                .withClassFiles(this::classFile);
    }

    /**
     * A class file of the compilation's class path, through the Filer (javac does not tell a processor its
     * class path otherwise), so a kernel in a dependency jar is judged as with {@code bamboo check -cp}.
     */
    private InputStream classFile(String resource) {
        int slash = resource.lastIndexOf('/');
        String pkg = slash < 0 ? "" : resource.substring(0, slash).replace('/', '.');
        try {
            return processingEnv.getFiler().getResource(StandardLocation.CLASS_PATH, pkg, resource.substring(slash + 1))
                    .openInputStream();
        } catch (IOException | IllegalArgumentException notThere) {
            return null; // not on the class path: the translator says the class is unknown
        }
    }

    private List<SourceFile> collectives;
}
