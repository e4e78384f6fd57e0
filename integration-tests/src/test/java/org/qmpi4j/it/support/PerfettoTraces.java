package org.qmpi4j.it.support;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.report.trace.PerfettoTraceReader;

/**
 * A Perfetto protobuf trace ({@code trace.pftrace}) read against Perfetto's published schema by
 * {@link PerfettoTraceReader} (which resolves interned ids and fails on a field the schema does
 * not declare, an id used before its definition, a track's event before its description, or a flow
 * without both ends). Counts the slices per rank and function, as {@link JobResults.Trace} counts
 * trace.json's complete events.
 */
public final class PerfettoTraces {
    /** The trace as read, for what the counts below do not say. */
    public final PerfettoTraceReader reader;
    /** rank -> function -> slices (one per traced call) */
    public final Map<Integer, Map<String, Long>> events;
    /** rank -> name of its process track */
    public final Map<Integer, String> processes;
    /** Arrows leaving and ending at slices or instants. */
    public final long flowStarts;

    public final long flowEnds;

    private PerfettoTraces(PerfettoTraceReader reader) {
        this.reader = reader;
        this.events = reader.callsPerRank();
        this.processes = reader.processes;
        this.flowStarts = reader.flows.values().stream().mapToLong(f -> f[0]).sum();
        this.flowEnds = reader.flows.values().stream().mapToLong(f -> f[1]).sum();
    }

    public static PerfettoTraces read(Path file) throws IOException {
        return new PerfettoTraces(PerfettoTraceReader.read(file));
    }
}
