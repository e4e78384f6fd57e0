package org.qmpi4j.report.trace;

/**
 * One MPI call read from a trace shard ({@link TraceFormat}'s {@code E} line). Times are on the
 * rank's own clock; fields the call does not have are {@link TraceFormat#NONE}. The parser reuses
 * one instance per shard: copy what must outlive the callback.
 */
public final class ShardEvent {
    String function = "";
    long tid;
    long start;
    long duration;
    long peer;
    long tag;
    long bytes;
    long sendSeq;
    long recvPeer;
    long recvTag;
    long recvSeq;
    boolean posted;

    /** Makes this a copy of {@code e}. */
    void copyFrom(ShardEvent e) {
        function = e.function;
        tid = e.tid;
        start = e.start;
        duration = e.duration;
        peer = e.peer;
        tag = e.tag;
        bytes = e.bytes;
        sendSeq = e.sendSeq;
        recvPeer = e.recvPeer;
        recvTag = e.recvTag;
        recvSeq = e.recvSeq;
        posted = e.posted;
    }

    /** The MPI function, e.g. {@code MPI_SEND}. */
    public String function() {
        return function;
    }

    public long tid() {
        return tid;
    }

    /** Start on the rank's own clock, in nanoseconds. */
    public long start() {
        return start;
    }

    public long duration() {
        return duration;
    }

    public long end() {
        return start + duration;
    }

    /** The peer as a {@code COMM_WORLD} rank, a wildcard, or {@link TraceFormat#NONE}. */
    public long peer() {
        return peer;
    }

    public long tag() {
        return tag;
    }

    public long bytes() {
        return bytes;
    }

    /** The id of the message this call sends, if its arrow can be drawn; else {@code null}. */
    public String sentMessage(long rank) {
        return sendSeq != TraceFormat.NONE && peer != TraceFormat.NONE && tag != TraceFormat.NONE
                ? TraceFormat.flowId(rank, peer, tag, sendSeq)
                : null;
    }

    /** The id of the message this call receives, if its arrow can be drawn; else {@code null}. */
    public String receivedMessage(long rank) {
        return recvSeq != TraceFormat.NONE && recvPeer != TraceFormat.NONE && recvTag != TraceFormat.NONE
                ? TraceFormat.flowId(recvPeer, rank, recvTag, recvSeq)
                : null;
    }

    /**
     * Whether the message of {@link #receivedMessage} was only posted by this call (a nonblocking
     * receive in a version-3 shard): its arrow ends at the call that completed it, named by a
     * {@code W} line, if there is one.
     */
    public boolean postsReceive() {
        return posted && recvSeq != TraceFormat.NONE;
    }

    /** The sender of the message this call receives ({@link TraceFormat#NONE}: no arrow). */
    public long receivedFrom() {
        return recvSeq == TraceFormat.NONE ? TraceFormat.NONE : recvPeer;
    }
}
