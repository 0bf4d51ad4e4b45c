package mpi;

/** A handle on a non-blocking operation. The threads device's implementation is being written. */
public class Request {
    protected Request() {
    }
}
