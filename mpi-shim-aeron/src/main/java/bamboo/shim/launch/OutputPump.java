package bamboo.shim.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Copies a child's output to ours line by line, optionally prefixed with its rank. */
final class OutputPump extends Thread {
    private final InputStream in;
    private final PrintStream out;
    private final String prefix;

    OutputPump(InputStream in, PrintStream out, String prefix, String name) {
        super(name);
        this.in = in;
        this.out = out;
        this.prefix = prefix;
        setDaemon(true);
    }

    @Override
    public void run() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (out) {
                    out.println(prefix + line);
                }
            }
        } catch (IOException ignored) {
            // the child is gone
        }
        out.flush();
    }
}
