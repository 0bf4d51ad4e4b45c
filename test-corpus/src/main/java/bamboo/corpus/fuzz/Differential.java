package bamboo.corpus.fuzz;

import bamboo.corpus.harness.GraphRun;
import bamboo.corpus.harness.Javac;
import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.ShimRun;
import bamboo.corpus.harness.Translation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs one generated program both ways and compares: render it, translate it and compile it with its
 * companions (one javac call), then for every rank count of the plan run it untranslated on the shim
 * (the reference) and translated on the runtime at every worker and node count, requiring exactly the
 * reference's sorted lines. Stops at the first difference.
 */
public final class Differential {
    private final RunPlan plan;
    private final Path workRoot;

    /**
     * @param workRoot where each program gets a directory of its own (source, companions, classes),
     *                 deleted after the run unless the caller keeps it
     */
    public Differential(RunPlan plan, Path workRoot) {
        this.plan = plan;
        this.workRoot = workRoot;
    }

    /** The class name a program of {@code seed} gets. */
    public static String className(long seed) {
        return "Fuzz" + Long.toUnsignedString(seed);
    }

    /** Renders, translates, compiles and runs {@code program}; the work directory is deleted afterwards. */
    public Verdict check(Program program) {
        return checkAll(List.of(program)).get(0);
    }

    /**
     * Renders, translates and runs several programs, compiling them (with their companions) in one javac
     * call, which costs much less than one call each; when that call fails, each program is compiled alone
     * to find the one at fault. Their work directory is deleted afterwards.
     *
     * @return one verdict per program, in order
     */
    public List<Verdict> checkAll(List<Program> programs) {
        Path batch = workRoot.resolve("batch-" + Long.toUnsignedString(programs.get(0).seed()));
        try {
            deleteTree(batch);
            Verdict[] verdicts = new Verdict[programs.size()];
            Map<Integer, List<Path>> translated = new LinkedHashMap<>();
            for (int i = 0; i < programs.size(); i++) {
                Program program = programs.get(i);
                String name = className(program.seed());
                Path dir = batch.resolve(name);
                RenderedProgram rendered = JavaRenderer.render(program, name);
                Path source = rendered.write(dir);
                try {
                    translated.put(i, Translation.translate(name, rendered.mainFile(), source, rendered.writeOthers(dir),
                            dir.resolve("src")));
                } catch (Translation.Refused r) {
                    verdicts[i] = new Verdict(Verdict.Kind.REFUSED, String.join("\n", r.diagnostics()));
                }
            }
            Map<Integer, Path> classes = compile(translated, batch, programs, verdicts);
            for (Map.Entry<Integer, Path> e : classes.entrySet()) {
                verdicts[e.getKey()] = runAll(className(programs.get(e.getKey()).seed()), e.getValue());
            }
            return List.of(verdicts);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write programs under " + batch, e);
        } finally {
            deleteTree(batch);
        }
    }

    /** Compiles the translated programs together; on failure one by one. Fills in the verdicts of failures. */
    private static Map<Integer, Path> compile(Map<Integer, List<Path>> translated, Path batch, List<Program> programs,
                                              Verdict[] verdicts) {
        Map<Integer, Path> classes = new LinkedHashMap<>();
        if (translated.isEmpty()) {
            return classes;
        }
        Path shared = batch.resolve("classes");
        try {
            List<Path> all = translated.values().stream().flatMap(List::stream).toList();
            Javac.compile("generated programs", all, Javac.runtimeClassPath(), shared, false);
            translated.keySet().forEach(i -> classes.put(i, shared));
            return classes;
        } catch (Javac.CompileError together) {
            for (Map.Entry<Integer, List<Path>> e : translated.entrySet()) {
                String name = className(programs.get(e.getKey()).seed());
                Path own = batch.resolve(name).resolve("classes");
                try {
                    Javac.compile("translated program " + name, e.getValue(), Javac.runtimeClassPath(), own, false);
                    classes.put(e.getKey(), own);
                } catch (Javac.CompileError alone) {
                    RenderedProgram rendered = JavaRenderer.render(programs.get(e.getKey()), name);
                    verdicts[e.getKey()] = compileFailure(rendered, batch.resolve(name), alone);
                }
            }
            return classes;
        }
    }

    /**
     * Renders, translates, compiles and runs {@code program} as class {@code name}, keeping its work
     * directory (source, companions, classes) under the work root.
     */
    public Verdict checkKeeping(Program program, String name) {
        Path work = workRoot.resolve(name);
        try {
            deleteTree(work);
            RenderedProgram rendered = JavaRenderer.render(program, name);
            Path source = rendered.write(work);
            Path classes;
            try {
                classes = Translation.translateAndCompile(name, rendered.mainFile(), source, rendered.writeOthers(work), work);
            } catch (Translation.Refused r) {
                return new Verdict(Verdict.Kind.REFUSED, String.join("\n", r.diagnostics()));
            } catch (Javac.CompileError e) {
                return compileFailure(rendered, work, e);
            }
            return runAll(name, classes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the program " + name + " under " + work, e);
        }
    }

    private Verdict runAll(String name, Path classes) {
        for (int np : plan.ranks()) {
            RunOutcome reference = ShimRun.run(name, classes, name, np, 1, 0);
            if (!reference.completed()) {
                return new Verdict(Verdict.Kind.INVALID, reference.label() + " " + reference.problem());
            }
            if (reference.sortedLines().isEmpty()) {
                return new Verdict(Verdict.Kind.INVALID, reference.label() + " printed nothing");
            }
            for (int workers : plan.workers()) {
                for (int nodes : nodeCounts(np)) {
                    long latency = nodes > 1 ? plan.latencyNanos() : 0;
                    RunOutcome run = GraphRun.run(name, classes, name, np, workers, nodes, latency, plan.timeoutMillis());
                    String difference = difference(reference, run);
                    if (difference != null) {
                        return new Verdict(Verdict.Kind.DIVERGED, difference);
                    }
                }
            }
        }
        return Verdict.clean();
    }

    private List<Integer> nodeCounts(int np) {
        int many = Math.min(plan.manyNodes(), np);
        return many > 1 ? List.of(1, many) : List.of(1);
    }

    /** Null when the translated run matches the reference, else a description of the difference. */
    static String difference(RunOutcome reference, RunOutcome run) {
        if (!run.completed()) {
            return run.label() + " " + run.problem() + "\n  untranslated printed: " + reference.sortedLines()
                    + "\n  translated printed:   " + run.sortedLines();
        }
        if (!reference.sortedLines().equals(run.sortedLines())) {
            return run.label() + " printed other lines than " + reference.label()
                    + "\n  untranslated: " + reference.sortedLines() + "\n  translated:   " + run.sortedLines();
        }
        return null;
    }

    /** The program with its companions did not compile: the program's fault, or the companions'? */
    private static Verdict compileFailure(RenderedProgram program, Path work, Javac.CompileError error) {
        try {
            Javac.compile("generated program " + program.className(), program.files(work), Javac.shimClassPath(),
                    work.resolve("alone"), false);
        } catch (Javac.CompileError alone) {
            return new Verdict(Verdict.Kind.INVALID, alone.getMessage());
        }
        return new Verdict(Verdict.Kind.DIVERGED, "the translated companions do not compile: " + error.getMessage());
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
