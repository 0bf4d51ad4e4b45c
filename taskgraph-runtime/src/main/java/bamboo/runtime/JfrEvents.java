package bamboo.runtime;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR events of the runtime, shown by JDK Mission Control under "Bamboo". An event object is created only
 * while a recording has its type enabled (JFR enables custom events in every recording unless its settings
 * disable them): a run without JFR allocates nothing for them, and neither does one whose flight recorder
 * was initialised by a recording that has ended, or whose recordings disable the Bamboo events. The event types are looked up once the recorder is initialised, never before, so merely
 * loading the runtime does not start JFR.
 */
final class JfrEvents {
    private static volatile EventType taskType;
    private static volatile EventType sendType;
    private static volatile EventType arrivalType;

    private JfrEvents() {
    }

    static boolean active() {
        return FlightRecorder.isInitialized();
    }

    /** A new task-execution event if a recording wants it, else null (nothing allocated). */
    static TaskExecution taskExecution() {
        if (!active()) {
            return null;
        }
        EventType t = taskType;
        if (t == null) {
            taskType = t = EventType.getEventType(TaskExecution.class);
        }
        return t.isEnabled() ? new TaskExecution() : null;
    }

    private static boolean sendEnabled() {
        EventType t = sendType;
        if (t == null) {
            sendType = t = EventType.getEventType(MessageSend.class);
        }
        return t.isEnabled();
    }

    private static boolean arrivalEnabled() {
        EventType t = arrivalType;
        if (t == null) {
            arrivalType = t = EventType.getEventType(MessageArrival.class);
        }
        return t.isEnabled();
    }

    @Name("bamboo.TaskExecution")
    @Label("Task Execution")
    @Category({"Bamboo", "Runtime"})
    @Description("A task running from one evaluation point to the next")
    @StackTrace(false)
    static final class TaskExecution extends Event {
        @Label("Task")
        int task;
        @Label("Outcome")
        String outcome;
        @Label("Worker")
        String worker;
    }

    @Name("bamboo.MessageSend")
    @Label("Message Send")
    @Category({"Bamboo", "Messages"})
    @StackTrace(false)
    static final class MessageSend extends Event {
        @Label("Source")
        int source;
        @Label("Destination")
        int destination;
        @Label("Tag")
        int tag;
        @Label("Bytes")
        int bytes;
    }

    @Name("bamboo.MessageArrival")
    @Label("Message Arrival")
    @Category({"Bamboo", "Messages"})
    @Description("A message delivered to its destination task (into its inbox)")
    @StackTrace(false)
    static final class MessageArrival extends Event {
        @Label("Source")
        int source;
        @Label("Destination")
        int destination;
        @Label("Tag")
        int tag;
        @Label("Bytes")
        int bytes;
    }

    /** Call only when {@link #active()}. */
    static void send(Message m) {
        if (!sendEnabled()) {
            return;
        }
        MessageSend e = new MessageSend();
        if (e.shouldCommit()) {
            e.source = m.source;
            e.destination = m.dest;
            e.tag = m.tag;
            e.bytes = m.byteLength;
            e.commit();
        }
    }

    /** Call only when {@link #active()}. */
    static void arrival(Message m) {
        if (!arrivalEnabled()) {
            return;
        }
        MessageArrival e = new MessageArrival();
        if (e.shouldCommit()) {
            e.source = m.source;
            e.destination = m.dest;
            e.tag = m.tag;
            e.bytes = m.byteLength;
            e.commit();
        }
    }
}
