package bamboo.examples.cg;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A reader of Matrix Market coordinate files ({@code %%MatrixMarket matrix coordinate real|integer
 * general|symmetric}): comments, the size line, 1-based entries; symmetric files store one triangle and
 * are mirrored. Errors name the file and the line.
 */
public final class MatrixMarket {
    private MatrixMarket() {
    }

    /** The rows {@code [first, first + count)} of the matrix in {@code name}, or all rows when count is -1. */
    public static SparseRows read(String name, int first, int count) throws IOException {
        try (InputStream in = open(name)) {
            return parse(name, in, first, count);
        }
    }

    /** The order of the square matrix in {@code name}. */
    public static int order(String name) throws IOException {
        try (InputStream in = open(name)) {
            return parse(name, in, 0, 0).order();
        }
    }

    /** Opens {@code name} as a resource of this package (the bundled matrices) or else as a file. */
    static InputStream open(String name) throws IOException {
        InputStream bundled = MatrixMarket.class.getResourceAsStream(name);
        if (bundled != null) {
            return bundled;
        }
        Path file = Path.of(name);
        if (!Files.isRegularFile(file)) {
            throw new IOException("matrix " + name + ": no such bundled matrix or file");
        }
        return Files.newInputStream(file);
    }

    static SparseRows parse(String name, InputStream in, int first, int count) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String header = reader.readLine();
        int lineNo = 1;
        if (header == null) {
            throw new IOException(name + ":1: empty file, expected a %%MatrixMarket header");
        }
        String[] h = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (h.length != 5 || !h[0].equals("%%matrixmarket") || !h[1].equals("matrix") || !h[2].equals("coordinate")) {
            throw new IOException(name + ":1: expected '%%MatrixMarket matrix coordinate <field> <symmetry>'");
        }
        if (!h[3].equals("real") && !h[3].equals("integer")) {
            throw new IOException(name + ":1: field '" + h[3] + "' is not supported (real or integer)");
        }
        boolean symmetric = h[4].equals("symmetric");
        if (!symmetric && !h[4].equals("general")) {
            throw new IOException(name + ":1: symmetry '" + h[4] + "' is not supported (general or symmetric)");
        }
        String line;
        int rows = -1;
        int cols = -1;
        long entries = -1;
        long seen = 0;
        Triples t = new Triples();
        while ((line = reader.readLine()) != null) {
            lineNo++;
            String s = line.trim();
            if (s.isEmpty() || s.startsWith("%")) {
                continue;
            }
            String[] f = s.split("\\s+");
            if (rows < 0) {
                if (f.length != 3) {
                    throw new IOException(name + ":" + lineNo + ": expected the size line 'rows columns entries'");
                }
                rows = integer(name, lineNo, f[0]);
                cols = integer(name, lineNo, f[1]);
                entries = integer(name, lineNo, f[2]);
                if (rows != cols || rows < 1) {
                    throw new IOException(name + ":" + lineNo + ": the matrix must be square and non-empty (is "
                            + rows + "x" + cols + ")");
                }
                if (count < 0) {
                    count = rows - first;
                }
                continue;
            }
            if (f.length != 3) {
                throw new IOException(name + ":" + lineNo + ": expected 'row column value'");
            }
            int i = integer(name, lineNo, f[0]) - 1;
            int j = integer(name, lineNo, f[1]) - 1;
            if (i < 0 || i >= rows || j < 0 || j >= cols) {
                throw new IOException(name + ":" + lineNo + ": entry (" + (i + 1) + ", " + (j + 1)
                        + ") outside the " + rows + "x" + cols + " matrix");
            }
            double v;
            try {
                v = Double.parseDouble(f[2]);
            } catch (NumberFormatException e) {
                throw new IOException(name + ":" + lineNo + ": '" + f[2] + "' is not a number");
            }
            seen++;
            if (i >= first && i < first + count) {
                t.add(i, j, v);
            }
            if (symmetric && i != j && j >= first && j < first + count) {
                t.add(j, i, v);
            }
        }
        if (rows < 0) {
            throw new IOException(name + ": no size line");
        }
        if (seen != entries) {
            throw new IOException(name + ": the size line announces " + entries + " entries, the file has " + seen);
        }
        return t.toRows(rows, first, count);
    }

    private static int integer(String name, int lineNo, String text) throws IOException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IOException(name + ":" + lineNo + ": '" + text + "' is not an integer");
        }
    }
}
