package bamboo.cli;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.cli.launch.CompileCheck;
import bamboo.cli.launch.ProgramChecks;
import bamboo.cli.launch.UserError;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.tree.CollectivesDir;
import bamboo.translator.parse.SourceFile;
import bamboo.translator.tree.SourceTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bamboo check SRC...}: the translator's diagnostics, nothing written. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks @Bamboo programs: prints every error as File.java:LINE:COL: error: ..., "
                + "and every warning as File.java:LINE:COL: warning: ... (what translates but is likely not "
                + "what you meant), writes nothing."},
        footer = {"%nThe programs are also compiled with javac (nothing is written) against the mpi-shim, the "
                + "annotations and --class-path: a file that does not parse gets javac's message, a program the "
                + "translator refuses the translator's, one it accepts javac's errors if any. Exit code 1 when "
                + "the programs have errors; warnings do not change it."})
public final class CheckCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SRC", description = "source directories or .java files")
    List<Path> sources;

    @Option(names = "--collectives", paramLabel = "DIR",
            description = "Your own annotated implementations of collectives (.java files under DIR), put in "
                    + "place of the library's; see docs/collectives.md.")
    Path collectives;

    @Option(names = {"-cp", "--class-path"}, paramLabel = "PATH",
            description = "what the programs compile against besides the mpi-shim and the annotations")
    String classPath;

    @Option(names = "--no-compile", description = "only the translator's checks; do not compile the programs with javac")
    boolean noCompile;

    @Option(names = "--explain",
            description = "Also print, on stdout, what the translation does with each program, as "
                    + "File.java:LINE:COL: note: ... lines: when each olap region's task continues, whether "
                    + "its send blocks are pipelined into the previous iteration (and why not), the blocking "
                    + "calls outside regions that become waits of their own, and the collectives inlined.")
    boolean explain;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        ProgramChecks.requireUtf8(sources);
        List<SourceFile> files;
        Translator translator;
        try {
            files = SourceTree.of(sources).javaSources();
            translator = translator();
        } catch (IOException e) {
            throw new UserError(e.getMessage());
        }
        TranslationResult r = translator.check(files);
        List<String> errors = new ArrayList<>(ProgramChecks.errors(
                r.diagnostics().stream().map(Diagnostic::toString).toList(),
                noCompile ? null : () -> CompileCheck.errors(files, classPath)));
        if (errors.isEmpty()) {
            errors.addAll(ProgramChecks.missingMpiInit(files));
        }
        // warnings never change the exit code: printed before the errors, or before the 'ok'
        r.warnings().forEach(err::println);
        if (!errors.isEmpty()) {
            errors.forEach(err::println);
            err.println(errors.size() + (errors.size() == 1 ? " error" : " errors"));
            return Main.FAILED;
        }
        if (explain) {
            r.notes().forEach(out::println);
        }
        if (r.programs() == 0) {
            err.println(Main.PREFIX + "warning: no @Bamboo program among " + files.size()
                    + (files.size() == 1 ? " file" : " files") + ": nothing would be translated (annotate the class "
                    + "whose main is the program with @bamboo.Bamboo; see docs/programming-model.md)");
        }
        if (!r.warnings().isEmpty()) {
            err.println(r.warnings().size() + (r.warnings().size() == 1 ? " warning" : " warnings"));
        }
        out.println("ok: " + r.programs() + (r.programs() == 1 ? " program" : " programs") + ", no errors");
        return 0;
    }

    /** Our translator, or one with the user's collectives (an unreadable DIR is an IOException). */
    private Translator translator() throws IOException {
        Translator t = collectives == null ? new Translator() : new Translator().withCollectives(CollectivesDir.read(collectives));
        // the compiled classes tell whether a class used from outside the sources has statics the tasks would share
        return t.withClassPath(bamboo.cli.launch.ShimLauncher.classPathEntries(classPath));
    }
}
