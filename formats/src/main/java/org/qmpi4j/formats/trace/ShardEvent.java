package org.qmpi4j.formats.trace;

import org.qmpi4j.api.Nullable;

/**
 * One MPI call read from a trace shard ({@link TraceFormat}'s {@code E} line). Times are on the
 * rank's own clock; fields the call does not have, and fields a shard of an older version does not
 * write, are {@link TraceFormat#NONE} ({@code null} for objects). The parser reuses one instance per
 * shard: copy what must outlive the callback.
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

    @Nullable
    ShardSite site;

    @Nullable
    ShardCommunicator communicator;

    long root;
    long collectiveSeq;
    long requestId;
    long receivedBytes;
    long level;
    /** What the JVM did before and in the call ({@link TraceFormat#JVM_FIELDS} numbers; all 0: nothing seen). */
    final long[] jvm = new long[TraceFormat.JVM_FIELDS];

    /** Makes this a copy of {@code e} (an instance to reuse, where a reader keeps one call). */
    public void copyFrom(ShardEvent e) {
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
        site = e.site;
        communicator = e.communicator;
        root = e.root;
        collectiveSeq = e.collectiveSeq;
        requestId = e.requestId;
        receivedBytes = e.receivedBytes;
        level = e.level;
        System.arraycopy(e.jvm, 0, jvm, 0, jvm.length);
    }

    /** A copy that outlives the callback. */
    public ShardEvent copy() {
        ShardEvent c = new ShardEvent();
        c.copyFrom(this);
        return c;
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

    /** The peer (or a rooted collective's root) as a {@code COMM_WORLD} rank, a wildcard, or {@link TraceFormat#NONE}. */
    public long peer() {
        return peer;
    }

    public long tag() {
        return tag;
    }

    /** Count times type size of the call's first buffer, or {@link TraceFormat#NONE}. */
    public long bytes() {
        return bytes;
    }

    /** The sequence number of the message this call sends (see {@link TraceFormat}), or {@link TraceFormat#NONE}. */
    public long sendSeq() {
        return sendSeq;
    }

    /** The sequence number of the message this call receives or posts, or {@link TraceFormat#NONE}. */
    public long recvSeq() {
        return recvSeq;
    }

    /**
     * The sender of the message this call receives or posts as the record says it, whether or not
     * a message was matched ({@link #receivedFrom} says that).
     */
    public long recvPeer() {
        return recvPeer;
    }

    /** The tag of the message this call receives or posts, or {@link TraceFormat#NONE}. */
    public long recvTag() {
        return recvTag;
    }

    /** Where in the application the call was written (version 4), or {@code null}. */
    public @Nullable ShardSite site() {
        return site;
    }

    /**
     * The communicator the call operates on (version 4), or {@code null} (none, or an older
     * shard: there messages are on {@code COMM_WORLD}).
     */
    public @Nullable ShardCommunicator communicator() {
        return communicator;
    }

    /** The key of the call's communicator, {@code null} if the shard names none. */
    public @Nullable String communicatorKey() {
        return communicator == null ? null : communicator.key();
    }

    /** A rooted collective's root as a {@code COMM_WORLD} rank (version 4), or {@link TraceFormat#NONE}. */
    public long root() {
        return root;
    }

    /**
     * For a collective, how many collectives this rank called before it on the same communicator
     * (version 4): the calls of equal communicator key and number on the member ranks are one
     * instance of the collective. {@link TraceFormat#NONE} for other calls.
     */
    public long collectiveSeq() {
        return collectiveSeq;
    }

    /** The id of the request this call created (version 4; per rank, from 0), or {@link TraceFormat#NONE}. */
    public long requestId() {
        return requestId;
    }

    /** Count times type size of the call's receive buffer (version 4; see {@link TraceFormat}), or {@link TraceFormat#NONE}. */
    public long receivedBytes() {
        return receivedBytes;
    }

    /** {@code MPI_PCONTROL}'s level (version 4), or {@link TraceFormat#NONE}. */
    public long pcontrolLevel() {
        return level;
    }

    /** The id of the message this call sends, if its arrow can be drawn; else {@code null}. */
    public @Nullable String sentMessage(long rank) {
        return sendSeq != TraceFormat.NONE && peer != TraceFormat.NONE && tag != TraceFormat.NONE
                ? TraceFormat.flowId(rank, peer, tag, sendSeq, communicatorKey())
                : null;
    }

    /** The id of the message this call receives, if its arrow can be drawn; else {@code null}. */
    public @Nullable String receivedMessage(long rank) {
        return recvSeq != TraceFormat.NONE && recvPeer != TraceFormat.NONE && recvTag != TraceFormat.NONE
                ? TraceFormat.flowId(recvPeer, rank, recvTag, recvSeq, communicatorKey())
                : null;
    }

    /**
     * Whether the message of {@link #receivedMessage} was only posted by this call (a nonblocking
     * receive in a version-3 or later shard): its arrow ends at the call that completed it, named
     * by a {@code W} line, if there is one.
     */
    public boolean postsReceive() {
        return posted && recvSeq != TraceFormat.NONE;
    }

    /** The sender of the message this call receives ({@link TraceFormat#NONE}: no arrow). */
    public long receivedFrom() {
        return recvSeq == TraceFormat.NONE ? TraceFormat.NONE : recvPeer;
    }

    /**
     * Number {@code field} of what the JVM did around this call, as {@link TraceFormat#JVM_FIELDS}
     * lists them (0 when nothing was seen, and in shards before version 6).
     */
    public long jvm(int field) {
        return jvm[field];
    }

    /** Whether the JVM did anything the tracer saw before or in this call. */
    public boolean hasJvm() {
        for (long v : jvm) {
            if (v != 0) {
                return true;
            }
        }
        return false;
    }
}
