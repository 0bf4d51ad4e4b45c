/**
 * The bad-input corpus ({@code test-corpus/bad}): malformed or unsupported programs, each with the exact
 * diagnostics {@code bamboo check}, the Maven goal and the javac processor must give. The tests of the
 * three tools read it through {@link bamboo.corpus.bad.BadCorpus}.
 */
package bamboo.corpus.bad;
