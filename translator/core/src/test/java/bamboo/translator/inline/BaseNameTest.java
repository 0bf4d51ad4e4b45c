package bamboo.translator.inline;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code MethodInliner.baseName} is the {@code replaceAll(".*[/\\\\]", "")} it replaced, on every kind of name. */
class BaseNameTest {
    @Test
    void sameAsThePattern() {
        String[] names = {"Ring.java", "src/main/java/a/Ring.java", "C:\\work\\Ring.java", "mixed/dirs\\and/Ring.java",
            "dir/", "\\", "", "/Ring.java", "line\nbreak/Ring.java", "a/b\r\nc\\d.java", "x\u2028y/z", "x\u0085/y"};
        for (String n : names) {
            assertEquals(n.replaceAll(".*[/\\\\]", ""), MethodInliner.baseName(n), n);
        }
    }
}
