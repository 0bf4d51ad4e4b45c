/**
 * The pieces of the differential harness that the corpus tests and the fuzzer share: compiling programs
 * with javax.tools, translating them with the translator core, running them untranslated on the
 * mpi-shim's threads device and translated on the task-graph runtime with {@code System.out} captured,
 * and comparing outputs as sorted lines.
 */
package bamboo.corpus.harness;
