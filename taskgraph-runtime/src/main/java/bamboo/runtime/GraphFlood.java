package bamboo.runtime;

/**
 * Flow control's last resort: a send would have put more bytes of unreceived messages in one task's
 * inbox than the inbox limit allows. Sends never block (the receiver may need the sender's worker to
 * run), and holding a sender at its evaluation points did not keep the inbox down (the messages came
 * within one execution, from another process, or the receiver takes them in another order), so the run
 * ends instead of exhausting memory. Names both tasks, the limit and how to raise it.
 */
public final class GraphFlood extends GraphFailure {
    private static final long serialVersionUID = 1L;
    private final int receiver;
    private final long limit;

    GraphFlood(int sender, int receiver, int tag, int bytes, long held, long limit) {
        super(sender, "flow control: task " + sender + " sent task " + receiver + " a message (tag " + tag + ", "
                + bytes + " bytes) while task " + receiver + " held " + held + " bytes of messages it has not "
                + "received; the inbox limit is " + limit + " bytes (Graph.Builder.inboxLimit, --inbox-limit): "
                + "raise it, or receive sooner", null);
        this.receiver = receiver;
        this.limit = limit;
    }

    /** The task whose inbox is full. */
    public int receiver() {
        return receiver;
    }

    /** The inbox limit in bytes. */
    public long limit() {
        return limit;
    }
}
