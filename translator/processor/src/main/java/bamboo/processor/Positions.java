package bamboo.processor;

/** Converts the translator's 1-based line and column (JavaParser counts a tab as one column) to an offset. */
final class Positions {
    private Positions() {
    }

    /** The character offset of {@code line:column} in {@code text}, or -1 when it is not inside the text. */
    static long offset(String text, int line, int column) {
        if (line < 1 || column < 1) {
            return -1;
        }
        int start = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                return -1;
            }
            start = nl + 1;
        }
        int end = text.indexOf('\n', start);
        int lineLength = (end < 0 ? text.length() : end) - start;
        return column - 1 <= lineLength ? start + column - 1 : -1;
    }
}
