package bamboo.cli;

import bamboo.cli.launch.CompileCheck;
import bamboo.cli.launch.ProgramChecks;
import bamboo.cli.launch.UserError;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;
import bamboo.translator.tree.OutputTree;
import bamboo.translator.tree.CollectivesDir;
import bamboo.translator.tree.SourceTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bamboo translate SRC... -d OUT}: a complete translated source tree, or nothing at all. */
@Command(name = "translate", mixinStandardHelpOptions = true,
        description = {"Translates @Bamboo programs into task classes for the task-graph runtime.",
                "Writes a complete tree into OUT: every input file as it was, plus for each program X the "
                        + "companions X_BambooTask.java and X_Bamboo.java next to it. On any error (of the "
                        + "translator, or of javac compiling the inputs against the mpi-shim, the annotations and "
                        + "--class-path) nothing is written; inputs are never modified."})
public final class TranslateCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SRC", description = "source directories or .java files")
    List<Path> sources;

    @Option(names = {"-d", "--output"}, required = true, paramLabel = "OUT",
            description = "output directory (created if needed; must not overlap an input directory)")
    Path output;

    @Option(names = "--collectives", paramLabel = "DIR",
            description = "Your own annotated implementations of collectives (.java files under DIR), put in "
                    + "place of the library's; see docs/collectives.md.")
    Path collectives;

    @Option(names = {"-q", "--quiet"}, description = "print nothing on success")
    boolean quiet;

    @Option(names = {"-cp", "--class-path"}, paramLabel = "PATH",
            description = "what the programs compile against besides the mpi-shim and the annotations")
    String classPath;

    @Option(names = "--no-compile", description = "do not compile the programs with javac before writing")
    boolean noCompile;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        ProgramChecks.requireUtf8(sources);
        SourceTree tree;
        List<SourceFile> files;
        Translator translator;
        try {
            tree = SourceTree.of(sources);
            files = tree.javaSources();
            translator = translator();
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
        TranslationResult r = translator.translate(files);
        List<String> errors = new ArrayList<>(ProgramChecks.errors(
                r.diagnostics().stream().map(Diagnostic::toString).toList(),
                noCompile ? null : () -> CompileCheck.errors(files, classPath)));
        if (errors.isEmpty()) {
            errors.addAll(ProgramChecks.missingMpiInit(files));
        }
        if (!errors.isEmpty()) {
            errors.forEach(err::println);
            err.println(errors.size() + (errors.size() == 1 ? " error" : " errors") + "; nothing written");
            return Main.FAILED;
        }
        if (r.programs() == 0) {
            err.println(Main.PREFIX + "warning: no @Bamboo program among " + files.size()
                    + (files.size() == 1 ? " file" : " files") + ": they are copied as they are (annotate the class "
                    + "whose main is the program with @bamboo.Bamboo; see docs/programming-model.md)");
        }
        try {
            List<Path> written = OutputTree.write(tree, r.generated(), output);
            if (!quiet) {
                out.println("translated " + r.programs() + (r.programs() == 1 ? " program" : " programs") + " into "
                        + output + " (" + written.size() + " files, " + r.generated().size() + " generated)");
            }
            return 0;
        } catch (IOException e) {
            throw new UserError("cannot write " + output + ": " + e.getMessage());
        }
    }

    /** Our translator, or one with the user's collectives (an unreadable DIR is an IOException). */
    private Translator translator() throws IOException {
        Translator t = collectives == null ? new Translator() : new Translator().withCollectives(CollectivesDir.read(collectives));
        // the compiled classes tell whether a class used from outside the sources has statics the tasks would share
        return t.withClassPath(bamboo.cli.launch.ShimLauncher.classPathEntries(classPath));
    }
}
