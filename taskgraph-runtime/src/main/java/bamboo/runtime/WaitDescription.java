package bamboo.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * What a waiting task waits for, filled by {@link Task#waitingFor(WaitDescription)} for the deadlock
 * report: the (source, tag) messages its firing rule still needs, and optionally a note in words.
 */
public final class WaitDescription {
    private final List<MessageKey> messages = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    WaitDescription() {
    }

    /** The task waits for a message from {@code source} with {@code tag}. */
    public WaitDescription message(int source, int tag) {
        MessageKey k = new MessageKey(source, tag);
        if (!messages.contains(k)) {
            messages.add(k);
        }
        return this;
    }

    /** A free-form remark, e.g. "region at Jacobi.java:42". */
    public WaitDescription note(String text) {
        notes.add(text);
        return this;
    }

    List<MessageKey> messages() {
        return messages;
    }

    List<String> notes() {
        return notes;
    }
}
