package bamboo.translator;

import java.nio.file.Path;
import java.util.List;

/** Prints the translation of a file (a development aid: {@code Dump path}). */
final class Dump {
    private Dump() {
    }

    public static void main(String[] args) {
        TranslationResult r = new Translator().translate(List.of(Sources.file(Path.of(args[0]), "Input.java")));
        r.diagnostics().forEach(System.out::println);
        r.generated().forEach(g -> System.out.println("==== " + g.relativePath() + "\n" + g.text()));
    }
}
