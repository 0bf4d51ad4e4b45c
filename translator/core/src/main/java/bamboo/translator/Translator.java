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

import bamboo.translator.inline.MethodInliner;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The translator as a library: sources in, companion sources or diagnostics out. Knows nothing about
 * files, command lines or build tools; the CLI, the Maven goal and the javac processor wrap it.
 */
public final class Translator {
    private final List<SourceFile> collectives;

    /** A translator with our collectives library. */
    public Translator() {
        this(List.of());
    }

    private Translator(List<SourceFile> collectives) {
        this.collectives = List.copyOf(collectives);
    }

    /**
     * A translator whose collectives library takes the user's implementations in {@code sources} in place
     * of ours ({@code --collectives DIR}): classes whose static methods are named after collectives, with
     * our signatures. What is wrong with them is reported like any error of the program.
     */
    public Translator withCollectives(List<SourceFile> sources) {
        return new Translator(sources);
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
        try {
            return run(sources, emit, parser);
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

    private TranslationResult run(List<SourceFile> sources, boolean emit, JavaSources parser) {
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
        MethodInliner methods = programs.isEmpty() ? null : new MethodInliner(parser, units);
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
        List<GeneratedSource> out = new ArrayList<>();
        List<Diagnostic> notes = new ArrayList<>();
        if (d.isEmpty()) {
            for (Program p : programs) {
                try {
                    ProgramEmitter emitter = new ProgramEmitter(parser);
                    out.addAll(emitter.emit(p, d));
                    notes.addAll(emitter.notes());
                } catch (RuntimeException | StackOverflowError e) {
                    // A translator bug must still read as one sentence, not a stack trace (BRIEF §6).
                    d.error(p.fileName(), p.type().getName(), "the translator failed on program " + p.simpleName()
                            + " (a translator bug; please report it with this file): " + e);
                }
            }
        }
        if (!d.isEmpty()) {
            return new TranslationResult(d.list(), List.of(), programs.size(), List.of());
        }
        Collections.sort(notes);
        return new TranslationResult(d.list(), emit ? out : List.of(), programs.size(), notes);
    }
}
