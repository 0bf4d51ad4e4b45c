package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.runtime.samples.Ring;
import bamboo.runtime.samples.Stencil1D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Profile counters, the Chrome trace and the JFR events. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProfilerTest {

    /** With the profile-log property set, every run appends its summary to the file; without it nothing. */
    @Test
    void theProfileLogPropertyAppendsEachRunsSummary(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("profile.log");
        String before = System.getProperty(RuntimeConfiguration.PROFILE_LOG_PROP_NAME);
        System.setProperty(RuntimeConfiguration.PROFILE_LOG_PROP_NAME, log.toString());
        try {
            Ring.graph(4, 10, new long[1]).workers(2).build().run();
            Ring.graph(6, 10, new long[1]).nodes(2).build().run();
        } finally {
            if (before == null) {
                System.clearProperty(RuntimeConfiguration.PROFILE_LOG_PROP_NAME);
            } else {
                System.setProperty(RuntimeConfiguration.PROFILE_LOG_PROP_NAME, before);
            }
        }
        String text = Files.readString(log);
        assertTrue(text.startsWith("run: 4 tasks on 1 processes x 2 workers, latency 0 ns"), text);
        assertTrue(text.contains("\nrun: 6 tasks on 2 processes x 1 workers"), text);
        assertEquals(2, text.lines().filter(l -> l.startsWith("run: ")).count(), text);
        Ring.graph(4, 10, new long[1]).build().run();
        assertEquals(text, Files.readString(log), "without the property nothing is appended");
        assertNull(RuntimeConfiguration.profileLog());
    }

    @Test
    void profileCountsExecutionsMessagesAndBytes() {
        Graph.Result r = Ring.graph(4, 100, new long[1]).workers(2).build().run();
        Profile p = r.profile();
        assertEquals(400, p.messages());
        assertEquals(400 * 8, p.bytes());
        assertEquals(2, p.threads().size());
        long received = p.threads().stream().mapToLong(Profile.ThreadProfile::messagesReceived).sum();
        assertEquals(400, received);
        // Every task executes at least once per message it waits for, plus its first run.
        assertTrue(p.executions() >= 400, "executions " + p.executions());
        assertTrue(p.switches() > 0 && p.switches() <= p.executions());
        for (Profile.ThreadProfile t : p.threads()) {
            assertEquals(p.wallNanos(), t.busyNanos() + t.idleNanos(), 1, t.name());
        }
        assertTrue(p.meanMessageLatencyNanos() > 0, "latency sampled");
        assertTrue(p.messageOccupancy() > 0);
        assertTrue(p.summary().contains("400 messages"), p.summary());
    }

    @Test
    void traceIsChromeTraceEventJsonWithSlicesAndFlows(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/trace.json");
        int n = 4;
        int cells = 8;
        Graph.Result r = Stencil1D.graph(n, cells, 5, new double[n * cells]).workers(2).trace(file).build().run();
        String json = Files.readString(file);
        assertTrue(json.startsWith("{\"displayTimeUnit\":\"ns\",\"traceEvents\":["), json.substring(0, 60));
        assertTrue(json.trim().endsWith("]}"));
        assertTrue(json.contains("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"worker 0\"}}"));
        assertTrue(json.contains("\"args\":{\"name\":\"worker 1\"}"));
        int slices = count(json, "\"ph\":\"X\"");
        assertEquals(r.profile().executions(), slices, "one slice per execution");
        // Every message has a start and a finish with the same id: 5 iterations x 6 halos + 4 result blocks.
        int messages = 5 * 2 * (n - 1) + n;
        assertEquals(messages, count(json, "\"ph\":\"s\""));
        assertEquals(messages, count(json, "\"ph\":\"f\""));
        Matcher m = Pattern.compile("\"ph\":\"s\",\"id\":(\\d+)").matcher(json);
        while (m.find()) {
            assertTrue(json.contains("\"ph\":\"f\",\"bp\":\"e\",\"id\":" + m.group(1) + ","), "flow end " + m.group(1));
        }
        // Balanced braces: a cheap well-formedness check of the whole document.
        assertEquals(count(json, "{"), count(json, "}"));
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    @Test
    void jfrRecordsTaskExecutionsAndMessages(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.jfr");
        try (Recording rec = new Recording()) {
            rec.enable("bamboo.TaskExecution");
            rec.enable("bamboo.MessageSend");
            rec.enable("bamboo.MessageArrival");
            rec.start();
            Ring.graph(3, 10, new long[1]).workers(2).build().run();
            rec.stop();
            rec.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        long sends = events.stream().filter(e -> e.getEventType().getName().equals("bamboo.MessageSend")).count();
        long arrivals = events.stream().filter(e -> e.getEventType().getName().equals("bamboo.MessageArrival")).count();
        long execs = events.stream().filter(e -> e.getEventType().getName().equals("bamboo.TaskExecution")).count();
        assertEquals(30, sends);
        assertEquals(30, arrivals);
        assertTrue(execs >= 30, "executions " + execs);
        RecordedEvent send = events.stream().filter(e -> e.getEventType().getName().equals("bamboo.MessageSend"))
                .findFirst().orElseThrow();
        assertEquals(8, send.getInt("bytes"));
    }

    /** An event object is created only while a recording has its type enabled: not after the recording
     *  that initialised the flight recorder has ended, nor while a recording disables the Bamboo events. */
    @Test
    void jfrEventsAreCreatedOnlyWhileARecordingEnablesThem() {
        try (Recording rec = new Recording()) {
            rec.enable("bamboo.TaskExecution");
            rec.start();
            assertNotNull(JfrEvents.taskExecution(), "enabled by a running recording");
            rec.stop();
        }
        assertTrue(JfrEvents.active(), "the recorder stays initialised after the recording");
        assertNull(JfrEvents.taskExecution(), "no recording enables it any more");
        try (Recording other = new Recording()) {
            other.disable("bamboo.TaskExecution"); // custom events are on in any recording unless disabled
            other.enable("jdk.ThreadPark");
            other.start();
            assertNull(JfrEvents.taskExecution(), "a recording with the Bamboo event off");
            other.stop();
        }
    }
}
