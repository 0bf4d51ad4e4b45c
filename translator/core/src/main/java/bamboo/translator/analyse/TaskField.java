package bamboo.translator.analyse;

import com.github.javaparser.ast.type.Type;

/** A field of the generated task: a local of main that lives across evaluation points, or a helper. */
public record TaskField(String name, Type type, int line, String why) {
}
