package bamboo.examples.common;

/**
 * An exact, order-independent fingerprint of distributed data: the wrap-around sum of one mixed term per
 * (global index, value). Integer addition is associative, so the sum is the same whatever the
 * decomposition and whatever order a reduction combines the parts in; any changed value changes it.
 */
public final class Hash {
    private Hash() {
    }

    /** The term of the value at {@code globalIndex}. */
    public static long term(long globalIndex, double value) {
        return mix(globalIndex * 0x9E3779B97F4A7C15L + Double.doubleToLongBits(value));
    }

    /** The term of the integer value at {@code globalIndex}. */
    public static long term(long globalIndex, long value) {
        return mix(globalIndex * 0x9E3779B97F4A7C15L + value * 0xD1B54A32D192ED03L);
    }

    /** SplitMix64's finaliser: a bijective scrambling of 64 bits. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
