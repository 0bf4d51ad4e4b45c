package bamboo.bench.apps;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import bamboo.bench.apps.AppSpec;
import bamboo.bench.apps.Apps;
import bamboo.bench.apps.OutputParser;
import bamboo.bench.apps.RunPlan;
import bamboo.bench.apps.Runner;
import bamboo.bench.apps.ShimRunner;
import bamboo.examples.common.Reference;
import bamboo.shim.net.RankPlacement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cannon and SUMMA, translated ({@code bamboo}) and untranslated ({@code oversubscribed}), verify under 2-D
 * grid placements where a node's ranks or tasks are not contiguous ids: the bench's Cannon k=4 and k=9 shapes
 * on 2x2 nodes, and SUMMA's 4x2 grid split by columns over 2 nodes.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class GridPlacementExamplesTest {
    private static final TranslatedAppRunner TRANSLATED = TranslatedAppRunner.forCheckout();
    private static final ShimRunner SHIM = ShimRunner.forExamples();

    @ParameterizedTest(name = "{0} {1} np={2} nodes={3} {4}")
    @CsvSource({
        "cannon, bamboo,         16, 4, grid",
        "cannon, bamboo,         36, 4, grid",
        "cannon, oversubscribed, 36, 4, grid",
        "summa,  bamboo,          8, 2, grid:4x2/1x2",
        "summa,  oversubscribed,  8, 2, grid:4x2/1x2",
    })
    void verifiesUnderAGridPlacement(String name, String variant, int np, int nodes, String placement) {
        AppSpec app = Apps.byName(name);
        Map<String, String> problem = app.problem(false, name.equals("cannon")
                ? Map.of("n", "23") : Map.of("n", "29", "nb", "4"));
        Reference ref = app.reference().apply(problem);
        String[] argv = AppSpec.argv(problem, ref);
        boolean translated = variant.equals("bamboo");
        RunPlan plan = new RunPlan(app, variant, np / nodes, translated ? "Annotated" : "Basic", np, nodes, 1,
                20_000, 1e9, false, null).placed(RankPlacement.parse(placement));
        try {
            if (translated) {
                String output = TRANSLATED.output(plan, argv);
                OutputParser.time(name, output);
                assertTrue(output.contains(name + " annotated: verified against the sequential reference: "), output);
            } else {
                SHIM.run(plan, argv); // throws unless the program verified
            }
        } catch (Runner.RunFailure e) {
            fail(name + " " + variant + " under " + placement + ": " + e.getMessage());
        }
    }
}
