package org.qmpi4j.tools.jfr;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventCallback;
import org.qmpi4j.api.mpit.EventElement;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * Turns the agent's MPI_T event {@code qmpi4j_tool_fault} (tool name, where) into a
 * {@link ToolFaultEvent}. The agent raises it for every tool of the process, counted and
 * reported on stderr whether or not this listens; this only adds a listener, so the agent needs no knowledge of JFR.
 * The event needs no MPI function to be watched: registering costs nothing on the call path. A
 * fault in the initialiser of a tool listed before {@code jfr} happens before this listens.
 */
final class ToolFaultEvents {
    static final String MPIT_EVENT = "qmpi4j_tool_fault";

    private ToolFaultEvents() {}

    /** Registers the listener; without MPI_T (or the event) says so once and does without. */
    static void listen(int toolId) {
        try {
            MpiT mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.MULTIPLE);
            int index = mpit.eventGetIndex(MPIT_EVENT);
            List<EventElement> elements = mpit.eventGetInfo(index).elements();
            int tool = indexOf(elements, "tool");
            int where = indexOf(elements, "where");
            int toolLength = elements.get(tool).length();
            int whereLength = elements.get(where).length();
            mpit.eventRegisterCallback(
                    mpit.eventHandleAlloc(index, null, null),
                    CallbackSafety.THREAD_SAFE,
                    null,
                    new Recorder(mpit, tool, where, toolLength, whereLength));
        } catch (RuntimeException e) {
            Log.tool("jfr").once("no-faults", "tool faults will not be recorded (" + e + ")");
        }
    }

    /** Turns each MPI_T fault event into a JFR event; a named class, not a lambda linked at start. */
    private static final class Recorder implements EventCallback {
        private final MpiT mpit;
        private final int tool;
        private final int where;
        private final int toolLength;
        private final int whereLength;

        Recorder(MpiT mpit, int tool, int where, int toolLength, int whereLength) {
            this.mpit = mpit;
            this.tool = tool;
            this.where = where;
            this.toolLength = toolLength;
            this.whereLength = whereLength;
        }

        @Override
        public void onEvent(EventInstance instance, EventRegistration registration, CallbackSafety safety) {
            ToolFaultEvent event = new ToolFaultEvent();
            if (event.shouldCommit()) {
                event.tool = read(mpit, instance, tool, new byte[toolLength]);
                event.where = read(mpit, instance, where, new byte[whereLength]);
                event.commit();
            }
        }
    }

    private static int indexOf(List<EventElement> elements, String name) {
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException(MPIT_EVENT + " has no element " + name);
    }

    /** A CHAR element: a NUL-terminated UTF-8 string. */
    private static String read(MpiT mpit, EventInstance instance, int element, byte[] buffer) {
        mpit.eventRead(instance, element, buffer);
        int end = 0;
        while (end < buffer.length && buffer[end] != 0) {
            end++;
        }
        return new String(buffer, 0, end, StandardCharsets.UTF_8);
    }
}
