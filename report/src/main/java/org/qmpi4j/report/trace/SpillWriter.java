package org.qmpi4j.report.trace;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.report.waits.CollectiveKind;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * One rank's calls as the wait analysis needs them, written to the spill as binary records that
 * {@link SpilledEvents} reads back: a call ({@link #CALL}: enter, exit, error bound, function and
 * site by their numbers in {@link SpillNames}, then each of the sent message, the received
 * message, the JVM's numbers and the collective, flagged present or not), then the messages whose
 * send ({@link #COMPLETED_SEND}) or receive ({@link #COMPLETED_RECEIVE}) it completed. Numbers
 * are written whole (big-endian), strings as their UTF-8 length and bytes: nothing is formatted
 * as text and parsed again, which was a third of the analysis' time at 65,536 ranks.
 */
final class SpillWriter implements Timeline.Visitor {
    static final byte CALL = 1;
    static final byte COMPLETED_SEND = 2;
    static final byte COMPLETED_RECEIVE = 3;

    private static final WaitEvent.Completion[] COMPLETIONS = WaitEvent.Completion.values();

    private final DataOutputStream out;
    private final SpillNames names;
    private final int ranks;
    private final long errorBound;
    /** Requests of nonblocking sends not yet completed, and their messages. */
    private final Map<Long, String> sendRequests = new HashMap<>();

    private boolean open;
    private long start;
    private long end;
    private int function;
    private int site;
    private @Nullable String sent;
    private WaitEvent.Completion sendWhen = WaitEvent.Completion.HERE;
    private @Nullable String received;
    private WaitEvent.Completion receiveWhen = WaitEvent.Completion.HERE;
    private final long[] jvm = new long[TraceFormat.JVM_FIELDS];
    private boolean jvmKnown;
    private @Nullable String communicator;
    private int members;
    private long instance;
    private int root;
    /** The completions of the open call, written after it: their kinds and their messages. */
    private final java.util.List<Byte> completionKinds = new java.util.ArrayList<>();

    private final java.util.List<String> completionIds = new java.util.ArrayList<>();

    private long requestOfCall = TraceFormat.NONE;
    private boolean nonblockingSend;
    private long collectives;

    SpillWriter(DataOutputStream out, SpillNames names, int ranks, long errorBound) {
        this.out = out;
        this.names = names;
        this.ranks = ranks;
        this.errorBound = errorBound;
    }

    static WaitEvent.Completion completion(int code) {
        return COMPLETIONS[code];
    }

    @Override
    public void call(int rank, ShardEvent e, long start, long end) throws IOException {
        flush();
        String f = e.function();
        ShardSite s = e.site();
        this.start = start;
        this.end = end;
        this.function = names.function(f);
        this.site = s == null
                ? names.site(null, null, null, -1)
                : names.site(s.className(), s.method(), s.file(), s.line());
        this.sent = null;
        this.received = e.receivedMessage(rank);
        if (received != null) {
            receiveWhen = e.postsReceive()
                    ? WaitEvent.Completion.LATER
                    : blocking(f) ? WaitEvent.Completion.HERE : WaitEvent.Completion.UNKNOWN;
        }
        jvmKnown = e.hasJvm();
        for (int i = 0; jvmKnown && i < jvm.length; i++) {
            jvm[i] = e.jvm(i);
        }
        communicator = null;
        CollectiveKind kind = CollectiveKind.of(f);
        if (kind != CollectiveKind.NONE) {
            ShardCommunicator c = e.communicator();
            long r = e.root();
            if (r == TraceFormat.NONE && e.collectiveSeq() == TraceFormat.NONE) {
                r = e.peer(); // an older shard names the root as the peer
            }
            boolean rooted = kind == CollectiveKind.ONE_TO_N || kind == CollectiveKind.N_TO_ONE;
            root = rooted && r >= 0 && r < ranks ? (int) r : -1;
            if (c != null && e.collectiveSeq() != TraceFormat.NONE) {
                communicator = c.key();
                members = c.size() + (c.isInter() ? c.remoteGroup().length : 0);
                instance = e.collectiveSeq();
            } else {
                communicator = TraceFormat.WORLD_KEY;
                members = ranks;
                instance = collectives++;
            }
        }
        nonblockingSend = !blocking(f);
        requestOfCall = e.requestId();
        open = true;
    }

    @Override
    public void sent(int rank, ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {
        if (!open) {
            return;
        }
        sent = id;
        if (!nonblockingSend) {
            sendWhen = WaitEvent.Completion.HERE;
        } else if (requestOfCall != TraceFormat.NONE) {
            sendWhen = WaitEvent.Completion.LATER;
            sendRequests.put(requestOfCall, id);
        } else {
            sendWhen = WaitEvent.Completion.UNKNOWN;
        }
    }

    @Override
    public void completed(int rank, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq) {
        if (peer != TraceFormat.NONE && tag != TraceFormat.NONE && seq != TraceFormat.NONE) {
            completionKinds.add(COMPLETED_RECEIVE);
            completionIds.add(TraceFormat.flowId(peer, rank, tag, seq, comm == null ? null : comm.key()));
        } else if (request != TraceFormat.NONE) {
            String id = sendRequests.remove(request);
            if (id != null) {
                completionKinds.add(COMPLETED_SEND);
                completionIds.add(id);
            }
        }
    }

    @Override
    public void endRank(int rank, ShardParser shard) throws IOException {
        flush();
    }

    private void flush() throws IOException {
        if (open) {
            out.writeByte(CALL);
            out.writeLong(start);
            out.writeLong(end);
            out.writeLong(errorBound);
            out.writeInt(function);
            out.writeInt(site);
            optional(sent, sendWhen);
            optional(received, receiveWhen);
            out.writeBoolean(jvmKnown);
            for (int i = 0; jvmKnown && i < jvm.length; i++) {
                out.writeLong(jvm[i]);
            }
            out.writeBoolean(communicator != null);
            if (communicator != null) {
                string(communicator);
                out.writeInt(members);
                out.writeLong(instance);
                out.writeInt(root);
            }
            for (int i = 0; i < completionIds.size(); i++) {
                out.writeByte(completionKinds.get(i));
                string(completionIds.get(i));
            }
        }
        open = false;
        completionKinds.clear();
        completionIds.clear();
    }

    private void optional(@Nullable String message, WaitEvent.Completion when) throws IOException {
        out.writeBoolean(message != null);
        if (message != null) {
            string(message);
            out.writeByte(when.ordinal());
        }
    }

    private void string(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    /** Blocking point-to-point calls (the nonblocking ones start with {@code MPI_I}). */
    private static boolean blocking(String function) {
        return !function.startsWith("MPI_I");
    }
}
