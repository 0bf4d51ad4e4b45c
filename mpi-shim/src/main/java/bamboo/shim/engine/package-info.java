/**
 * The threads device's engine: matching (Mailbox, MatchTable), the send, receive and wait paths of a rank
 * (Endpoint and its collaborators SendPath, ReceivePath, WaitPath, Lifecycle, ContextIds, CoreSeat), flow
 * control, the core gate and the deadlock watch.
 *
 * <p>Its API, and the only public types: for the {@code mpi} package, {@link bamboo.shim.engine.Endpoint}
 * (one rank: every call of {@code mpi} goes through it), {@link bamboo.shim.engine.Binding} (the calling
 * thread's rank), {@link bamboo.shim.engine.World}, {@link bamboo.shim.engine.Scope} (a communicator's ranks
 * and contexts), {@link bamboo.shim.engine.Pending} and {@link bamboo.shim.engine.WaitCondition} (what
 * {@code Request} wraps and waits on), {@link bamboo.shim.engine.SendMode}, {@link bamboo.shim.engine.Claimed}
 * (matched probes), {@link bamboo.shim.engine.Background} (nonblocking collectives),
 * {@link bamboo.shim.engine.ContextChannel} (collectives on a communicator), {@link bamboo.shim.engine.Checks},
 * {@link bamboo.shim.engine.ScatterTarget} (derived datatypes), {@link bamboo.shim.engine.DeadlockWatch},
 * {@link bamboo.shim.engine.Network}, {@link bamboo.shim.engine.AbortCalledError} and
 * {@link bamboo.shim.engine.JobAbortedError}. For transports between processes besides:
 * {@link bamboo.shim.engine.Remote}, {@link bamboo.shim.engine.ByteBudget},
 * {@link bamboo.shim.engine.SpinBudget}, {@link bamboo.shim.engine.PayloadPool}; for the task-graph runtime:
 * {@link bamboo.shim.engine.Taken} ({@code Endpoint.take}), {@link bamboo.shim.engine.CoreGate},
 * {@link bamboo.shim.engine.ObjectCodec}. Everything else is package-private.
 */
package bamboo.shim.engine;
