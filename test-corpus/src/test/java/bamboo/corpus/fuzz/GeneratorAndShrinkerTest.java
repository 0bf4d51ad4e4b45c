package bamboo.corpus.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.corpus.harness.Javac;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The generator is deterministic and varied, its programs compile lint-clean, the shrinker shrinks. */
class GeneratorAndShrinkerTest {
    @Test
    void theSameSeedGivesTheSameProgram() {
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(JavaRenderer.render(ProgramGenerator.generate(seed), "P"),
                    JavaRenderer.render(ProgramGenerator.generate(seed), "P"));
        }
        assertNotEquals(JavaRenderer.render(ProgramGenerator.generate(1), "P"),
                JavaRenderer.render(ProgramGenerator.generate(2), "P"));
    }

    @Test
    void programsUseEveryKindOfNodeAndStaySmall() {
        Set<String> kinds = new HashSet<>();
        Set<String> collectives = new HashSet<>();
        Set<Node.Pattern> patterns = new HashSet<>();
        Set<Idiom> idioms = new HashSet<>();
        for (long seed = 0; seed < 400; seed++) {
            Program p = ProgramGenerator.generate(seed);
            idioms.addAll(p.idioms());
            assertTrue(p.size() <= ProgramGenerator.MAX_NODES + 2, "seed " + seed + " has " + p.size() + " nodes");
            for (Node n : p.nodes()) {
                kinds.add(n.getClass().getSimpleName());
                if (n instanceof Node.Collective c) {
                    collectives.add(c.kind().name());
                }
                if (n instanceof Node.Exchange e) {
                    patterns.add(e.pattern());
                }
            }
        }
        assertEquals(Set.of("Exchange", "CountFirst", "Tree", "Collective", "Loop", "EarlyExit", "IfStep", "LocalWork",
                "SendrecvShift", "ToRoot"), kinds);
        assertEquals(Node.CollectiveKind.values().length, collectives.size());
        assertEquals(Set.of(Node.Pattern.values()), patterns);
        assertEquals(Set.of(Idiom.values()), idioms);
    }

    @Test
    void everyIdiomIsWrittenAndStillCompilesWithoutWarnings(@TempDir Path dir) throws Exception {
        List<Node> body = List.of(
                new Node.Exchange(1, Node.Pattern.HALO, 1, 3, true, false, 1, false, 1, List.of(new Node.LocalWork(2))),
                new Node.CountFirst(3, Node.Pattern.RING, 1, false),
                new Node.Collective(4, Node.CollectiveKind.ALLREDUCE, 0, Node.Op.SUM, false),
                new Node.ToRoot(5, 1));
        Program p = new Program(5, body, EnumSet.allOf(Idiom.class));
        RenderedProgram rendered = JavaRenderer.render(p, "P");
        assertEquals(Set.of("fz5/Kernel.java"), rendered.others().keySet());
        String kernel = rendered.others().get("fz5/Kernel.java");
        assertTrue(rendered.main().contains("import static fz5.Kernel.*;"), rendered.main());
        assertTrue(rendered.main().contains("Kernel kern = new Kernel(rank, size);"), rendered.main());
        assertTrue(rendered.main().contains("kern.work(x, 2, step);"), rendered.main());
        assertTrue(rendered.main().contains("long[][] in1 = new long[size][W];"), rendered.main());
        assertTrue(rendered.main().contains("grid.Irecv(in1[s1], 0,") || rendered.main().contains("grid.Recv(in1[s1], 0,"),
                rendered.main());
        assertTrue(rendered.main().contains("Request nb4 = MPI.COMM_WORLD.Iallreduce(cs4, 0, cr4, 0, 2, MPI.LONG, MPI.SUM);"),
                rendered.main());
        assertTrue(rendered.main().contains("static final Intracomm WORLD = MPI.COMM_WORLD;"), rendered.main());
        assertTrue(rendered.main().contains("MPI.COMM_WORLD.Isend(ts5, 0, 2, MPI.LONG, 1 % size, 105).Wait();"),
                rendered.main());
        assertTrue(kernel.contains("public static int rank;") && kernel.contains("public void work("), kernel);
        assertTrue(kernel.lines().count() > JavaRenderer.BIG_KERNEL_STATEMENTS, "a long kernel");
        rendered.write(dir);
        Javac.compile("P", rendered.files(dir), Javac.shimClassPath(), dir.resolve("classes"), true);
    }

    @Test
    void anIdiomNeedsWhatItIsWrittenWith() {
        Program p = new Program(1, List.of(new Node.LocalWork(1)), EnumSet.of(Idiom.STATIC_IMPORT, Idiom.ROW_BUFFERS));
        assertEquals(Set.of(Idiom.ROW_BUFFERS), p.idioms());
    }

    @Test
    void shrinkingDropsIdiomsTheFailureDoesNotNeed() {
        Program p = new Program(3, List.of(new Node.LocalWork(1)), EnumSet.allOf(Idiom.class));
        Program shrunk = Shrinker.shrink(p, q -> q.uses(Idiom.ROW_BUFFERS), 100).program();
        assertEquals(Set.of(Idiom.ROW_BUFFERS), shrunk.idioms());
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void renderedProgramsCompileWithoutWarnings(@TempDir Path dir) throws Exception {
        List<Path> sources = new ArrayList<>();
        for (long seed = 0; seed < 12; seed++) {
            String name = Differential.className(seed);
            RenderedProgram rendered = JavaRenderer.render(ProgramGenerator.generate(seed), name);
            rendered.write(dir);
            sources.addAll(rendered.files(dir));
        }
        Javac.compile("generated programs", sources, Javac.shimClassPath(), dir.resolve("classes"), true);
    }

    @Test
    void shrinkingKeepsWhatFailsAndDropsTheRest() {
        Program big = null;
        for (long seed = 0; big == null; seed++) {
            Program p = ProgramGenerator.generate(seed);
            if (p.size() >= 8 && p.nodes().stream().anyMatch(n -> n instanceof Node.Tree)) {
                big = p;
            }
        }
        Shrinker.Result r = Shrinker.shrink(big, p -> p.nodes().stream().anyMatch(n -> n instanceof Node.Tree), 1000);
        assertEquals(1, r.program().size(), "shrunk to " + r.program());
        assertTrue(r.program().body().get(0) instanceof Node.Tree);
        assertTrue(r.tests() > 0 && r.tests() < 1000);
    }

    @Test
    void shrinkingCutsLoopsAndDropsBreaksLeftOutsideThem() {
        Node exit = new Node.EarlyExit(3, 2);
        Node work = new Node.LocalWork(2);
        Program p = new Program(7, List.of(new Node.Loop(1, 3, true, List.of(work, exit))));
        // The predicate wants the work only: the loop goes, and so does the break it held.
        Program shrunk = Shrinker.shrink(p, q -> q.nodes().contains(work), 100).program();
        assertEquals(List.of(work), shrunk.body());
        // Cutting iterations and agreement lowers the weight.
        Program loop = Shrinker.shrink(p, q -> q.nodes().stream().anyMatch(n -> n instanceof Node.Loop), 100).program();
        assertEquals(List.of(new Node.Loop(1, 1, false, List.of())), loop.body());
    }
}
