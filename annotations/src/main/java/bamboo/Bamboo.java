package bamboo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a program class for Bamboo. Its {@code public static void main(String[])} is the SPMD rank body,
 * bracketed by {@code MPI.Init(args)} and {@code MPI.Finalize()}. Inside it, labelled statements mark the
 * regions to overlap: {@code olap*}, {@code send}, {@code receive} and {@code compute}.
 *
 * <p>Untranslated, the annotation changes nothing: the program runs on the mpi-shim as written. The
 * translator outlines annotated programs into task classes for the task-graph runtime.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Bamboo {
}
