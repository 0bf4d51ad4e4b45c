package bamboo.translator.find;

/** The labelled blocks of the programming model. */
public enum BlockKind {
    SEND, RECEIVE, COMPUTE;

    /** The block kind a label names, or null for any other label. */
    public static BlockKind ofLabel(String label) {
        switch (label) {
            case "send":
                return SEND;
            case "receive":
                return RECEIVE;
            case "compute":
                return COMPUTE;
            default:
                return null;
        }
    }

    public static boolean isRegionLabel(String label) {
        return label.startsWith("olap");
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
