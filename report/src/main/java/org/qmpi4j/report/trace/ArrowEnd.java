package org.qmpi4j.report.trace;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Where the arrow of one received message ends, as {@link ArrowEnds} hands it to its sink: message
 * {@code id} (see {@link TraceFormat#flowId(long, long, long, long, String)}) from rank
 * {@code from}, {@code tag}, {@code seq} on the communicator of key {@code comm} ({@code null} for
 * {@code COMM_WORLD}) ends at the call of thread {@code tid} from {@code start} to
 * {@code end} (on the rank's own clock as {@link ArrowEnds} gives it, on the job's common clock as
 * {@link Timeline} gives it, {@link #at}); {@code lastCall}: that call is the one last handed to
 * {@link ArrowEnds.Sink#call}. One immutable value, so that every sink reads the nine facts by
 * name instead of each repeating them as parameters; read by its fields, as a record's.
 */
public final class ArrowEnd {
    public final String id;
    public final long from;
    public final long tag;
    public final long seq;
    public final @Nullable String comm;
    public final long tid;
    public final long start;
    public final long end;
    public final boolean lastCall;

    ArrowEnd(
            String id,
            long from,
            long tag,
            long seq,
            @Nullable String comm,
            long tid,
            long start,
            long end,
            boolean lastCall) {
        this.id = id;
        this.from = from;
        this.tag = tag;
        this.seq = seq;
        this.comm = comm;
        this.tid = tid;
        this.start = start;
        this.end = end;
        this.lastCall = lastCall;
    }

    /** Message {@code id} ends at the receive {@code e}, which posted or completed it. */
    static ArrowEnd at(String id, ShardEvent e, boolean lastCall) {
        return new ArrowEnd(
                id, e.recvPeer(), e.recvTag(), e.recvSeq(), e.communicatorKey(), e.tid(), e.start(), e.end(), lastCall);
    }

    /** The same end, its call from {@code start} to {@code end} on another clock. */
    ArrowEnd at(long start, long end) {
        return new ArrowEnd(id, from, tag, seq, comm, tid, start, end, lastCall);
    }
}
