package bamboo.translator.emit;

import bamboo.translator.parse.Printed;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.printer.DefaultPrettyPrinterVisitor;
import com.github.javaparser.printer.configuration.ConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;

import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Prints generated code exactly as {@code Node.toString()} does (JavaParser's default pretty printer and
 * configuration), only faster. For every node the stock printer copies and sorts its parent's children by
 * position to find orphan comments before it, and sorts the node's own children for orphan comments at
 * its end: quadratic in the members of a class or the statements of a block, and a third of printing a
 * task class. Those steps print only children that are comments, so a node without comment children is
 * skipped (whether a node of many children has any is computed once per node). And the stock printer
 * looks up its options (indentation, whether to print comments, ...) for nearly every node by streaming
 * over the configuration's set of options: a tenth of printing and of its garbage. The configuration never changes while printing,
 * so each option is looked up once per print.
 */
public final class Printer {
    private Printer() {
    }

    /**
     * The same text as {@code node.toString()}. While it prints, the node's compilation unit (if any) has
     * {@link #TYPES} as its printer, which is what {@code toString()} of the unit's nodes uses: the stock
     * printer prints every declaration's variable types level by level with {@code toString()}
     * ({@code getMaximumCommonType}), each time building a printer and its configuration, for the one
     * answer of a plain type's name (a third of printing a task class). The unit's printer is put back
     * afterwards.
     */
    public static String print(Node node) {
        CompilationUnit cu = node.findCompilationUnit().orElse(null);
        if (cu == null || cu.containsData(Node.PRINTER_KEY) && cu.getData(Node.PRINTER_KEY) == TYPES) {
            return printHere(node);
        }
        com.github.javaparser.printer.Printer before =
                cu.containsData(Node.PRINTER_KEY) ? cu.getData(Node.PRINTER_KEY) : null;
        cu.printer(TYPES);
        try {
            return printHere(node);
        } finally {
            if (before == null) {
                cu.removeData(Node.PRINTER_KEY);
            } else {
                cu.printer(before);
            }
        }
    }

    private static String printHere(Node node) {
        Visitor v = new Visitor();
        node.accept(v, null);
        return v.toString();
    }

    /** {@code toString()} of a node: plain types without printing ({@link Printed#plainType}), the rest by {@link #print}. */
    static final com.github.javaparser.printer.Printer TYPES = n -> {
        String plain = Printed.plainType(n);
        return plain != null ? plain : printHere(n);
    };

    private static final class Visitor extends DefaultPrettyPrinterVisitor {
        private static final int FEW = 8;
        private final Map<Node, Boolean> commentChildren = new IdentityHashMap<>();
        private final Map<DefaultPrinterConfiguration.ConfigOption, Optional<ConfigurationOption>> options =
                new EnumMap<>(DefaultPrinterConfiguration.ConfigOption.class);

        Visitor() {
            super(new DefaultPrinterConfiguration());
        }

        @Override
        protected void printOrphanCommentsBeforeThisChildNode(Node node) {
            Node parent = node.getParentNode().orElse(null);
            if (parent != null && !hasCommentChild(parent)) {
                return;
            }
            super.printOrphanCommentsBeforeThisChildNode(node);
        }

        @Override
        protected void printOrphanCommentsEnding(Node node) {
            if (!hasCommentChild(node)) {
                return;
            }
            super.printOrphanCommentsEnding(node);
        }

        /**
         * A line comment as the stock printer prints it (its header, then the text with trailing white
         * space and line breaks taken out), without the two patterns it runs on every comment, one of them
         * compiled each time (a tenth of printing a task class, whose members carry line comments): text
         * neither pattern could change is printed as it is; any other goes the stock way.
         */
        @Override
        public void visit(LineComment n, Void arg) {
            String text = n.getContent();
            if (!getOption(DefaultPrinterConfiguration.ConfigOption.PRINT_COMMENTS).isPresent() || !unchanged(text)) {
                super.visit(n, arg);
                return;
            }
            printer.print(n.getHeader());
            printer.println(text);
        }

        /**
         * Whether {@code \s+$} and {@code \R} find nothing in {@code text}: no line break anywhere (nor
         * a character before which {@code $} could match), and no white space at the end.
         */
        private static boolean unchanged(String text) {
            int last = text.length() - 1;
            for (int i = 0; i <= last; i++) {
                char c = text.charAt(i);
                if (c == '\n' || c == '\r' || c == '\u000B' || c == '\u000C' || c == '\u0085' || c == '\u2028'
                        || c == '\u2029') {
                    return false;
                }
            }
            if (last < 0) {
                return true;
            }
            char end = text.charAt(last);
            return end != ' ' && end != '\t';
        }

        @Override
        protected Optional<ConfigurationOption> getOption(DefaultPrinterConfiguration.ConfigOption option) {
            Optional<ConfigurationOption> known = options.get(option);
            if (known == null) {
                known = super.getOption(option);
                options.put(option, known);
            }
            return known;
        }

        /**
         * Whether {@code n} has a comment among its children. Asked once per child, so a node of many
         * children (a block's statements, a class's members) has its answer kept; for a few children,
         * looking again is cheaper than the map (which was a sixth of printing).
         */
        private boolean hasCommentChild(Node n) {
            List<Node> children = n.getChildNodes();
            int size = children.size();
            if (size <= FEW) {
                return anyComment(children, size);
            }
            Boolean known = commentChildren.get(n);
            if (known == null) {
                known = anyComment(children, size);
                commentChildren.put(n, known);
            }
            return known;
        }

        private static boolean anyComment(List<Node> children, int size) {
            for (int i = 0; i < size; i++) {
                if (children.get(i) instanceof Comment) {
                    return true;
                }
            }
            return false;
        }
    }
}
