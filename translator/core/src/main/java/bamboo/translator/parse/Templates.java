package bamboo.translator.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.Type;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Snippets of generated code, parsed once and cloned on each use: building a parser per snippet
 * (what StaticJavaParser does) was the translator's largest cost after parsing the input itself.
 */
public final class Templates {
    private static final ThreadLocal<JavaParser> PARSER = ThreadLocal.withInitial(() -> new JavaParser(
            new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)));
    private static final ConcurrentHashMap<String, Node> CACHE = new ConcurrentHashMap<>();
    private static final int LIMIT = 4096;

    private Templates() {
    }

    public static Statement statement(String code) {
        return (Statement) get("s:" + code, code, p -> p.parseStatement(code));
    }

    public static Expression expression(String code) {
        return (Expression) get("e:" + code, code, p -> p.parseExpression(code));
    }

    public static Type type(String code) {
        return (Type) get("t:" + code, code, p -> p.parseType(code));
    }

    public static BodyDeclaration<?> member(String code) {
        return (BodyDeclaration<?>) get("m:" + code, code, p -> p.parseBodyDeclaration(code));
    }

    private static Node get(String key, String code, Function<JavaParser, ParseResult<? extends Node>> parse) {
        Node n = CACHE.get(key);
        if (n == null) {
            ParseResult<? extends Node> r = parse.apply(PARSER.get());
            n = r.getResult().filter(x -> r.isSuccessful())
                    .orElseThrow(() -> new IllegalArgumentException("bad template: " + code + " " + r.getProblems()));
            if (CACHE.size() < LIMIT) {
                CACHE.put(key, n);
            }
        }
        return n.clone();
    }
}
