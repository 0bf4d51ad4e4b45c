package bamboo.translator.find;

/** The labelled blocks of the programming model. */
public enum BlockKind {
    SEND, RECEIVE, COMPUTE;

    /**
     * The block kind a label names, or null for any other label. Besides {@code send}, {@code receive} and
     * {@code compute}, a suffix starting with a digit or a capital letter is allowed ({@code compute2},
     * {@code computeInner}): Java forbids a nested region to reuse a label of its enclosing blocks.
     */
    public static BlockKind ofLabel(String label) {
        for (BlockKind k : values()) {
            String name = k.label();
            if (label.equals(name) || label.startsWith(name) && label.length() > name.length()
                    && (Character.isDigit(label.charAt(name.length())) || Character.isUpperCase(label.charAt(name.length())))) {
                return k;
            }
        }
        return null;
    }

    public static boolean isRegionLabel(String label) {
        return label.startsWith("olap");
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
