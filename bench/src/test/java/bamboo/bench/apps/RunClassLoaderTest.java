package bamboo.bench.apps;

import bamboo.cli.launch.ShimLauncher;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import bamboo.bench.apps.AppBench;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each translated run loads the examples' classes afresh, as every untranslated run's per-rank loaders do,
 * and never takes the kernel the driver's loader compiled; the runtime and the driver stay shared.
 * (Sharing them made JIT warm-up look like 5-7x speed-ups.)
 */
class RunClassLoaderTest {
    private static final ClassLoader PARENT = RunClassLoaderTest.class.getClassLoader();

    @Test
    void translatedRunsNoLongerReuseAJitWarmKernel() throws Exception {
        URL[] examples = ShimLauncher.urls(List.of(ShimLauncher.locationOf(bamboo.examples.common.Reference.class),
                ShimLauncher.locationOf(AppBench.class)));
        try (RunClassLoader first = new RunClassLoader(examples, PARENT);
             RunClassLoader second = new RunClassLoader(examples, PARENT)) {
            String kernel = "bamboo.examples.summa.Kernel";
            Class<?> a = first.loadClass(kernel);
            Class<?> b = second.loadClass(kernel);
            assertNotSame(a, b, "each run compiles its own kernel, as each untranslated run does");
            assertNotSame(PARENT.loadClass(kernel), a, "not the copy the driver's reference warmed up");
            assertSame(first, a.getClassLoader());
            assertSame(a, first.loadClass(kernel), "one copy within a run");
            assertSame(PARENT.loadClass("bamboo.runtime.Graph"), first.loadClass("bamboo.runtime.Graph"),
                    "the runtime is shared");
            assertSame(AppBench.class, first.loadClass(AppBench.class.getName()), "the driver is shared");
        }
    }
}
