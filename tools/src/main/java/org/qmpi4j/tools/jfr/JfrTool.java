package org.qmpi4j.tools.jfr;

import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.internal.log.Log;

/**
 * The bundled {@code jfr}: JDK Flight Recorder events for MPI, beside the JVM's own (GC pauses,
 * safepoints, allocation, thread states) in the same recording: {@code qmpi4j.MpiCall} per call
 * (function, call site, communicator size, peer as world rank, tag, bytes, duration),
 * {@code qmpi4j.Pcontrol} per level change and {@code qmpi4j.ToolFault} per fault of any tool.
 * Writes no file of its own: the recording does ({@code -XX:StartFlightRecording=filename=...}),
 * under a name that starts with the rank ({@link RecordingNames}).
 * Costs nothing measurable while no recording runs.
 */
public final class JfrTool implements ToolProvider {
    @Override
    public String name() {
        return "jfr";
    }

    @Override
    public String description() {
        return "JDK Flight Recorder events per MPI call, Pcontrol change and tool fault (record with"
                + " -XX:StartFlightRecording, open in JDK Mission Control)";
    }

    @Override
    public void initialize(int toolId) {
        if (!flightRecorderPresent()) {
            Log.tool("jfr").once("no-jdk.jfr", "this runtime has no module jdk.jfr; no events are recorded");
            return;
        }
        new JfrRecorder(toolId).register();
        // Tool faults are listened for (through MPI_T, which then registers its variables) once
        // JFR is up: at once under -XX:StartFlightRecording, later if a recording starts later.
        jdk.jfr.FlightRecorder.addListener(new ListenWhenRecording(toolId));
    }

    /** A {@code jlink}ed runtime may leave the module out: then the event classes cannot load. */
    private static boolean flightRecorderPresent() {
        try {
            Class.forName("jdk.jfr.Event", false, JfrTool.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Starts listening for tool faults when Flight Recorder is initialised (at once if it is). */
    private static final class ListenWhenRecording implements jdk.jfr.FlightRecorderListener {
        private final int toolId;
        private boolean listening; // guarded by this

        ListenWhenRecording(int toolId) {
            this.toolId = toolId;
        }

        @Override
        public synchronized void recorderInitialized(jdk.jfr.FlightRecorder recorder) {
            if (!listening) {
                listening = true;
                ToolFaultEvents.listen(toolId);
            }
        }

        @Override
        public void recordingStateChanged(jdk.jfr.Recording recording) {
            if (recording.getState() == jdk.jfr.RecordingState.RUNNING) {
                RecordingNames.started(recording);
            }
        }
    }
}
