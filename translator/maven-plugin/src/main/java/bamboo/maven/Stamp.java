package bamboo.maven;

import bamboo.translator.parse.SourceFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What the last successful translation read and wrote: one hash over the translator's version, the output
 * directory and every input (name and content), and the companion files written. The goal skips when the
 * hash is unchanged and every companion is still there.
 *
 * @param inputs the hash of everything that decides the output
 * @param outputs the companion files, relative to the output directory
 */
record Stamp(String inputs, List<String> outputs) {
    private static final String HEADER = "# bamboo-maven-plugin translate stamp; delete it to force a translation";

    /** The hash of what decides a translation. */
    static String hash(String translatorVersion, Path outputDirectory, List<SourceFile> sources) {
        MessageDigest sha = sha256();
        update(sha, translatorVersion);
        update(sha, outputDirectory.toAbsolutePath().normalize().toString());
        for (SourceFile s : sources) {
            update(sha, s.displayName());
            update(sha, s.text());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The stamp at {@code file}, or null when there is none or it cannot be read as one. */
    static Stamp read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(0).equals(HEADER) || !lines.get(1).startsWith("inputs ")) {
                return null;
            }
            List<String> outputs = new ArrayList<>();
            for (String line : lines.subList(2, lines.size())) {
                if (line.startsWith("output ")) {
                    outputs.add(line.substring("output ".length()));
                }
            }
            return new Stamp(lines.get(1).substring("inputs ".length()), outputs);
        } catch (IOException e) {
            return null; // an unreadable stamp only costs a translation
        }
    }

    void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        StringBuilder b = new StringBuilder(HEADER).append('\n').append("inputs ").append(inputs).append('\n');
        for (String o : outputs) {
            b.append("output ").append(o).append('\n');
        }
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }

    /** Whether every companion this stamp lists is still in {@code outputDirectory}. */
    boolean outputsPresent(Path outputDirectory) {
        for (String o : outputs) {
            if (!Files.isRegularFile(outputDirectory.resolve(o))) {
                return false;
            }
        }
        return true;
    }

    private static void update(MessageDigest sha, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) ':');
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
