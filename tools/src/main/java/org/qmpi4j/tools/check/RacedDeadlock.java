package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;

/**
 * A deadlock that a message race made: rank R's wildcard receive took rank S's message, R then
 * waits in a receive from S that S will not send again, and rank P, blocked, sends R the message
 * the wildcard receive could have taken instead. The race itself is never witnessed by a message
 * (P's message is never received, so its signature is never read), but the deadlock watch sees
 * all three ranks: each rank says, of a receive from a named rank it is blocked in, the wildcard
 * receive before it that took that rank's message ({@link BlockedCall.Call#took}), and rank 0
 * looks for the blocked send, one not caused by the wildcard receive by the clocks
 * ({@link MessageRaces}: the sender's clock, sure, at most the receive's). Reported as {@code message_race} beside the {@code deadlock}, since
 * the order the messages arrived in is what to fix.
 */
final class RacedDeadlock {
    private RacedDeadlock() {}

    /** Whether the deadlock watch asks, of a rank blocked in {@code f}, what a wildcard receive took. */
    static boolean receives(MpiFunction f) {
        return f == MpiFunction.MPI_RECV || f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE;
    }

    /**
     * The races that made the deadlock of {@code deadlocked} (the watch's finding: {@code null} for
     * ranks not in it), the senders read from {@code latest}, every rank's last state: a rank
     * blocked sending to a deadlocked one is not deadlocked itself where the rest of the job could
     * still, as far as the watch can tell, release it.
     */
    static List<Finding> explain(BlockedCall[] deadlocked, BlockedCall[] latest) {
        List<Finding> found = new ArrayList<>(1);
        for (int r = 0; r < deadlocked.length; r++) {
            BlockedCall.Call c = deadlocked[r] == null ? null : deadlocked[r].call;
            BlockedCall.Call took = c == null ? null : c.took;
            if (c == null || took == null) {
                continue;
            }
            int from = c.source >= 0 ? c.source : c.peer;
            for (int p = 0; p < latest.length; p++) {
                BlockedCall sender = p == r || p == from || latest[p] == null || !latest[p].inside ? null : latest[p];
                BlockedCall.Call send = sender == null ? null : sender.call;
                if (sender != null && send != null && notCausedBy(sender, took) && sendsTo(send, r, c.comm, took.tag)) {
                    found.add(finding(r, c, took, from, p, send));
                    break;
                }
            }
        }
        return found;
    }

    /**
     * Whether the message {@code sender} is blocked sending was not caused by the wildcard receive
     * {@code took}: the sender's clock (the send's, or later) is at most the receive's, and sure.
     */
    private static boolean notCausedBy(BlockedCall sender, BlockedCall.Call took) {
        return sender.clock >= 0 && !sender.unsure && took.clock >= 0 && sender.clock <= took.clock;
    }

    /** Whether {@code send} is a send to {@code rank} on {@code comm} that a receive of tag {@code tagWanted} takes. */
    private static boolean sendsTo(BlockedCall.Call send, int rank, String comm, int tagWanted) {
        // a blocking send of any mode, or a send-receive, whose destination is its peer
        return send.function.contains("SEND")
                && send.peer == rank
                && send.comm.equals(comm)
                && (tagWanted == MessageRaces.ANY_TAG || tagWanted == send.tag);
    }

    private static Finding finding(
            int r, BlockedCall.Call receive, BlockedCall.Call w, int from, int p, BlockedCall.Call send) {
        String wildcard =
                w.tag == MessageRaces.ANY_TAG ? "MPI_ANY_SOURCE and MPI_ANY_TAG" : "MPI_ANY_SOURCE (tag " + w.tag + ")";
        String message = "this receive from " + wildcard + " took rank " + from + "'s message, but rank " + p
                + "'s message (tag " + send.tag + ") could have been taken instead, and the job deadlocked on"
                + " that order: the " + receive.function + " from rank " + from
                + (receive.line < 0 ? "" : " (line " + receive.line + ")")
                + " waits for a message rank " + from + " already sent, while rank " + p + "'s " + send.function
                + " waits for a receive this rank never posts. Which message a wildcard receive takes depends on"
                + " timing: receive from the rank you expect, or read the status' source and receive from the"
                + " other rank next";
        List<FindingSite> sites = new ArrayList<>(3);
        sites.add(new FindingSite(r, w.function, w.className, w.method, w.file, w.line));
        sites.add(new FindingSite(p, send.function, send.className, send.method, send.file, send.line));
        sites.add(new FindingSite(r, receive.function, receive.className, receive.method, receive.file, receive.line));
        return new Finding(MessageRaces.RULE, Finding.Severity.ERROR, message, sites, 1);
    }
}
