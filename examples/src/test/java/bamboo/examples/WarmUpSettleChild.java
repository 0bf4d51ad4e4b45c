package bamboo.examples;

import bamboo.examples.common.JitSettle;
import java.util.List;

/**
 * Child JVM of {@link WarmUpCompilationsInTimedLoopTest}: runs {@code warmUp()} of each class named on the
 * command line, in order, as the programs do before their timed loops, and right after each prints
 * {@code PENDING <kernel>: <line>} for every compilation of the examples' code still running or queued
 * (what the timed loop would have paid for), or {@code NO-QUEUE} when this JVM cannot list them.
 */
final class WarmUpSettleChild {
    private WarmUpSettleChild() {
    }

    public static void main(String[] kernels) throws ReflectiveOperationException {
        for (String kernel : kernels) {
            Class.forName(kernel).getMethod("warmUp").invoke(null);
            List<String> pending = JitSettle.pending();
            if (pending == null) {
                System.out.println("NO-QUEUE");
                return;
            }
            for (String line : pending) {
                if (line.contains("bamboo.examples.")) {
                    System.out.println("PENDING " + kernel + ": " + line);
                }
            }
        }
    }
}
