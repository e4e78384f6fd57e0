package org.qmpi4j.report.waits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Pattern;

/**
 * Gathers the members of each collective instance (a communicator and the instance's number on
 * it) and finds its pattern: wait at barrier and wait at N x N (for the member that entered last),
 * late broadcast (for the root, as soon as it is known), early reduce (the root waiting for the
 * last contributor). An instance is held until its last member arrived.
 */
final class CollectiveMatching {
    private final Map<String, Collective> collectives = new HashMap<>();
    private final WaitSink sink;
    private final List<String> problems;
    private int mismatches;

    /** Hands waits to {@code sink}; says in {@code problems} when instances do not line up. */
    CollectiveMatching(WaitSink sink, List<String> problems) {
        this.sink = sink;
        this.problems = problems;
    }

    /** {@code c}, the call of {@code e}, is a member of its collective instance. */
    void arrive(WaitEvent e, CallSegment c, @Nullable CriticalPathNode node) {
        CollectiveKind kind = CollectiveKind.of(e.function);
        if (kind == CollectiveKind.NONE) {
            return;
        }
        String key = e.communicator + "#" + e.instance;
        Collective k = collectives.get(key);
        if (k == null) {
            k = new Collective(kind, Math.max(1, e.members), e.function);
            collectives.put(key, k);
        }
        if (!k.function.equals(e.function)) {
            // Not one collective: the trace's instances do not line up (a reader that cannot tell
            // communicators apart). Say so once, and leave this one out.
            if (mismatches++ == 0) {
                problems.add("collective " + key + ": rank " + e.rank + " called " + e.function + ", another rank "
                        + k.function + "; collectives not matched from there on");
            }
            return;
        }
        boolean rooted = kind == CollectiveKind.ONE_TO_N || kind == CollectiveKind.N_TO_ONE;
        // A member names the root by its world rank; the root itself and, on an intercommunicator,
        // the other members of its group may name none (MPI_ROOT, MPI_PROC_NULL): the root is the
        // member the others name, and a member that names none takes no part in the wait.
        c.partakes = !rooted || e.root >= 0;
        if (k.namedRoot < 0 && e.root >= 0) {
            k.namedRoot = e.root;
        }
        k.calls.add(c);
        k.nodes.add(CriticalPathNode.hold(null, node));
        if (rooted && k.root == null && k.namedRoot >= 0) {
            findRoot(k);
        }
        if (k.calls.size() < k.expected) {
            return;
        }
        collectives.remove(key);
        complete(k);
        for (CriticalPathNode n : k.nodes) {
            CriticalPathNode.hold(n, null);
        }
    }

    /** Collective instances whose members were not all seen. */
    int open() {
        return collectives.size();
    }

    private void findRoot(Collective k) {
        for (int i = 0; i < k.calls.size(); i++) {
            if (k.calls.get(i).rank == k.namedRoot) {
                k.root = k.calls.get(i);
                k.root.root = true;
                k.rootNode = k.nodes.get(i);
            }
        }
        if (k.kind == CollectiveKind.ONE_TO_N && k.root != null) {
            // Those already waiting waited for the root; those yet to come will not.
            CallSegment r = k.root;
            for (CallSegment m : k.calls) {
                if (m != r && m.partakes && m.start < r.start) {
                    sink.offer(m, Pattern.LATE_BROADCAST, Math.min(r.start, m.end) - m.start, r, k.rootNode);
                }
            }
        }
    }

    /** All members are in: the patterns that need the last of them. */
    private void complete(Collective k) {
        if (k.kind == CollectiveKind.BARRIER || k.kind == CollectiveKind.N_TO_N) {
            int last = latest(k.calls, false);
            CallSegment l = k.calls.get(last);
            Pattern p = k.kind == CollectiveKind.BARRIER ? Pattern.WAIT_AT_BARRIER : Pattern.WAIT_AT_NXN;
            for (CallSegment m : k.calls) {
                if (m != l && m.start < l.start) {
                    sink.offer(m, p, Math.min(l.start, m.end) - m.start, l, k.nodes.get(last));
                }
            }
        } else if (k.kind == CollectiveKind.N_TO_ONE) {
            CallSegment root = k.root;
            int last = latest(k.calls, true);
            if (root != null && last >= 0) {
                CallSegment l = k.calls.get(last);
                if (root.start < l.start) {
                    sink.offer(
                            root, Pattern.EARLY_REDUCE, Math.min(l.start, root.end) - root.start, l, k.nodes.get(last));
                }
            }
        }
    }

    /** The member that entered last (among the contributors other than the root, if {@code contributors}). */
    private static int latest(List<CallSegment> calls, boolean contributors) {
        int best = -1;
        for (int i = 0; i < calls.size(); i++) {
            CallSegment m = calls.get(i);
            if (contributors && (m.root || !m.partakes)) {
                continue;
            }
            if (best < 0 || m.start > calls.get(best).start) {
                best = i;
            }
        }
        return best;
    }

    /** The members of one collective instance seen so far. */
    private static final class Collective {
        final CollectiveKind kind;
        final int expected;
        final List<CallSegment> calls = new ArrayList<>();
        final List<CriticalPathNode> nodes = new ArrayList<>();
        final String function;
        /** The root's world rank as a member named it, or -1. */
        long namedRoot = -1;

        @Nullable
        CallSegment root;

        @Nullable
        CriticalPathNode rootNode;

        Collective(CollectiveKind kind, int expected, String function) {
            this.kind = kind;
            this.expected = expected;
            this.function = function;
        }
    }
}
