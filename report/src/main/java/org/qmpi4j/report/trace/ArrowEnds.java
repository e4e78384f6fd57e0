package org.qmpi4j.report.trace;

import java.io.IOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.TraceFormat;

/**
 * Where the message arrows of one rank's shard leave and end: an arrow leaves the call that sent
 * the message and ends at the call that received it, which for a nonblocking receive is the call
 * that completed it (a {@code W} line of a version-3 or later shard), not the {@code MPI_IRECV} that posted
 * it. A wildcard receive's posting names no message (its envelope is known only once it completed):
 * its W line alone names it. A posted receive is held until its completion is read; one whose completion the shard does
 * not name ends, when the shard ends ({@link #finish}), at the posting call, as older shards have
 * it. Memory: the receives posted and not yet completed, at most {@link #MAX_POSTED} (past that a
 * posted receive's arrow ends at the posting call at once).
 */
public final class ArrowEnds implements ShardParser.Listener {
    /** Most posted receives held while their completion is awaited. */
    static final int MAX_POSTED = 1 << 16;

    /** What the shard's calls and arrow ends are, in file order. */
    public interface Sink {
        /** One call; {@code e} is reused for the next one. */
        void call(ShardEvent e) throws IOException;

        /**
         * The arrow of message {@code id} ({@code rank} to {@code to}, {@code tag}, {@code seq} on
         * the communicator of key {@code comm}, {@code null} for {@code COMM_WORLD}; see
         * {@link TraceFormat#flowId(long, long, long, long, String)}) leaves call {@code e}.
         */
        void sent(ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) throws IOException;

        /** The arrow of a message received by this rank ends as {@code end} says. */
        void received(ArrowEnd end) throws IOException;

        /** The rank stopped recording at the size limit, at {@code localTime}. */
        default void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {}

        /** A sampled performance variable (see {@link ShardParser.Listener#pvar}). */
        default void pvarDefined(int id, String name, boolean integer) throws IOException {}

        /** A sample of a performance variable (see {@link ShardParser.Listener#pvarSample}). */
        default void pvarSampled(int id, long localTime, double value) throws IOException {}
    }

    private final int rank;
    private final Sink sink;
    /** Receives posted and not yet seen completed, by message id: where each ends if never completed. */
    private final Map<String, ArrowEnd> posted = new LinkedHashMap<>();
    /** Receives posted past {@link #MAX_POSTED}, whose arrows ended at once; empty but in extreme jobs. */
    private final Set<String> endedAtPosting = new HashSet<>();

    public ArrowEnds(int rank, Sink sink) {
        this.rank = rank;
        this.sink = sink;
    }

    @Override
    public void event(ShardEvent e) throws IOException {
        sink.call(e);
        String sent = e.sentMessage(rank);
        if (sent != null) {
            sink.sent(e, sent, e.peer(), e.tag(), e.sendSeq(), e.communicatorKey());
        }
        String received = e.receivedMessage(rank);
        if (received != null) {
            if (e.postsReceive() && posted.size() < MAX_POSTED) {
                posted.put(received, ArrowEnd.at(received, e, false));
            } else {
                if (e.postsReceive()) {
                    endedAtPosting.add(received);
                }
                sink.received(ArrowEnd.at(received, e, true));
            }
        }
    }

    @Override
    public void completed(
            ShardEvent call, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq)
            throws IOException {
        if (peer == TraceFormat.NONE || tag == TraceFormat.NONE || seq == TraceFormat.NONE) {
            return; // a send, or a receive whose message is not known
        }
        // A receive held since its posting ends here, and so does a wildcard receive, whose posting
        // named no message; one posted past MAX_POSTED has already ended at its posting.
        String key = comm == null ? null : comm.key();
        String id = TraceFormat.flowId(peer, rank, tag, seq, key);
        if (posted.remove(id) != null || endedAtPosting.isEmpty() || !endedAtPosting.remove(id)) {
            sink.received(new ArrowEnd(id, peer, tag, seq, key, call.tid(), call.start(), call.end(), true));
        }
    }

    @Override
    public void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {
        sink.limit(limitBytes, eventsWritten, localTime);
    }

    @Override
    public void pvar(int id, String name, boolean integer) throws IOException {
        sink.pvarDefined(id, name, integer);
    }

    @Override
    public void pvarSample(int id, long localTime, double value) throws IOException {
        sink.pvarSampled(id, localTime, value);
    }

    /** The shard ended: receives posted and never completed end at their posting calls. */
    public void finish() throws IOException {
        Iterator<ArrowEnd> it = posted.values().iterator();
        while (it.hasNext()) {
            ArrowEnd end = it.next();
            it.remove();
            sink.received(end);
        }
    }
}
