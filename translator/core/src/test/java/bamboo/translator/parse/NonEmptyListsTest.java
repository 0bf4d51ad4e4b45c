package bamboo.translator.parse;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.TreeVisitorValidator;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.ast.validator.Validators;
import com.github.javaparser.ast.validator.language_level_validations.chunks.CommonValidators;
import com.github.javaparser.metamodel.BaseNodeMetaModel;
import com.github.javaparser.metamodel.JavaParserMetaModel;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link NonEmptyLists} reports what JavaParser's own non-empty-lists rule reports, on every node class. */
class NonEmptyListsTest {
    private static List<String> reports(Validator rule, Node node) {
        List<String> out = new ArrayList<>();
        rule.accept(node, new ProblemReporter(p -> out.add(p.getMessage())));
        return out;
    }

    /** The stock rule: the one tree-walking rule of CommonValidators that the check recognises. */
    private static Validator stock() throws ReflectiveOperationException {
        Field inner = TreeVisitorValidator.class.getDeclaredField("validator");
        inner.setAccessible(true);
        List<Validator> found = new ArrayList<>();
        for (Validator v : ((Validators) new CommonValidators()).getValidators()) {
            if (v instanceof TreeVisitorValidator && NonEmptyLists.isTheStockRule((Validator) inner.get(v))) {
                found.add((Validator) inner.get(v));
            }
        }
        assertEquals(1, found.size(), "JavaParser's rule is recognised (else the checks keep it, slower)");
        return found.get(0);
    }

    @Test
    void sameProblemsAsTheStockRuleOnANewNodeOfEveryClass() throws ReflectiveOperationException {
        Validator stock = stock();
        int nodes = 0;
        int problems = 0;
        for (BaseNodeMetaModel mm : JavaParserMetaModel.getNodeMetaModels()) {
            Class<? extends Node> type = mm.getType();
            if (Modifier.isAbstract(type.getModifiers())) {
                continue;
            }
            Node n;
            try {
                n = type.getConstructor().newInstance(); // empty lists wherever the class has them
            } catch (NoSuchMethodException e) {
                continue;
            }
            List<String> expected = reports(stock, n);
            assertEquals(expected, reports(NonEmptyLists::check, n), type.getSimpleName());
            nodes++;
            problems += expected.size();
        }
        assertTrue(nodes > 90, "node classes checked: " + nodes); // 98 in JavaParser 3.28
        assertTrue(problems >= 2, "empty non-empty lists reported: " + problems); // 3 in JavaParser 3.28
    }
}
