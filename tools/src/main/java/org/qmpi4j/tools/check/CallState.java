package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * A rank's state as the deadlock watch sees it, read on the watch's thread from the rank's
 * {@link Activity}, its pending requests and its communicators, without calling MPI: the call it
 * is blocked in, with peers and members in {@code COMM_WORLD}, and what a wait waits for.
 */
final class CallState {
    private CallState() {}

    static BlockedCall of(int rank, Activity a, @Nullable Communicators comms, PendingRequests requests) {
        return of(rank, a, comms, requests, null);
    }

    /**
     * As above; {@code messages} also tells, of a receive from a named rank, the wildcard receive
     * before it that took a message of that rank, if any ({@link RacedDeadlock}).
     */
    static BlockedCall of(
            int rank,
            Activity a,
            @Nullable Communicators comms,
            PendingRequests requests,
            @Nullable SignatureFlow messages) {
        BlockedCall s = new BlockedCall();
        s.rank = rank;
        s.progress = a.progress();
        s.inside = a.inside();
        s.multiple = a.isMultiple();
        MessageRaces races = messages == null ? null : messages.races();
        if (races != null) {
            s.clock = races.clock();
            s.unsure = races.unsure();
        }
        Activity.Record c = s.inside ? a.current() : null;
        MpiFunction f = c == null ? null : c.function; // read once: the thread may be rewriting it
        if (c != null && f != null) {
            s.call = describe(c, f, comms);
            if (messages != null && f.kind() == MpiFunction.Kind.POINT_TO_POINT && RacedDeadlock.receives(f)) {
                int from = f == MpiFunction.MPI_SENDRECV || f == MpiFunction.MPI_SENDRECV_REPLACE ? c.source : c.peer;
                s.call.took = took(messages.wildcardThatTook(c.comm, from));
            }
            Object req = c.request;
            if (req instanceof Object[]) {
                for (Object r : (Object[]) req) {
                    pending(s, r, requests);
                }
            } else if (req != null) {
                pending(s, req, requests);
            }
        }
        return s;
    }

    private static @Nullable BlockedCall.Call took(@Nullable MessageRaces.Took t) {
        if (t == null) {
            return null;
        }
        BlockedCall.Call w = new BlockedCall.Call();
        w.function = t.function.name();
        if (t.site != null) {
            w.className = t.site.className();
            w.method = t.site.methodName();
            w.file = t.site.fileName();
            w.line = t.site.line();
        }
        w.tag = t.tagWanted;
        w.clock = t.at;
        return w;
    }

    private static void pending(BlockedCall s, @Nullable Object request, PendingRequests requests) {
        if (request == null) {
            return;
        }
        BlockedCall.Call w = new BlockedCall.Call();
        if (requests.describe(request, w)) {
            s.waits.add(w);
        }
    }

    private static BlockedCall.Call describe(Activity.Record call, MpiFunction f, @Nullable Communicators comms) {
        BlockedCall.Call c = new BlockedCall.Call();
        c.function = f.name();
        if (call.site != null) {
            c.className = call.site.className();
            c.method = call.site.methodName();
            c.file = call.site.fileName();
            c.line = call.site.line();
        }
        Object comm = call.comm;
        Communicators.Info info = comms == null ? null : comms.peek(comm);
        if (f.kind() == MpiFunction.Kind.POINT_TO_POINT) {
            int peer = call.peer;
            c.peer = peer == MpiCall.ABSENT ? -2 : peer < 0 ? -1 : comms == null ? -1 : comms.toWorld(comm, peer);
            c.tag = call.tag;
            int src = call.source;
            if (src != MpiCall.ABSENT) {
                c.source = src < 0 ? -1 : comms == null ? -1 : comms.toWorld(comm, src);
            }
        }
        c.otherWorld = (info != null && info.otherWorld) || joinsWorlds(f);
        if (f.kind() == MpiFunction.Kind.POINT_TO_POINT || f.kind() == MpiFunction.Kind.COLLECTIVE) {
            c.comm = info == null ? "a communicator" : info.name;
            if (info != null && f.kind() == MpiFunction.Kind.COLLECTIVE && !info.inter) {
                c.members = info.worldRanks.clone();
            }
        }
        return c;
    }

    /** Calls that wait for processes of another world to start, accept or connect. */
    private static boolean joinsWorlds(MpiFunction f) {
        switch (f) {
            case MPI_COMM_SPAWN:
            case MPI_COMM_SPAWN_MULTIPLE:
            case MPI_COMM_ACCEPT:
            case MPI_COMM_CONNECT:
            case MPI_COMM_JOIN:
                return true;
            default:
                return false;
        }
    }
}
