package bamboo.translator.parse;

import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.SingleNodeTypeValidator;
import com.github.javaparser.ast.validator.TreeVisitorValidator;
import com.github.javaparser.ast.validator.TypedValidator;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.ast.validator.Validators;
import com.github.javaparser.ast.validator.language_level_validations.Java17Validator;
import com.github.javaparser.ast.validator.postprocessors.Java17PostProcessor;
import com.github.javaparser.ast.validator.postprocessors.PostProcessors;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What JavaParser does after parsing at language level 17 (its post-processor, then its Java 17
 * validator), with the same problems in the same order, in one walk of the tree instead of one per rule.
 *
 * <p>The stock validator is a list of some twenty-five rules, and most of them walk the whole tree on
 * their own (a {@code findAll} per node type, or a recursion over every node): a quarter of parsing, and
 * a tenth of a translation. Here the rules that look at one node at a time (JavaParser's
 * {@code SingleNodeTypeValidator} and {@code TreeVisitorValidator}) run in one walk; the few that are
 * visitors of their own still walk separately. Each rule's problems are kept apart and joined in the
 * rules' order, so the list is exactly the stock one (JavaParser then sorts it by position, stably).
 *
 * <p>Those two rule kinds keep their parts in private fields, which this class reads once by
 * reflection. Should a JavaParser version change them, {@link #install} leaves the configuration as it
 * was: slower, never different.
 */
final class Java17Checks extends Processor {
    /** One rule: its node type and check, or (for a visitor of its own) the whole rule. */
    private record Rule(Class<? extends Node> type, TypedValidator<Node> check, Validator whole) {
    }

    private static final List<Rule> RULES = rules();
    private final PostProcessors post = new Java17PostProcessor();

    /**
     * Puts this in place of the language level's own post-processing in {@code config} (which must be at
     * level 17); returns whether it did.
     */
    static boolean install(ParserConfiguration config) {
        if (RULES == null || config.getLanguageLevel() != ParserConfiguration.LanguageLevel.JAVA_17) {
            return false;
        }
        List<Supplier<Processor>> processors = config.getProcessors();
        String stock = ParserConfiguration.class.getName() + "$2"; // the one that runs level.postProcessor, level.validator
        int found = -1;
        for (int i = 0; i < processors.size(); i++) {
            if (processors.get(i).get().getClass().getName().equals(stock)) {
                if (found >= 0) {
                    return false;
                }
                found = i;
            }
        }
        if (found < 0) {
            return false;
        }
        Java17Checks checks = new Java17Checks();
        processors.set(found, () -> checks);
        return true;
    }

    @Override
    public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
        post.postProcess(result, configuration);
        result.getResult().ifPresent(root -> validate(root, result.getProblems()));
    }

    /** The problems of every rule, in the stock order: rule by rule, each in pre-order of the tree. */
    static void validate(Node root, List<Problem> out) {
        int n = RULES.size();
        List<List<Problem>> found = new ArrayList<>(n);
        List<ProblemReporter> reporters = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Problem> mine = new ArrayList<>(0);
            found.add(mine);
            reporters.add(new ProblemReporter(mine::add));
        }
        for (int i = 0; i < n; i++) {
            Rule r = RULES.get(i);
            if (r.whole() != null) {
                r.whole().accept(root, reporters.get(i));
            } else if (r.type() != null && r.type().isInstance(root)) {
                r.check().accept(root, reporters.get(i)); // SingleNodeTypeValidator checks the root twice
            }
        }
        Walk.preOrder(root, node -> {
            for (int i : APPLICABLE.get(node.getClass())) {
                RULES.get(i).check().accept(node, reporters.get(i));
            }
        });
        found.forEach(out::addAll);
    }

    /**
     * The rules of the walk that apply to a node of each class (in the rules' order): which ones depends on
     * the class alone, and asking each rule for each node was a third of the checks.
     */
    private static final ClassValue<int[]> APPLICABLE = new ClassValue<>() {
        @Override
        protected int[] computeValue(Class<?> type) {
            return java.util.stream.IntStream.range(0, RULES.size()).filter(i -> RULES.get(i).whole() == null
                    && (RULES.get(i).type() == null || RULES.get(i).type().isAssignableFrom(type))).toArray();
        }
    };

    /** The stock Java 17 rules, flattened in order; null if their parts cannot be read. */
    private static List<Rule> rules() {
        try {
            List<Rule> out = new ArrayList<>();
            flatten(new Java17Validator(), out);
            return List.copyOf(out);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static void flatten(Validator v, List<Rule> out) throws ReflectiveOperationException {
        if (v.getClass() == Validators.class || v instanceof Validators && isChunk(v)) {
            for (Validator c : ((Validators) v).getValidators()) {
                flatten(c, out);
            }
        } else if (v instanceof TreeVisitorValidator) { // its accept is final: the rule, then the children
            Validator inner = (Validator) read(TreeVisitorValidator.class, "validator", v);
            out.add(new Rule(null, NonEmptyLists.isTheStockRule(inner) ? NonEmptyLists::check : inner::accept, null));
        } else if (v instanceof SingleNodeTypeValidator && v.getClass().getMethod("accept", Node.class,
                ProblemReporter.class).getDeclaringClass() == SingleNodeTypeValidator.class) {
            Class<? extends Node> type = (Class<? extends Node>) read(SingleNodeTypeValidator.class, "type", v);
            TypedValidator<Node> check = (TypedValidator<Node>) read(SingleNodeTypeValidator.class, "validator", v);
            out.add(new Rule(type, check, null));
        } else {
            out.add(new Rule(null, null, v));
        }
    }

    /** Java17Validator and the groups it holds (CommonValidators) only add rules to the list. */
    private static boolean isChunk(Validator v) {
        return v.getClass().getPackageName().startsWith(Java17Validator.class.getPackageName());
    }

    private static Object read(Class<?> owner, String name, Object from) throws ReflectiveOperationException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(from);
    }
}
