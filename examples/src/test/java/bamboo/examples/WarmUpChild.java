package bamboo.examples;

/**
 * Child JVM of {@link LoopLimitTrapInWarmUpTest}: runs {@code warmUp()} of each class named on the command
 * line, in order, as the programs do before their timed loops.
 */
final class WarmUpChild {
    private WarmUpChild() {
    }

    public static void main(String[] kernels) throws ReflectiveOperationException {
        for (String kernel : kernels) {
            Class.forName(kernel).getMethod("warmUp").invoke(null);
        }
    }
}
