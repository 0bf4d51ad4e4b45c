package bamboo.corpus;

import bamboo.corpus.harness.Javac;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiles corpus programs with {@link Javac} against the annotations and the mpi-shim. Each case gets
 * its own output directory, so cases may reuse class names. Warnings fail the compilation: the corpus is
 * held to the project's {@code -Xlint:all} rule.
 */
final class ProgramCompiler {
    private static final Map<String, Path> COMPILED = new ConcurrentHashMap<>();

    private ProgramCompiler() {
    }

    /** The directory holding the compiled classes of {@code program}, compiling it on first use. */
    static Path compile(CorpusProgram program) {
        return COMPILED.computeIfAbsent(program.name(), n -> doCompile(program));
    }

    static Path outputRoot() {
        return Paths.get(System.getProperty("bamboo.corpus.out", "target/corpus-classes"));
    }

    private static Path doCompile(CorpusProgram program) {
        Path out = outputRoot().resolve(program.name());
        try {
            Javac.compile("corpus program " + program.name(), program.sources(), Javac.shimClassPath(), out, true);
        } catch (Javac.CompileError e) {
            throw new AssertionError(e.getMessage(), e);
        }
        return out;
    }
}
