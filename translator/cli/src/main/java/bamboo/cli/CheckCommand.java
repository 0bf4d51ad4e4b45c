package bamboo.cli;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.cli.launch.CompileCheck;
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
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bamboo check SRC...}: the translator's diagnostics, nothing written. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks @Bamboo programs: prints every error as File.java:LINE:COL: error: ..., "
                + "writes nothing."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no errors", "1:the programs have errors (printed on stderr)",
                "2:bad usage or an input that cannot be read"},
        footer = {"%nBesides the translator's checks, the programs are compiled with javac (nothing is written) against "
                + "the mpi-shim, the annotations and --classpath, and its errors are reported the same way."})
public final class CheckCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SRC", description = "source directories or .java files")
    List<Path> sources;

    @Option(names = "--collectives", paramLabel = "DIR",
            description = "Your own annotated implementations of collectives (.java files under DIR), put in "
                    + "place of the library's; see docs/collectives.md.")
    Path collectives;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH",
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
        TranslationResult r;
        List<SourceFile> files;
        try {
            files = SourceTree.of(sources).javaSources();
            r = translator().check(files);
        } catch (IOException e) {
            err.println("bamboo check: " + e.getMessage());
            return 2;
        }
        for (Diagnostic d : r.diagnostics()) {
            err.println(d);
        }
        if (!r.ok()) {
            err.println(r.diagnostics().size() + (r.diagnostics().size() == 1 ? " error" : " errors"));
            return 1;
        }
        // The translator is no compiler: what it accepts must also compile (unknown symbols, type errors).
        List<String> compileErrors = noCompile ? List.of()
                : CompileCheck.errors(files, classPath);
        if (!compileErrors.isEmpty()) {
            compileErrors.forEach(err::println);
            err.println(compileErrors.size() + (compileErrors.size() == 1 ? " error" : " errors"));
            return 1;
        }
        if (explain) {
            r.notes().forEach(out::println);
        }
        out.println("ok: " + r.programs() + (r.programs() == 1 ? " program" : " programs") + ", no errors");
        return 0;
    }

    /** Our translator, or one with the user's collectives (an unreadable DIR is an IOException). */
    private Translator translator() throws IOException {
        return collectives == null ? new Translator() : new Translator().withCollectives(CollectivesDir.read(collectives));
    }
}
