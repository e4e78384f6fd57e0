package org.qmpi4j.report.waits;

import java.util.HashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Pattern;

/**
 * Pairs the two ends of each message, and their completions, by the message's id, and finds the
 * late sender (a receive that completed before the send was posted) and the late receiver (a send
 * that could not complete before the receive was posted). A message is held until both patterns
 * are settled.
 */
final class PointToPointMatching {
    private final Map<String, Message> messages = new HashMap<>();
    private final WaitSink sink;

    PointToPointMatching(WaitSink sink) {
        this.sink = sink;
    }

    /** {@code c} posts the send of message {@code id}, completed in the call or not. */
    void send(String id, CallSegment c, @Nullable CriticalPathNode node, WaitEvent.Completion completion) {
        Message m = message(id);
        m.send = c;
        m.sendNode = CriticalPathNode.hold(m.sendNode, node);
        if (completion == WaitEvent.Completion.HERE) {
            m.sendDone = c;
        } else if (completion == WaitEvent.Completion.UNKNOWN) {
            m.lateReceiverDone = true;
        }
        settle(id, m);
    }

    /** {@code c} posts the receive of message {@code id}, completed in the call or not. */
    void receive(String id, CallSegment c, @Nullable CriticalPathNode node, WaitEvent.Completion completion) {
        Message m = message(id);
        m.recvPost = c;
        m.recvNode = CriticalPathNode.hold(m.recvNode, node);
        if (completion == WaitEvent.Completion.HERE) {
            m.recvDone = c;
        } else if (completion == WaitEvent.Completion.UNKNOWN) {
            m.lateSenderDone = true;
        }
        settle(id, m);
    }

    /** {@code c} completed the send of message {@code id}, posted earlier. */
    void sendCompleted(String id, CallSegment c) {
        Message m = message(id);
        m.sendDone = c;
        settle(id, m);
    }

    /** {@code c} completed the receive of message {@code id}, posted earlier. */
    void receiveCompleted(String id, CallSegment c) {
        Message m = message(id);
        m.recvDone = c;
        if (m.recvPost == null) {
            // A wildcard receive: when it was posted is not known, so neither is a late receiver.
            m.lateReceiverDone = true;
        }
        settle(id, m);
    }

    /** Messages with an end or a completion not seen yet. */
    int open() {
        return messages.size();
    }

    private void settle(String id, Message m) {
        if (!m.lateSenderDone && m.send != null && m.recvDone != null) {
            m.lateSenderDone = true;
            CallSegment r = m.recvDone;
            if (m.send.start > r.start) {
                sink.offer(r, Pattern.LATE_SENDER, Math.min(m.send.start, r.end) - r.start, m.send, m.sendNode);
            }
        }
        if (!m.lateReceiverDone && m.sendDone != null && m.recvPost != null) {
            m.lateReceiverDone = true;
            CallSegment sd = m.sendDone;
            // A send still in its call when the receive was posted waited for it. On clocks aligned
            // by measurement (ranks on other nodes) a send that must wait for its receive (a
            // synchronous one) can seem to end up to the two bounds before the receive was posted.
            long clocks = sd.ownBound + m.recvPost.ownBound;
            if (m.recvPost.start > sd.start && sd.end + clocks > m.recvPost.start) {
                sink.offer(
                        sd,
                        Pattern.LATE_RECEIVER,
                        Math.min(m.recvPost.start, sd.end) - sd.start,
                        m.recvPost,
                        m.recvNode);
            }
        }
        if (m.lateSenderDone && m.lateReceiverDone) {
            CriticalPathNode.hold(m.sendNode, null);
            CriticalPathNode.hold(m.recvNode, null);
            messages.remove(id);
        }
    }

    private Message message(String id) {
        Message m = messages.get(id);
        if (m == null) {
            m = new Message();
            messages.put(id, m);
        }
        return m;
    }

    /** The calls of one message seen so far. */
    private static final class Message {
        @Nullable
        CallSegment send;

        @Nullable
        CallSegment sendDone;

        @Nullable
        CallSegment recvPost;

        @Nullable
        CallSegment recvDone;

        @Nullable
        CriticalPathNode sendNode;

        @Nullable
        CriticalPathNode recvNode;

        boolean lateSenderDone;
        boolean lateReceiverDone;
    }
}
