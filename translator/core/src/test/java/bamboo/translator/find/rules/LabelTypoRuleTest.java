package bamboo.translator.find.rules;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class LabelTypoRuleTest {
    @Test
    void misspeltReceiveInARegion() {
        RuleTests.program(
            "        olap: {",
            "            // ERROR: only send, receive and compute blocks may stand directly inside",
            "            // WARNING: label 'recieve' is not a block of the programming model: did you mean `receive`?",
            "            recieve: { MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, left, 0); }",
            "            send: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "        }").doTest();
    }

    @Test
    void misspeltOlapAndCapitalisedCompute() {
        RuleTests.program(
            "        // WARNING: label 'olpa' is not a block of the programming model: did you mean `olap`? (as written it is a plain Java label: the translator makes no region of it)",
            "        olpa: {",
            "            // WARNING: did you mean `compute`?",
            "            Compute: { buf[0]++; }",
            "        }",
            "        // WARNING: did you mean `send`?",
            "        sned: { MPI.COMM_WORLD.Send(buf, 1, 1, MPI.INT, right, 0); }",
            "        MPI.COMM_WORLD.Recv(buf, 1, 1, MPI.INT, left, 0);").doTest();
    }

    @Test
    void ordinaryLabelsAreNotTypos() {
        assertNull(LabelTypoRule.meant("end"));
        assertNull(LabelTypoRule.meant("outer"));
        assertNull(LabelTypoRule.meant("loop"));
        assertNull(LabelTypoRule.meant("sendoff"));
        assertNull(LabelTypoRule.meant("computeInner"));
        assertNull(LabelTypoRule.meant("olapRows"));
    }

    @Test
    void oneTranspositionIsOneEdit() {
        assertEquals(1, LabelTypoRule.distance("recieve", "receive"));
        assertEquals(1, LabelTypoRule.distance("olpa", "olap"));
        assertEquals("receive", LabelTypoRule.meant("recive"));
        assertEquals("compute", LabelTypoRule.meant("COMPUTE"));
    }
}
