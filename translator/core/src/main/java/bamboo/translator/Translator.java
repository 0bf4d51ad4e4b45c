package bamboo.translator;

import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.comm.CommunicatorCalls;
import bamboo.translator.collectives.CollectiveLibrary;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.emit.ProgramEmitter;
import bamboo.translator.find.CallRules;
import bamboo.translator.find.MpiCallClassifier;
import bamboo.translator.find.Program;
import bamboo.translator.find.ProgramFinder;
import bamboo.translator.find.RegionFinder;
import bamboo.translator.parse.JavaSources;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.SourceFile;

import bamboo.translator.inline.ClassPathStatics;
import bamboo.translator.inline.MethodInliner;
import bamboo.translator.analyse.BodyAnalysis;
import bamboo.translator.outline.FiringRules;
import bamboo.translator.outline.MpiRewriter;
import bamboo.translator.outline.StateMachine;
import bamboo.translator.reorder.BlockOrder;
import bamboo.translator.reorder.Pipelining;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The translator as a library: sources in, companion sources or diagnostics out. Knows nothing about
 * files, command lines or build tools; the CLI, the Maven goal and the javac processor wrap it.
 *
 * <p>The one place the stages run, in this order (each package is one stage):
 * <ol>
 * <li>{@code parse}: every source parsed, with symbol resolution across them ({@link JavaSources});
 * <li>{@code find}: the {@code @Bamboo} programs ({@link ProgramFinder}) and what each MPI call of their
 *     classes is ({@link MpiCallClassifier});
 * <li>{@code inline}: the methods the rank body calls that need the task, inlined ({@link MethodInliner});
 * <li>{@code collectives}: every collective call replaced by its point-to-point implementation
 *     ({@link CollectiveInliner});
 * <li>{@code find} again: the regions and their blocks ({@link RegionFinder}), the rules for calls in
 *     them ({@link CallRules});
 * <li>{@code comm}: calls on derived communicators rewritten to the runtime's ({@link CommunicatorCalls});
 * </ol>
 * and then, when no program has an error, for each program ({@link #translate(Program, JavaSources,
 * Diagnostics)}): {@code reorder}, {@code analyse}, {@code outline} and {@code emit}.
 */
public final class Translator {
    private final List<SourceFile> collectives;
    private final List<Path> classPath;
    private final ClassPathStatics.ClassFiles classFiles;

    /** A translator with our collectives library. */
    public Translator() {
        this(List.of(), List.of(), null);
    }

    private Translator(List<SourceFile> collectives, List<Path> classPath, ClassPathStatics.ClassFiles classFiles) {
        this.collectives = List.copyOf(collectives);
        this.classPath = List.copyOf(classPath);
        this.classFiles = classFiles;
    }

    /**
     * A translator that reads the compiled classes the sources use from {@code classPath} (directories and
     * jars): a class the rank body reaches that is not among the sources is accepted only when its class
     * file shows no static that is not final (the tasks of a process would share it); without a class path
     * every such class is refused, since what it holds cannot be known.
     */
    public Translator withClassPath(List<Path> classPath) {
        return new Translator(collectives, classPath, classFiles);
    }

    /**
     * The same, reading the class files through {@code files} (by resource name, {@code a/b/C.class}) where
     * the class path is not a list of entries: a compiler's, for an annotation processor.
     */
    public Translator withClassFiles(ClassPathStatics.ClassFiles files) {
        return new Translator(collectives, classPath, files);
    }

    /**
     * A translator whose collectives library takes the user's implementations in {@code sources} in place
     * of ours ({@code --collectives DIR}): classes whose static methods are named after collectives, with
     * our signatures. What is wrong with them is reported like any error of the program.
     */
    public Translator withCollectives(List<SourceFile> sources) {
        return new Translator(sources, classPath, classFiles);
    }

    /** Checks the sources: every diagnostic, nothing generated. */
    public TranslationResult check(List<SourceFile> sources) {
        return run(sources, false);
    }

    /** Translates every {@code @Bamboo} program among the sources; all-or-nothing. */
    public TranslationResult translate(List<SourceFile> sources) {
        return run(sources, true);
    }

    private TranslationResult run(List<SourceFile> sources, boolean emit) {
        JavaSources parser = new JavaSources();
        try (ClassPathStatics compiled = new ClassPathStatics(classPath, classFiles)) {
            return run(sources, emit, parser, compiled);
        } finally {
            parser.release();
        }
    }

