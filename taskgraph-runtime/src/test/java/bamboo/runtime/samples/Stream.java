package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/** Task 0 streams {@code batches × perBatch} messages of {@code bytes} bytes to task 1, which acknowledges
 *  each batch; the sender waits for the acknowledgement before the next batch (bounded memory). */
public final class Stream extends Task {
    static final int DATA = 1;
    static final int ACK = 2;

    private final int batches;
    private final int perBatch;
    private final byte[] buf;
    private final byte[] ack = new byte[1];
    private int batch;
    private int got;
    private boolean sent;

    public Stream(int batches, int perBatch, int bytes) {
        this.batches = batches;
        this.perBatch = perBatch;
        this.buf = new byte[bytes];
    }

    public static Graph.Builder graph(int batches, int perBatch, int bytes) {
        return Graph.builder(2, id -> new Stream(batches, perBatch, bytes));
    }

    @Override
    protected Outcome execute() {
        while (batch < batches) {
            if (id() == 0) {
                if (!sent) {
                    for (int i = 0; i < perBatch; i++) {
                        send(1, DATA, buf, 0, buf.length);
                    }
                    sent = true;
                }
                if (!ready()) {
                    return Outcome.WAITING;
                }
                receive(1, ACK, ack, 0, 1);
                sent = false;
            } else {
                while (got < perBatch) {
                    if (!ready()) {
                        return Outcome.WAITING;
                    }
                    receive(0, DATA, buf, 0, buf.length);
                    got++;
                }
                got = 0;
                send(0, ACK, ack, 0, 1);
            }
            batch++;
        }
        return Outcome.FINISHED;
    }

    @Override
    protected boolean ready() {
        return id() == 0 ? arrived(1, ACK) : arrived(0, DATA);
    }
}
