package bamboo.translator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The Java inputs every "agrees with JavaParser on all inputs" test walks: the golden inputs and the corpus. */
public final class TestInputs {
    private TestInputs() {
    }

    /** Every {@code .java} input of the golden tests and of test-corpus/programs, expected outputs left out. */
    public static List<Path> programs() throws IOException {
        try (Stream<Path> s = Stream.concat(Files.walk(Path.of("src/test/resources/golden")),
                Files.walk(Path.of("../../test-corpus/programs")))) {
            return s.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("expected"))
                    .collect(Collectors.toList());
        }
    }
}
