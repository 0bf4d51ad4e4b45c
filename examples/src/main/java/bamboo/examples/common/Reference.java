package bamboo.examples.common;

/**
 * The expected outcome of a run: an exact {@link Hash} of the result and one scalar (error, residual,
 * ...). It has a text form so a benchmark can compute it once and hand it to every run as
 * {@code check=<text>}.
 */
public final class Reference {
    private final long checksum;
    private final double value;

    public Reference(long checksum, double value) {
        this.checksum = checksum;
        this.value = value;
    }

    public long checksum() {
        return checksum;
    }

    public double value() {
        return value;
    }

    /** The text form, {@code <checksum hex>:<value bits hex>}. */
    public String encode() {
        return Long.toHexString(checksum) + ":" + Long.toHexString(Double.doubleToRawLongBits(value));
    }

    /** Parses {@link #encode()}'s form; {@code app} names the program in the error message. */
    public static Reference decode(String app, String text) {
        int colon = text.indexOf(':');
        try {
            if (colon > 0) {
                long sum = Long.parseUnsignedLong(text.substring(0, colon), 16);
                long bits = Long.parseUnsignedLong(text.substring(colon + 1), 16);
                return new Reference(sum, Double.longBitsToDouble(bits));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(app + ": check=" + text + " is not of the form <hex>:<hex>");
    }
}
