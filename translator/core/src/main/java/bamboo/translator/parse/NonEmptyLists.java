package bamboo.translator.parse;

import com.github.javaparser.Problem;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.metamodel.NodeMetaModel;
import com.github.javaparser.metamodel.PropertyMetaModel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JavaParser's rule "a node list marked non-empty is not empty" (one of its common validators, checked on
 * every node), with the same problems: the stock rule asks every node's meta-model for the list of all
 * its properties, which builds that list anew each time (a twentieth of parsing, and as much garbage);
 * here the non-empty node lists of each node class are listed once.
 */
final class NonEmptyLists {
    private NonEmptyLists() {
    }

    private record Lists(String typeName, List<PropertyMetaModel> properties) {
    }

    /** Per node class (its meta-model is found from a node of it). */
    private static final ConcurrentHashMap<Class<?>, Lists> KNOWN = new ConcurrentHashMap<>();

    /** The stock rule's check of one node (the walk visits every node). */
    static void check(Node node, ProblemReporter reporter) {
        Lists lists = KNOWN.computeIfAbsent(node.getClass(), c -> of(node.getMetaModel()));
        for (PropertyMetaModel p : lists.properties()) {
            NodeList<?> value = (NodeList<?>) p.getValue(node);
            if (value.isEmpty()) {
                reporter.report(node, "%s.%s can not be empty.", lists.typeName(), p.getName());
            }
        }
    }

    private static Lists of(NodeMetaModel mm) {
        List<PropertyMetaModel> lists = new ArrayList<>();
        for (PropertyMetaModel p : mm.getAllPropertyMetaModels()) {
            if (p.isNonEmpty() && p.isNodeList()) {
                lists.add(p);
            }
        }
        return new Lists(mm.getTypeName(), List.copyOf(lists));
    }

    /**
     * Whether {@code rule} (the check of one of JavaParser's tree-walking rules) is the non-empty-lists
     * rule: told by what it reports on nodes with and without an empty non-empty list, so another
     * JavaParser version whose rule differs keeps its own.
     */
    static boolean isTheStockRule(Validator rule) {
        try {
            return reports(rule, new VariableDeclarationExpr()).equals(reports(NonEmptyLists::check, new VariableDeclarationExpr()))
                    && reports(rule, new VariableDeclarationExpr()).equals(
                            List.of("VariableDeclarationExpr.variables can not be empty."))
                    && reports(rule, new FieldDeclaration()).equals(reports(NonEmptyLists::check, new FieldDeclaration()))
                    && reports(rule, new ArrayCreationExpr()).equals(reports(NonEmptyLists::check, new ArrayCreationExpr()))
                    && reports(rule, new NameExpr("x")).isEmpty();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static List<String> reports(Validator rule, Node node) {
        List<String> messages = new ArrayList<>();
        rule.accept(node, new ProblemReporter((Problem p) -> messages.add(p.getMessage())));
        return messages;
    }
}
