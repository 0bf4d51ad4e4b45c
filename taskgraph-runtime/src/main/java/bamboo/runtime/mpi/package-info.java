/**
 * What translated programs run on besides {@link bamboo.runtime.Task}: {@link bamboo.runtime.mpi.MpiTask},
 * the base class of every generated task, gives the MPI semantics the translator does not write out
 * (statuses, probes, requests deferred until a wait, persistent requests, attached buffers), and
 * {@link bamboo.runtime.mpi.TaskRequest} is the {@code mpi.Request} a translated call hands out.
 */
package bamboo.runtime.mpi;
