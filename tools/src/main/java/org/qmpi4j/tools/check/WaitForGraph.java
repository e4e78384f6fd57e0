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
                who.append(" on ").append(c.comm);
                if (!absent.isEmpty()) {
                    who.append(", waiting for rank(s) ").append(absent);
                    if (missing.length() > 0) {
                        missing.append("; ");
                    }
                    missing.append(c.function)
                            .append(" on ")
                            .append(c.comm)
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
        List<Integer> cycle = cycle(edges, ranks);
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
        if (cycle != null) {
            m.append(". Wait-for cycle: ");
            for (int i = 0; i < cycle.size(); i++) {
                m.append(i == 0 ? "" : " -> ").append(cycle.get(i));
            }
        }
        if (missing.length() > 0) {
            m.append(". Collectives not reached: ").append(missing);
        }
        m.append(". ")
                .append(
                        missing.length() > 0
                                ? "Every rank of a communicator must call the same collectives in the same order."
                                : "Order the calls so that one side of each pair sends first, or use MPI_Sendrecv or"
                                        + " nonblocking calls; a standard send may block until its receive is posted.");
        return new Finding("deadlock", Finding.Severity.ERROR, m.toString(), sites, 1);
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

    /** A cycle through blocked ranks (the first found from the lowest rank), as ranks with the first repeated last. */
    private static List<Integer> cycle(List<TreeSet<Integer>> edges, BlockedCall[] ranks) {
        int n = edges.size();
        int[] state = new int[n]; // 0 new, 1 on the path, 2 done
        int[] parent = new int[n];
        for (int start = 0; start < n; start++) {
            if (state[start] != 0 || ranks[start] == null || ranks[start].call == null) {
                continue;
            }
            List<Integer> found = dfs(start, edges, ranks, state, parent);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static List<Integer> dfs(
            int v, List<TreeSet<Integer>> edges, BlockedCall[] ranks, int[] state, int[] parent) {
        state[v] = 1;
        for (int w : edges.get(v)) {
            if (ranks[w] == null || ranks[w].call == null) {
                continue;
            }
            if (state[w] == 1) {
                List<Integer> cycle = new ArrayList<>();
                cycle.add(w);
                for (int x = v; x != w; x = parent[x]) {
                    cycle.add(1, x);
                }
                cycle.add(w);
                return cycle;
            }
            if (state[w] == 0) {
                parent[w] = v;
                List<Integer> found = dfs(w, edges, ranks, state, parent);
                if (found != null) {
                    return found;
                }
            }
        }
        state[v] = 2;
        return null;
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
