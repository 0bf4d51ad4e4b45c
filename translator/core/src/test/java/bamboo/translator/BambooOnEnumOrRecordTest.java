package bamboo.translator;

import org.junit.jupiter.api.Test;

/** Regression: {@code @Bamboo} on an enum or a record was skipped silently ("0 programs") instead of refused. */
class BambooOnEnumOrRecordTest {
    @Test
    void bambooOnAnEnumIsRefused() {
        DiagnosticHelper.create().addSourceLines("E.java",
                "import bamboo.Bamboo;",
                "// ERROR: @Bamboo must mark a concrete class; E is an enum",
                "@Bamboo",
                "public enum E {",
                "    ONLY;",
                "    public static void main(String[] args) {",
                "    }",
                "}").doTest();
    }

    @Test
    void bambooOnARecordIsRefused() {
        DiagnosticHelper.create().addSourceLines("R.java",
                "import bamboo.Bamboo;",
                "// ERROR: @Bamboo must mark a concrete class; R is a record",
                "@Bamboo",
                "public record R(int x) {",
                "    public static void main(String[] args) {",
                "    }",
                "}").doTest();
    }
}
