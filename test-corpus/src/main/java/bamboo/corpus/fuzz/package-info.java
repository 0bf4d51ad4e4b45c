/**
 * The differential fuzzer behind {@code ./bamboo fuzz}: a generator of random, well-formed annotated SPMD
 * programs ({@link bamboo.corpus.fuzz.ProgramGenerator}) as trees of self-contained communication phases
 * ({@link bamboo.corpus.fuzz.Node}), rendered to Java ({@link bamboo.corpus.fuzz.JavaRenderer}), run
 * untranslated and translated ({@link bamboo.corpus.fuzz.Differential}), shrunk when they diverge
 * ({@link bamboo.corpus.fuzz.Shrinker}) and written out as test-corpus cases
 * ({@link bamboo.corpus.fuzz.CorpusCaseWriter}). {@link bamboo.corpus.fuzz.Campaign} runs many; it knows
 * nothing about the command line.
 */
package bamboo.corpus.fuzz;
