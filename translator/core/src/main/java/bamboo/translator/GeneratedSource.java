package bamboo.translator;

/**
 * A companion source file the translator wrote for a program.
 *
 * @param packageName the program's package ("" for the default package)
 * @param className the simple name of the generated class
 * @param from the display name of the program's source file
 * @param text the formatted source
 */
public record GeneratedSource(String packageName, String className, String from, String text) {
    /** The path of this file inside a source tree, e.g. {@code p/q/X_BambooTask.java}. */
    public String relativePath() {
        String dir = packageName.isEmpty() ? "" : packageName.replace('.', '/') + "/";
        return dir + className + ".java";
    }
}
