package bamboo.examples.cannon;

/** Child JVM of {@link MultiplyProbeTest}: the kernel's warm-up, then {@link #CALLS} multiplies of 128 x 128. */
final class MultiplyProbeChild {
    static final int CALLS = 6;

    private MultiplyProbeChild() {
    }

    public static void main(String[] args) {
        Kernel.warmUp();
        Kernel k = new Kernel(256, 4, 0);   // 128 x 128 blocks of a 2 x 2 grid
        k.skewed();
        for (int i = 0; i < CALLS; i++) {
            k.multiply();
        }
        System.out.println(k.total());
    }
}
