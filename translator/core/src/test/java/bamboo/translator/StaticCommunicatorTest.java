package bamboo.translator;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A communicator kept in a static ({@code static final Intracomm WORLD = MPI.COMM_WORLD;}) is the task's
 * world, which exists only once the task has joined its graph: its initialiser, and with it every per-task
 * static initialiser in source order, runs at the start of {@code init()}, not in the task's constructor.
 */
class StaticCommunicatorTest {
    private static final String PROGRAM = String.join("\n",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class W {",
            "    static int[] first = {1, 2};",
            "    static final Intracomm WORLD = MPI.COMM_WORLD;",
            "    static int later;",
            "    static { later = first[1]; }",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = WORLD.Rank();",
            "        int[] b = {rank};",
            "        WORLD.Allreduce(b, 0, b, 0, 1, MPI.INT, MPI.SUM);",
            "        System.out.println(b[0] + later);",
            "        MPI.Finalize();",
            "    }",
            "}", "");

    @Test
    void staticInitialisersThatNeedTheTaskRunInInitInSourceOrder() {
        TranslationResult r = Sources.translate("W.java", PROGRAM);
        assertEquals(java.util.List.of(), r.diagnostics());
        String task = r.generated().stream().filter(g -> g.className().equals("W_BambooTask")).findFirst()
                .orElseThrow().text();
        assertFalse(task.matches("(?s).*TaskComm WORLD = .*"), "no field initialiser calls the task: " + task);
        int first = task.indexOf("this.first = new int[] { 1, 2 };");
        int world = task.indexOf("this.WORLD = bambooWorld();");
        int later = task.indexOf("later = first[1];");
        assertTrue(first > 0 && world > first && later > world, "in source order: " + task);
        int init = task.indexOf("protected void init()");
        assertTrue(init > 0 && task.indexOf("bambooStatics();", init) > init, "init() runs them first: " + task);
    }
}