    /**
     * The calls inside a program's class, in pre-order: {@code findAll(MethodCallExpr)} of the class, taken
     * from the unit's calls as parsed (nothing has been rewritten yet) instead of walking the class again.
     */
    private static List<MethodCallExpr> callsIn(ParsedUnit u, Program p) {
        List<MethodCallExpr> in = new ArrayList<>();
        for (MethodCallExpr c : u.calls()) {
            for (Node n = c; n != null; n = n.getParentNode().orElse(null)) {
                if (n == p.type()) {
                    in.add(c);
                    break;
                }
            }
        }
        return in;
    }

    private TranslationResult run(List<SourceFile> sources, boolean emit, JavaSources parser,
                                  ClassPathStatics compiled) {
        Diagnostics d = new Diagnostics();
        List<ParsedUnit> units = parser.parseAll(sources, d);
        List<Program> programs = new ArrayList<>();
        MpiCallClassifier classifier = new MpiCallClassifier(parser.facade());
        for (ParsedUnit u : units) {
            List<Program> found = new ProgramFinder().find(u, d);
            for (Program p : found) {
                classifier.classify(callsIn(u, p), p.fileName(), d);
            }
            // MPI calls elsewhere only matter if a rank body reaches them: classify without reporting.
            classifier.classify(u.calls(), u.fileName(), new Diagnostics()); // as parsed: findAll(MethodCallExpr)
            programs.addAll(found);
        }
        CollectiveInliner inliner = collectives.isEmpty() ? null
                : new CollectiveInliner(CollectiveLibrary.withUser(parser, collectives, d));
        MethodInliner methods = programs.isEmpty() ? null : new MethodInliner(parser, units, compiled);
        for (Program p : programs) {
            if (inliner == null) {
                inliner = new CollectiveInliner(CollectiveLibrary.ours());
            }
            methods.inline(p, d);
            inliner.inline(p, d);
            new RegionFinder().find(p, d);
            new CallRules().check(p, d);
            new CommunicatorCalls().rewrite(p, d);
        }
        new CallRules().checkSources(units, programs, d);
        List<GeneratedSource> out = new ArrayList<>();
        List<Diagnostic> notes = new ArrayList<>();
        if (d.isEmpty()) {
            for (Program p : programs) {
                try {
                    ProgramEmitter.Emitted e = translate(p, parser, d);
                    if (e != null) {
                        out.addAll(e.sources());
                        notes.addAll(e.notes());
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    // A translator bug must still read as one sentence, not a stack trace.
                    d.error(p.fileName(), p.type().getName(), "the translator failed on program " + p.simpleName()
                            + " (a translator bug; please report it with this file): " + e);
                }
            }
        }
        if (!d.isEmpty()) {
            return new TranslationResult(d.list(), List.of(), programs.size(), List.of(), d.warnings());
        }
        Collections.sort(notes);
        return new TranslationResult(d.list(), emit ? out : List.of(), programs.size(), notes, d.warnings());
    }

    /**
     * The stages of one program, in this order:
     * <ol>
     * <li>{@code reorder}: send blocks of loop regions pipelined into the previous iteration where that is
     *     legal ({@link Pipelining}; it rewrites the rank body, so the analysis sees the moved blocks);
     * <li>{@code analyse}: evaluation points, jumps, the locals that become task fields ({@link BodyAnalysis});
     *     then the order of the blocks checked ({@link BlockOrder});
     * <li>{@code outline}: the firing rule of each region ({@link FiringRules}), then the rank body as a
     *     resumable state machine ({@link StateMachine}), cut into methods HotSpot compiles;
     * <li>{@code emit}: the task class and the entry point printed ({@link ProgramEmitter}).
     * </ol>
     *
     * @return the companions, or null when a stage reported an error
     */
    private static ProgramEmitter.Emitted translate(Program p, JavaSources parser, Diagnostics d) {
        int before = d.size();
        new Pipelining(p).run();
        BodyAnalysis analysis = new BodyAnalysis(parser.facade(), p, d);
        analysis.run();
        new BlockOrder(p.fileName(), d).check(p);
        MpiRewriter rewriter = MpiRewriter.of(p);
        FiringRules rules = new FiringRules(p, rewriter, d);
        if (d.size() > before) {
            return null;
        }
        boolean yields = StateMachine.yields(p);
        StateMachine machine = new StateMachine(p.sourceBaseName(), rewriter, rules, yields);
        BlockStmt execute = machine.build(p.main().getBody().orElseThrow());
        return ProgramEmitter.emit(p, analysis, machine, execute, rules, yields);
    }
}
