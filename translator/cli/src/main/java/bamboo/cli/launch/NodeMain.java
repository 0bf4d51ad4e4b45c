package bamboo.cli.launch;

import bamboo.runtime.GraphMain;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The main class of a node's JVM when a program translated here runs as several processes
 * ({@code --device aeron}): the runtime's {@link GraphMain}, with what the JVM prints on standard error
 * passed line by line through {@link SourceLines}, so that the frames of the generated classes in a stack
 * trace name the program's file and line, as in a run in one JVM.
 *
 * <p>Arguments: {@code GENERATED_ROOT} (the translated source tree), then {@link GraphMain}'s.
 */
public final class NodeMain {
    private NodeMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: NodeMain GENERATED_ROOT GraphMain-arguments...");
        }
        Path root = Path.of(args[0]);
        PrintStream err = System.err;
        System.setErr(new PrintStream(new Lines(err, root, Charset.defaultCharset()), true,
                Charset.defaultCharset()));
        GraphMain.main(Arrays.copyOfRange(args, 1, args.length));
    }

    /** Passes lines on, each rewritten; a partial line waits for its end or a flush. */
    public static final class Lines extends OutputStream {
        private final PrintStream to;
        private final Path root;
        private final Charset charset;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final Map<Path, List<String>> files = new HashMap<>();

        public Lines(PrintStream to, Path root, Charset charset) {
            this.to = to;
            this.root = root;
            this.charset = charset;
        }

        @Override
        public synchronized void write(int b) {
            line.write(b);
            if (b == '\n') {
                emit();
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public synchronized void flush() {
            // what was printed so far goes out (nothing is lost at exit); a stack frame is printed whole
            if (line.size() > 0) {
                to.print(SourceLines.rewriteLine(line.toString(charset), root, files));
                line.reset();
            }
            to.flush();
        }

        @Override
        public void close() {
            flush();
        }

        private void emit() {
            String text = line.toString(charset);
            line.reset();
            String body = text.endsWith("\r\n") ? text.substring(0, text.length() - 2)
                    : text.substring(0, text.length() - 1);
            to.print(SourceLines.rewriteLine(body, root, files) + text.substring(body.length()));
            to.flush();
        }
    }
}
