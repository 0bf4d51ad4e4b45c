package bamboo.translator.reorder;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;

import java.util.ArrayList;
import java.util.List;

/**
 * The reorder stage ({@link bamboo.translator.Translator} runs the stages in order): block reordering. Every
 * send block of a region that stands before its compute block moves before the region's evaluation point:
 * receive blocks as a whole are independent of send blocks (the programmer's promise), so a task sends
 * before it waits. For a region in a loop this is the send block pipelined ahead of the receives
 * of the same iteration: no task waits for a message its peer would send only after its own wait. Send
 * blocks after the compute block stay after it (blocks are not reordered across a compute block).
 *
 * <p>Counters shared by both kinds of block ({@code reqs[n++] = ...}) are fine: the requests they fill are
 * complete at once in the translation, and their order does not matter to a Waitall.
 */
public final class BlockOrder {
    private final String file;
    private final Diagnostics diagnostics;

    public BlockOrder(String file, Diagnostics diagnostics) {
        this.file = file;
        this.diagnostics = diagnostics;
    }

    /** Checks that every region has something to order. */
    public void check(Program program) {
        for (Region r : program.regions()) {
            if (r.parts().isEmpty()) {
                diagnostics.error(file, r.labelled(), "olap region '" + r.labelled().getLabel()
                        + "' is empty: it needs at least one send, receive or compute block");
            }
        }
    }

    /** The order in which a region's blocks run in the translation, before and after the evaluation point. */
    public static List<Region.Part> beforePoint(Region r) {
        List<Region.Part> out = new ArrayList<>();
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.COMPUTE) {
                break;
            }
            if (p.kind() == BlockKind.SEND) {
                out.add(p);
            }
        }
        return out;
    }
}
