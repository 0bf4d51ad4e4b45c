package corpus.kernelsetup;

/** A block decomposition of {@code n} columns over {@code parts} ranks, the first ones one wider. */
public final class Split {
    private Split() {
    }

    public static int size(int n, int parts, int part) {
        return n / parts + (part < n % parts ? 1 : 0);
    }

    public static int start(int n, int parts, int part) {
        return part * (n / parts) + Math.min(part, n % parts);
    }
}
