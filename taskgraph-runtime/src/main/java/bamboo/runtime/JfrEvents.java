package bamboo.runtime;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR events of the runtime, shown by JDK Mission Control under "Bamboo". Created only while the flight
 * recorder is initialised, so a run without JFR allocates nothing for them.
 */
final class JfrEvents {
    private JfrEvents() {
    }

    static boolean active() {
        return FlightRecorder.isInitialized();
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

    static void send(Message m) {
        MessageSend e = new MessageSend();
        if (e.shouldCommit()) {
            e.source = m.source;
            e.destination = m.dest;
            e.tag = m.tag;
            e.bytes = m.byteLength;
            e.commit();
        }
    }

    static void arrival(Message m) {
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
