package org.qmpi4j.tools.check;

import java.util.TreeSet;
import org.qmpi4j.api.Nullable;

/**
 * Which blocked ranks can never be released, when not every rank is blocked. Each blocked call
 * waits on some ranks: all of them (AND: a receive from or a send to a given rank, a send-receive,
 * a wait for all its requests, a collective for the members that have not entered it,
 * {@code MPI_Finalize} for the ranks not in it), or any one of them (OR: a receive from
 * {@code MPI_ANY_SOURCE}, a wait for any of its requests). A rank that is not blocked may yet do
 * anything, so it releases every rank that waits on it; release spreads until nothing changes,
 * and the blocked ranks left are deadlocked. A rank that finished cannot release anyone. A call
 * whose condition is not known here (a wait for requests not followed, a call without peers),
 * and a rank at {@code MPI_THREAD_MULTIPLE}, count as releasable: only when every rank is blocked
 * are they part of a deadlock.
 */
final class WaitConditions {
    private WaitConditions() {}

    /** The ranks that can never be released: {@code blocked} ranks whose conditions no rank can meet. */
    static boolean[] deadlocked(BlockedCall[] states, boolean[] blocked, boolean[] finished) {
        int n = states.length;
        boolean[] free = new boolean[n];
        TreeSet<Integer>[] targets = targetsOf(states, blocked, finished);
        boolean[] any = new boolean[n];
        for (int r = 0; r < n; r++) {
            BlockedCall s = states[r];
            free[r] = !finished[r] && (!blocked[r] || s.multiple || targets[r] == null);
            if (blocked[r] && targets[r] != null) {
                any[r] = waitsOnAny(s);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < n; r++) {
                if (free[r] || !blocked[r] || finished[r]) {
                    continue;
                }
                boolean released = !any[r];
                for (int t : targets[r]) {
                    if (any[r] && free[t]) {
                        released = true;
                        break;
                    }
                    if (!any[r] && !free[t]) {
                        released = false;
                        break;
                    }
                }
                if (released) {
                    free[r] = true;
                    changed = true;
                }
            }
        }
        boolean[] dead = new boolean[n];
        for (int r = 0; r < n; r++) {
            dead[r] = blocked[r] && !free[r] && !finished[r];
        }
        return dead;
    }

    @SuppressWarnings("unchecked")
    private static TreeSet<Integer>[] targetsOf(BlockedCall[] states, boolean[] blocked, boolean[] finished) {
        int n = states.length;
        TreeSet<Integer>[] targets = new TreeSet[n];
        for (int r = 0; r < n; r++) {
            if (blocked[r]) {
                targets[r] = targets(states, r, finished);
            }
        }
        return targets;
    }

    /**
     * The ranks {@code r}'s blocked call waits on, or {@code null} if not known. A rank that
     * finished has been through {@code MPI_Finalize}, whatever the last state it sent.
     */
    private static @Nullable TreeSet<Integer> targets(BlockedCall[] states, int r, boolean[] finished) {
        int n = states.length;
        BlockedCall.Call c = states[r].call;
        if (c == null) {
            return null; // not inside a call: waits on nothing
        }
        TreeSet<Integer> out = new TreeSet<>();
        boolean finalizing = "MPI_FINALIZE".equals(c.function);
        if (WaitForGraph.isCollective(c.function) || finalizing) {
            int[] members = c.members.length > 0 ? c.members : WaitForGraph.all(n);
            for (int m : members) {
                if (m >= 0
                        && m < n
                        && m != r
                        && !(finalizing && finished[m])
                        && !WaitForGraph.sameCollective(c, states[m])) {
                    out.add(m);
                }
            }
        } else if (!states[r].waits.isEmpty()) {
            for (BlockedCall.Call w : states[r].waits) {
                if (!peers(w, r, n, out)) {
                    return null;
                }
            }
        } else if (!peers(c, r, n, out)) {
            return null;
        }
        return out.isEmpty() ? null : out;
    }

    /** Adds the ranks {@code c} waits on; false if it names none. */
    private static boolean peers(BlockedCall.Call c, int self, int n, TreeSet<Integer> out) {
        boolean named = false;
        if (c.peer >= 0 && c.peer < n) {
            out.add(c.peer);
            named = true;
        } else if (c.peer == -1) {
            int[] members = c.members.length > 0 ? c.members : WaitForGraph.all(n);
            for (int m : members) {
                if (m >= 0 && m < n && m != self) {
                    out.add(m);
                }
            }
            named = true;
        }
        if (c.source >= 0 && c.source < n) {
            out.add(c.source);
            named = true;
        } else if (c.source == -1) {
            for (int m = 0; m < n; m++) {
                if (m != self) {
                    out.add(m);
                }
            }
            named = true;
        }
        return named;
    }

    /** OR semantics: a wait for any request, or a wildcard anywhere in what the call waits on. */
    private static boolean waitsOnAny(BlockedCall s) {
        BlockedCall.Call c = s.call;
        if (c == null) {
            return false;
        }
        if (c.function.startsWith("MPI_WAITANY")
                || c.function.startsWith("MPI_WAITSOME")
                || c.function.startsWith("MPI_TESTANY")
                || c.function.startsWith("MPI_TESTSOME")
                || wildcard(c)) {
            return true;
        }
        for (BlockedCall.Call w : s.waits) {
            if (wildcard(w)) {
                return true;
            }
        }
        return false;
    }

    private static boolean wildcard(BlockedCall.Call c) {
        return c.peer == -1 || c.source == -1;
    }
}
