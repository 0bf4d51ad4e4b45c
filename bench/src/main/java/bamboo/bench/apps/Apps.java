package bamboo.bench.apps;

import bamboo.shim.net.RankPlacement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The applications the benchmark knows, in the order it runs them. */
public final class Apps {
    private Apps() {
    }

    /** Every registered application. */
    public static List<AppSpec> all() {
        // Latency and bandwidth put communication at about a third of basic's time on a quiet 2-core machine:
        // above half, T >= T_comm caps the hidden share below 80% whatever the runtime does (docs/benchmarks.md).
        return List.of(
                new AppSpec("jacobi3d", "bamboo.examples.jacobi3d",
                        args("n", "128", "iters", "120", "errEvery", "10"),
                        args("n", "80", "iters", "50", "errEvery", "10"),
                        a -> bamboo.examples.jacobi3d.Kernel.sequential(AppSpec.intArg(a, "n"),
                                AppSpec.intArg(a, "iters"), AppSpec.intArg(a, "errEvery")),
                        250_000, 200e6, 2, false, null),
                new AppSpec("jacobi2d", "bamboo.examples.jacobi2d",
                        args("n", "1536", "iters", "200", "resEvery", "10"),
                        args("n", "768", "iters", "80", "resEvery", "10"),
                        a -> bamboo.examples.jacobi2d.Kernel.sequential(AppSpec.intArg(a, "n"),
                                AppSpec.intArg(a, "iters"), AppSpec.intArg(a, "resEvery")),
                        500_000, 20e6, 2, false, null),
                // n=1152: a basic run of ~0.45 s and 144x144 blocks per task at k=16. Block placement: at these
                // defaults no link saturates, and block keeps every A transfer at k=4 (skew and shifts) inside a
                // node, so the pipeline starts one transfer sooner (bamboo k=4 0.322-0.327 s in six JVMs against
                // grid's 0.331-0.343 s).
                new AppSpec("cannon", "bamboo.examples.cannon",
                        args("n", "1152"),
                        args("n", "288"),
                        a -> bamboo.examples.cannon.Kernel.sequential(AppSpec.intArg(a, "n")),
                        100_000, 50e6, 4, true, List.of(4, 9, 16), RankPlacement.BLOCK),
                // n=1152: a basic run of about half a second on the idle machine (at 576 it lasted 0.1 s,
                // too short to measure); 60MB/s puts communication near a third of it (docs/benchmarks.md)
                new AppSpec("summa", "bamboo.examples.summa",
                        args("n", "1152", "nb", "48"),
                        args("n", "288", "nb", "36"),
                        a -> bamboo.examples.summa.Kernel.sequential(AppSpec.intArg(a, "n")),
                        100_000, 60e6, 2, false, null),
                new AppSpec("cg", "bamboo.examples.cg",
                        args("n", "400000", "band", "4", "extra", "2", "shift", "0.02"),
                        args("n", "60000", "band", "4", "extra", "2", "shift", "0.05"),
                        a -> null, // verified against its known solution, no reference to compute
                        200_000, 600e6, 2, false, null),
                new AppSpec("halo26", "bamboo.examples.halo26",
                        args("n", "128", "steps", "60"),
                        args("n", "80", "steps", "30"),
                        a -> bamboo.examples.halo26.Kernel.sequential(AppSpec.intArg(a, "n"),
                                AppSpec.intArg(a, "steps")),
                        1_000_000, 50e6, 2, false, null),
                // The Java Grande-style programs: their kernels keep rank, sizes and data in mutable statics,
                // so their rows load the program afresh every run; only SOR has a hand-written split phase.
                // Interconnects from each kernel's thread CPU time (a basic rank computes about half the
                // sequential run) and the messages per step, for communication near a third of basic's time.
                // SOR: 120 half-sweeps of 90 ms per rank, each one exchange of a 12 kB row.
                new AppSpec("sor", "bamboo.examples.sor",
                        args("n", "1500", "iters", "60", "omega", "1.25"),
                        args("n", "600", "iters", "40", "omega", "1.25"),
                        a -> bamboo.examples.sor.kernel.SorGrid.sequential(AppSpec.intArg(a, "n"),
                                AppSpec.intArg(a, "iters"), Double.parseDouble(a.get("omega"))),
                        250_000, 25e6, 2, false, null).withStatics(true),
                // LU: 2000 pivot broadcasts of 16 kB against about 0.3 s of updates per rank
                new AppSpec("lufact", "bamboo.examples.lufact",
                        args("n", "2000"),
                        args("n", "1000"),
                        a -> bamboo.examples.lufact.kernel.LuMatrix.sequential(AppSpec.intArg(a, "n")),
                        30_000, 300e6, 2, false, null).withStatics(false),
                // MD: 4096 particles, per step 3 force Allreduces of 33 kB and one of the energy against
                // about 20 ms of forces per rank
                new AppSpec("moldyn", "bamboo.examples.moldyn",
                        args("mm", "16", "steps", "20", "dt", "0.002"),
                        args("mm", "10", "steps", "15", "dt", "0.002"),
                        a -> bamboo.examples.moldyn.kernel.Particles.sequential(AppSpec.intArg(a, "mm"),
                                AppSpec.intArg(a, "steps"), Double.parseDouble(a.get("dt"))),
                        100_000, 10e6, 2, false, null).withStatics(false),
                // SpMV: each product gathers 800 kB per rank against about 3 ms of products
                new AppSpec("spmv", "bamboo.examples.spmv",
                        args("n", "200000", "perRow", "8", "iters", "60"),
                        args("n", "60000", "perRow", "8", "iters", "40"),
                        a -> bamboo.examples.spmv.kernel.SparseMatrix.sequential(AppSpec.intArg(a, "n"),
                                AppSpec.intArg(a, "perRow"), AppSpec.intArg(a, "iters")),
                        250_000, 500e6, 2, false, null).withStatics(false));
    }

    /** The application called {@code name}. */
    public static AppSpec byName(String name) {
        for (AppSpec a : all()) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("--app " + name + ": unknown application (known: " + names() + ")");
    }

    /** The names of every registered application, comma-separated. */
    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (AppSpec a : all()) {
            sb.append(sb.length() == 0 ? "" : ",").append(a.name());
        }
        return sb.toString();
    }


    /** The problem's arguments, plus {@code warmup=true}: every program warms its kernel up untimed
     *  ({@code Kernel.warmUp()}); listed here so that {@code --set warmup=false} can switch it off. */
    private static Map<String, String> args(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        m.put("warmup", "true");
        return m;
    }
}
