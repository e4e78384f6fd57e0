package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;

/**
 * Explains a deadlock from every rank's blocked call: who waits for whom (a receive for its
 * source, a send for its destination, a wait for the peers of its requests, a collective for the
 * members of its communicator that are not in it), the cycle of that wait-for graph when there is
 * one, and for collectives the ranks that never entered. The watch decides that the job is
 * deadlocked (every rank blocked, nothing completing); this class only says why, as one finding.
 */
final class WaitForGraph {
    private WaitForGraph() {}

    static Finding explain(BlockedCall[] ranks, double seconds) {
        return explain(ranks, seconds, true);
    }

    /**
     * The finding for the ranks of {@code ranks} that are not {@code null}: {@code every} when
     * every rank of the job is blocked, otherwise only those, which wait on one another.
     */
    static Finding explain(BlockedCall[] ranks, double seconds, boolean every) {
        int n = ranks.length;
        List<TreeSet<Integer>> edges = new ArrayList<>(n);
        List<FindingSite> sites = new ArrayList<>(n);
        StringBuilder who = new StringBuilder();
        StringBuilder missing = new StringBuilder();
        for (int r = 0; r < n; r++) {
            TreeSet<Integer> out = new TreeSet<>();
            edges.add(out);
            BlockedCall s = ranks[r];
            BlockedCall.Call c = s == null ? null : s.call;
            if (c == null) {
                continue;
            }
            sites.add(new FindingSite(r, c.function, c.className, c.method, c.file, c.line));
            if (who.length() > 0) {
                who.append("; ");
            }
            who.append("rank ").append(r).append(" in ").append(c.function);
            if (isCollective(c.function) || "MPI_FINALIZE".equals(c.function)) {
                List<Integer> absent = new ArrayList<>();
                int[] members = c.members.length > 0 ? c.members : all(n);
                for (int m : members) {
                    if (m >= 0 && m < n && m != r && !sameCollective(c, ranks[m])) {
                        absent.add(m);
                        out.add(m);
                    }
                }
                // MPI_Finalize has no communicator of its own: it waits for the whole job.
                String on = c.comm.isEmpty() ? "" : " on " + c.comm;
                who.append(on);
                if (!absent.isEmpty()) {
                    who.append(", waiting for rank(s) ").append(absent);
                    if (missing.length() > 0) {
                        missing.append("; ");
                    }
                    missing.append(c.function)
                            .append(on)
                            .append(" at rank ")
                            .append(r)
                            .append(" is missing rank(s) ")
                            .append(absent);
                }
            } else {
                edgesOf(c, r, n, out);
                describe(who, c);
                for (BlockedCall.Call w : s.waits) {
                    edgesOf(w, r, n, out);
                    who.append(" [request of ").append(w.function);
                    describe(who, w);
                    who.append(" at ").append(simple(w.className)).append('.').append(w.method);
                    who.append('(').append(w.file == null ? "unknown source" : w.file);
                    who.append(w.line >= 0 ? ":" + w.line : "").append(")]");
                }
            }
            who.append(" at ")
                    .append(simple(c.className))
                    .append('.')
                    .append(c.method)
                    .append('(');
            who.append(c.file == null ? "unknown source" : c.file)
                    .append(c.line >= 0 ? ":" + c.line : "")
                    .append(')');
        }
        List<List<Integer>> cycles = cycles(edges, ranks);
        StringBuilder m = new StringBuilder();
        if (every) {
            m.append("every rank is blocked in MPI and no call completed for ");
        } else {
            List<Integer> blocked = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                if (ranks[r] != null && ranks[r].call != null) {
                    blocked.add(r);
                }
            }
            m.append("ranks ")
                    .append(blocked)
                    .append(" are blocked in MPI waiting only on one another (the other ranks cannot release them)"
                            + " and none of their calls completed for ");
        }
        m.append(String.format(Locale.ROOT, "%.0f", seconds)).append(" s: ").append(who);
        if (!cycles.isEmpty()) {
            m.append(cycles.size() == 1 ? ". Wait-for cycle: " : ". Wait-for cycles: ");
            for (int k = 0; k < cycles.size(); k++) {
                List<Integer> cycle = cycles.get(k);
                m.append(k == 0 ? "" : "; ");
                for (int i = 0; i < cycle.size(); i++) {
                    m.append(i == 0 ? "" : " -> ").append(cycle.get(i));
                }
            }
        }
        if (missing.length() > 0) {
            m.append(". Collectives not reached: ").append(missing);
        }
        m.append(". ").append(advice(ranks, cycles, missing.length() > 0));
        return new Finding("deadlock", Finding.Severity.ERROR, m.toString(), sites, 1);
    }

    /**
     * Advice that fits the cause: a cycle of point-to-point calls is the cause whatever waits
     * behind it (ranks in a collective that wait for the cycle's ranks are released with it); a
     * cycle in which every rank waits to receive needs a different fix from one of sends.
     */
    private static String advice(BlockedCall[] ranks, List<List<Integer>> cycles, boolean collectivesMissing) {
        boolean pointToPoint = false;
        boolean allReceive = true;
        for (List<Integer> cycle : cycles) {
            boolean collective = false;
            for (int r : cycle) {
                BlockedCall.Call c = ranks[r].call;
                collective |= isCollective(c.function) || "MPI_FINALIZE".equals(c.function);
            }
            if (!collective) {
                pointToPoint = true;
                for (int r : cycle) {
                    allReceive &= receives(ranks[r]);
                }
            }
        }
        String behind = collectivesMissing
                ? " The ranks in collectives wait for the ranks of the cycle and are released with them."
                : "";
        if (pointToPoint && allReceive) {
            return "Each rank of the cycle waits to receive before it sends, so none of the messages is ever sent:"
                    + " let one side of each pair send first, post the receives with MPI_Irecv before the sends,"
                    + " or use MPI_Sendrecv." + behind;
        }
        if (pointToPoint) {
            return "Order the calls so that one side of each pair sends first, or use MPI_Sendrecv or nonblocking"
                    + " calls; a standard send may block until its receive is posted." + behind;
        }
        if (collectivesMissing) {
            return "Every rank of a communicator must call the same collectives in the same order.";
        }
        return "Order the calls so that one side of each pair sends first, or use MPI_Sendrecv or nonblocking"
                + " calls; a standard send may block until its receive is posted.";
    }

    /** Whether a rank's blocked call waits only for messages to arrive (a receive, a probe, or a wait on receives). */
    private static boolean receives(BlockedCall s) {
        BlockedCall.Call c = s.call;
        if (c.function.contains("SENDRECV")) {
            return false;
        }
        if (c.function.contains("RECV") || c.function.contains("PROBE")) {
            return true;
        }
        if (s.waits.isEmpty()) {
            return false;
        }
        for (BlockedCall.Call w : s.waits) {
            if (!w.function.contains("RECV")) {
                return false;
            }
        }
        return true;
    }

    private static void describe(StringBuilder who, BlockedCall.Call c) {
        if (c.peer >= 0) {
            who.append(c.function.contains("RECV") || c.function.contains("PROBE") ? " from rank " : " to rank ")
                    .append(c.peer);
        } else if (c.peer == -1) {
            who.append(" from any rank");
        }
        if (c.source >= 0) {
            who.append(" and from rank ").append(c.source);
        }
        if (c.tag != Integer.MIN_VALUE && c.tag >= 0) {
            who.append(" tag ").append(c.tag);
        } else if (c.tag != Integer.MIN_VALUE
                && !c.function.startsWith("MPI_WAIT")
                && !c.function.startsWith("MPI_TEST")) {
            who.append(" any tag");
        }
        if (!c.comm.isEmpty()) {
            who.append(" on ").append(c.comm);
        }
    }

    private static void edgesOf(BlockedCall.Call c, int self, int n, TreeSet<Integer> out) {
        if (c.peer >= 0 && c.peer < n) {
            out.add(c.peer);
        } else if (c.peer == -1) {
            int[] members = c.members.length > 0 ? c.members : all(n);
            for (int m : members) {
                if (m >= 0 && m < n && m != self) {
                    out.add(m);
                }
            }
        }
        if (c.source >= 0 && c.source < n) {
            out.add(c.source);
        }
    }

    static int[] all(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    static boolean isCollective(String function) {
        switch (function) {
            case "MPI_BARRIER":
            case "MPI_BCAST":
            case "MPI_GATHER":
            case "MPI_GATHERV":
            case "MPI_SCATTER":
            case "MPI_SCATTERV":
            case "MPI_ALLGATHER":
            case "MPI_ALLGATHERV":
            case "MPI_ALLTOALL":
            case "MPI_ALLTOALLV":
            case "MPI_ALLTOALLW":
            case "MPI_REDUCE":
            case "MPI_ALLREDUCE":
            case "MPI_REDUCE_SCATTER":
            case "MPI_REDUCE_SCATTER_BLOCK":
            case "MPI_SCAN":
            case "MPI_EXSCAN":
            case "MPI_COMM_DUP":
            case "MPI_COMM_SPLIT":
            case "MPI_COMM_CREATE":
                return true;
            default:
                return false;
        }
    }

    /** Whether rank {@code other} is in the same collective call (same function on the same communicator). */
    static boolean sameCollective(BlockedCall.Call c, BlockedCall other) {
        return other != null
                && other.call != null
                && other.call.function.equals(c.function)
                && other.call.comm.equals(c.comm);
    }

    /**
     * One cycle through each group of blocked ranks that wait on one another (each strongly
     * connected part of the wait-for graph), lowest rank first, as ranks with the first repeated
     * last: two pairs deadlocked independently are two cycles, and both are named.
     */
    private static List<List<Integer>> cycles(List<TreeSet<Integer>> edges, BlockedCall[] ranks) {
        int n = edges.size();
        int[] part = new StronglyConnected(edges, ranks).parts();
        List<List<Integer>> cycles = new ArrayList<>();
        boolean[] named = new boolean[n + 1];
        for (int start = 0; start < n; start++) {
            int p = part[start];
            if (p < 0 || named[p]) {
                continue;
            }
            List<Integer> cycle = cycleWithin(start, p, part, edges);
            if (cycle != null) {
                named[p] = true;
                cycles.add(cycle);
            }
        }
        return cycles;
    }

    /** A shortest way from {@code start} back to itself inside its part (breadth first), or {@code null}. */
    private static List<Integer> cycleWithin(int start, int p, int[] part, List<TreeSet<Integer>> edges) {
        int n = edges.size();
        int[] parent = new int[n];
        java.util.Arrays.fill(parent, -1);
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int w : edges.get(v)) {
                if (w < 0 || w >= n || part[w] != p) {
                    continue;
                }
                if (w == start) {
                    List<Integer> cycle = new ArrayList<>();
                    cycle.add(start);
                    for (int x = v; x != start; x = parent[x]) {
                        cycle.add(1, x);
                    }
                    cycle.add(start);
                    return cycle;
                }
                if (parent[w] < 0) {
                    parent[w] = v;
                    queue.add(w);
                }
            }
        }
        return null;
    }

    /** Tarjan's strongly connected parts of the wait-for graph over the blocked ranks. */
    private static final class StronglyConnected {
        private final List<TreeSet<Integer>> edges;
        private final BlockedCall[] ranks;
        private final int[] index;
        private final int[] low;
        private final boolean[] onStack;
        private final int[] part;
        private final java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
        private int next;
        private int parts;

        StronglyConnected(List<TreeSet<Integer>> edges, BlockedCall[] ranks) {
            this.edges = edges;
            this.ranks = ranks;
            int n = edges.size();
            index = new int[n];
            low = new int[n];
            onStack = new boolean[n];
            part = new int[n];
            java.util.Arrays.fill(index, -1);
            java.util.Arrays.fill(part, -1);
        }

        /** Each blocked rank's part, numbered from 0; -1 for ranks not blocked. */
        int[] parts() {
            for (int v = 0; v < edges.size(); v++) {
                if (index[v] < 0 && blocked(v)) {
                    visit(v);
                }
            }
            return part;
        }

        private boolean blocked(int v) {
            return v >= 0 && v < ranks.length && ranks[v] != null && ranks[v].call != null;
        }

        private void visit(int v) {
            index[v] = next;
            low[v] = next;
            next++;
            stack.push(v);
            onStack[v] = true;
            for (int w : edges.get(v)) {
                if (!blocked(w)) {
                    continue;
                }
                if (index[w] < 0) {
                    visit(w);
                    low[v] = Math.min(low[v], low[w]);
                } else if (onStack[w]) {
                    low[v] = Math.min(low[v], index[w]);
                }
            }
            if (low[v] == index[v]) {
                int w;
                do {
                    w = stack.pop();
                    onStack[w] = false;
                    part[w] = parts;
                } while (w != v);
                parts++;
            }
        }
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
