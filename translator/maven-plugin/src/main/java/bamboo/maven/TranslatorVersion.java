package bamboo.maven;

import bamboo.translator.Translator;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Identifies the translator for the stamp. A release is its version; a snapshot changes without its
 * version changing, so the translator jar's size and time are added.
 */
final class TranslatorVersion {
    private TranslatorVersion() {
    }

    static String of(String pluginVersion) {
        String version = pluginVersion == null ? "unknown" : pluginVersion;
        if (!version.endsWith("-SNAPSHOT")) {
            return version;
        }
        try {
            CodeSource source = Translator.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return version;
            }
            Path jar = Path.of(source.getLocation().toURI());
            return version + " " + Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis();
        } catch (URISyntaxException | java.io.IOException | RuntimeException e) {
            return version; // unknown build: the version alone still works, -Dbamboo.force covers the rest
        }
    }
}
