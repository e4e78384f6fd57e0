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
        List<List<Integer>> cycles = WaitCycles.of(edges, ranks);
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
                collective |= c != null && (isCollective(c.function) || "MPI_FINALIZE".equals(c.function));
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
        if (c == null || c.function.contains("SENDRECV")) {
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
        } else if (c.peer == Communicators.OTHER_WORLD) {
            who.append(c.function.contains("RECV") || c.function.contains("PROBE") ? " from" : " to")
                    .append(" a process of another world");
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

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
