package bamboo.translator.inline;

import bamboo.translator.DiagnosticHelper;
import org.junit.jupiter.api.Test;

/**
 * Whether a call whose value is used may be inlined in front of its statement, judged by what the called
 * method writes (its effect summary, through the methods it calls) against what the statement evaluates
 * before the call. Source and verdict side by side: a line {@code // ERROR: text} marks the refused call.
 * The kernel K's {@code step} is inlined into the rank body (it communicates), and with it the statement
 * {@code sum = sum + p.avg(h)}, whose call of {@code avg} (it counts in K.count, per-task state) must
 * move before the statement, after the read of the field {@code sum}.
 */
class CallSiteEffectsTest {
    private static DiagnosticHelper program(String[] step, String... classes) {
        String[] head = {
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        K k = new K();",
            "        k.step(new Part(), 0.5);",
            "        System.out.println(k.sum + \" \" + K.count);",
            "        MPI.Finalize();",
            "    }",
            "}",
            "class K {",
            "    static int count;",
            "    double sum;",
            "    double[] all = new double[2];",
            "    void step(Part p, double h) throws MPIException {",
            "        MPI.COMM_WORLD.Barrier();",
        };
        String[] tail = {"    }", "}"};
        return DiagnosticHelper.create().addSourceLines("P.java",
                DiagnosticHelper.joined(DiagnosticHelper.joined(head, step, tail), classes, new String[0]));
    }

    private static String[] lines(String... l) {
        return l;
    }

    @Test
    void aCallWritingOnlyAStaticMovesBeforeTheReadOfAField() {
        program(lines("        sum = sum + p.avg(h);"),
            "class Part {",
            "    double v = 1.0;",
            "    double avg(double h) {",
            "        double s = Math.sqrt(v * v);",
            "        if (s > h) { K.count = K.count + 1; }",
            "        return s;",
            "    }",
            "}").doTest();
    }

    @Test
    void aCallWritingTheFieldReadBeforeItIsRefused() {
        program(lines(
                "        // ERROR: the call writes the field sum, which it reads",
                "        sum = sum + p.avg(this, h);"),
            "class Part {",
            "    double avg(K k, double h) {",
            "        k.sum = 0;",
            "        K.count++;",
            "        return h;",
            "    }",
            "}").doTest();
    }

    @Test
    void aWriteInAMethodTheCallReachesCounts() {
        program(lines(
                "        // ERROR: the call writes the field sum, which it reads",
                "        sum = sum + p.avg(this, h);"),
            "class Part {",
            "    double avg(K k, double h) {",
            "        K.count++;",
            "        reset(k);",
            "        return h;",
            "    }",
            "    static void reset(K k) { k.sum = 0; }",
            "}").doTest();
    }

    @Test
    void aWriteInAnOverrideOfAMethodTheCallReachesCounts() {
        program(lines(
                "        // ERROR: the call writes the field sum, which it reads",
                "        sum = sum + p.avg(this, h);"),
            "class Part {",
            "    final double avg(K k, double h) {",
            "        K.count++;",
            "        touch(k);",
            "        return h;",
            "    }",
            "    void touch(K k) { }",
            "}",
            "class Heavy extends Part {",
            "    @Override void touch(K k) { k.sum = 1; }",
            "}").doTest();
    }

    @Test
    void aCallOfCodeWithoutSourceMayWriteAnything() {
        program(lines(
                "        // ERROR: the call could change it (it calls println(...), whose body the translator does not see)",
                "        sum = sum + p.avg(h);"),
            "class Part {",
            "    double avg(double h) {",
            "        K.count++;",
            "        System.out.println(h);",
            "        return h;",
            "    }",
            "}").doTest();
    }

    @Test
    void anArrayElementBeforeTheCallIsRefusedAsItMayThrowBeforeTheCallsEffects() {
        program(lines(
                "        // ERROR: reads an array element, which may throw",
                "        sum = all[1] + p.avg(h);"),
            "class Part {",
            "    double avg(double h) {",
            "        K.count++;",
            "        return h;",
            "    }",
            "}").doTest();
    }

    @Test
    void aFieldOfAnObjectThatMayBeNullBeforeTheCallIsRefused() {
        program(lines(
                "        Part q = p;",
                "        // ERROR: it reads a field of",
                "        sum = q.v + p.avg(h);"),
            "class Part {",
            "    double v;",
            "    double avg(double h) {",
            "        K.count++;",
            "        return h;",
            "    }",
            "}").doTest();
    }

    @Test
    void aReceiverWithSideEffectsIsRefusedAsItWouldMoveAheadOfTheRead() {
        program(lines(
                "        // ERROR: evaluated with the call, has side effects",
                "        sum = sum + pick(p).avg(h);",
                "    }",
                "    Part pick(Part p) {",
                "        sum = 5;",
                "        return p;"),
            "class Part {",
            "    double avg(double h) {",
            "        K.count++;",
            "        return h;",
            "    }",
            "}").doTest();
    }

    @Test
    void aCallWritingNothingMovesBeforeAnyReadWithoutSideEffects() {
        program(lines("        sum = all[1] + p.avg(h);"),
            "class Part {",
            "    double v = 2;",
            "    double avg(double h) {",
            "        return Math.max(v, h) + K.count;",
            "    }",
            "}").doTest();
    }
}
