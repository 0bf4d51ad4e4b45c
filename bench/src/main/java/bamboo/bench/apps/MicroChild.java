package bamboo.bench.apps;

import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import java.net.URL;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The main class of our side's child JVM in {@link MicroBench}: runs a program on the shim's threads device
 * exactly as {@link MpjChild} runs it on MPJ Express (an untimed run, the {@link MpjChild#TIMED} line, the
 * timed run), so both libraries get a fresh JVM, the same warm-up and the same JVM options. Whichever
 * shim is on the child's class path is the one measured ({@link MicroBench}'s {@code --base-shim}).
 *
 * <p>Arguments: {@code np classesDir mainClass args...}.
 */
public final class MicroChild {
    private MicroChild() {
    }

    public static void main(String[] args) throws Exception {
        int np = Integer.parseInt(args[0]);
        String[] entries = args[1].split(java.io.File.pathSeparator);
        URL[] classpath = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            classpath[i] = Path.of(entries[i]).toUri().toURL();
        }
        String mainClass = args[2];
        String[] argv = Arrays.copyOfRange(args, 3, args.length);
        long cpu = 0;
        for (String phase : new String[] {"warm-up", "timed"}) {
            if (phase.equals("timed")) {
                BetweenRuns.settle(); // as MpjChild does for MPJ Express: the warm-up's garbage, before the timer
                System.out.println(MpjChild.TIMED);
                cpu = MpjChild.cpuNanos();
            }
            JobResult r = ThreadsJob.runMain(JobConfig.of(np), classpath, mainClass, argv);
            System.out.flush();
            if (!r.succeeded()) {
                System.out.println("FAILED: " + r.message());
                System.exit(1);
            }
        }
        MpjChild.printCpu(cpu);
        System.exit(0);
    }
}
