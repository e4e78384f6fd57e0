package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * Time per node, for a job whose ranks ran on several hosts: per host (in the order of its first
 * rank) its ranks, the sums of their application time, time in MPI and outside it, and, when the
 * traces were analysed, their waiting time. A node whose ranks compute longer than the others'
 * (outside MPI) or make the others wait shows in one row, where a table of hundreds of ranks
 * hides it. Ranks without data and ranks whose host is not known are left out.
 */
final class NodeTimes {
    /** One host's row. */
    static final class Node {
        final String host;
        final List<Integer> ranks = new ArrayList<>();
        long appNs;
        long mpiNs;
        long outsideNs;
        long waitNs;

        Node(String host) {
            this.host = host;
        }

        double mpiPercent() {
            return appNs <= 0 ? 0 : 100.0 * mpiNs / appNs;
        }

        /** Outside MPI per rank: comparable between nodes with different numbers of ranks. */
        long outsidePerRankNs() {
            return ranks.isEmpty() ? 0 : outsideNs / ranks.size();
        }
    }

    /** Nodes listed a row each at most, as ranks are ({@link TextReport#RANK_ROWS_MAX_RANKS}). */
    static final int LISTED = TextReport.RANK_ROWS_MAX_RANKS;
    /** With more nodes, how many of those with the most time outside MPI per rank are listed. */
    static final int SLOWEST = 10;

    private final List<Node> nodes;
    private final boolean waits;

    private NodeTimes(List<Node> nodes, boolean waits) {
        this.nodes = nodes;
        this.waits = waits;
    }

    /** The table of {@code p}, or {@code null} when its ranks are known to have run on fewer than two hosts. */
    static @Nullable NodeTimes of(Profile p) {
        Map<String, Node> byHost = new LinkedHashMap<>();
        for (Profile.RankSummary r : p.rankSummaries()) {
            String host = r.present() ? r.environment().get("host") : null;
            if (host == null || host.isEmpty()) {
                continue;
            }
            Node n = byHost.get(host);
            if (n == null) {
                n = new Node(host);
                byHost.put(host, n);
            }
            n.ranks.add(r.rank());
            n.appNs += r.appNs();
            n.mpiNs += r.mpiNs();
            n.outsideNs += RankBalance.load(r);
        }
        if (byHost.size() < 2) {
            return null;
        }
        WaitReport w = p.waits();
        if (w != null) {
            Map<Integer, Node> byRank = new LinkedHashMap<>();
            for (Node n : byHost.values()) {
                for (int r : n.ranks) {
                    byRank.put(r, n);
                }
            }
            for (WaitReport.WaitState s : w.waits()) {
                Node n = byRank.get(s.rank());
                if (n != null) {
                    n.waitNs += s.ns();
                }
            }
        }
        return new NodeTimes(new ArrayList<>(byHost.values()), w != null);
    }

    /** Each rank's host when the job ran on several hosts, for labels such as {@code rank 3 (node2)}; else empty. */
    static Map<Integer, String> hostsOfRanks(Profile p) {
        NodeTimes t = of(p);
        Map<Integer, String> hosts = new LinkedHashMap<>();
        if (t != null) {
            for (Node n : t.nodes) {
                for (int r : n.ranks) {
                    hosts.put(r, n.host);
                }
            }
        }
        return hosts;
    }

    List<Node> nodes() {
        return nodes;
    }

    /** Whether the waiting column has figures (the profile holds the traces' wait states). */
    boolean hasWaits() {
        return waits;
    }

    /** The host whose ranks spent the most time outside MPI per rank: the node the others may wait for. */
    Node slowest() {
        Node s = nodes.get(0);
        for (Node n : nodes) {
            if (n.outsidePerRankNs() > s.outsidePerRankNs()) {
                s = n;
            }
        }
        return s;
    }

    /** Whether there are too many nodes to list a row each. */
    boolean summarised() {
        return nodes.size() > LISTED;
    }

    /**
     * The nodes the table lists: every one, in the order of its first rank, or, when
     * {@link #summarised}, the {@value #SLOWEST} with the most time outside MPI per rank, slowest
     * first (ties in rank order).
     */
    List<Node> listed() {
        if (!summarised()) {
            return nodes;
        }
        List<Node> bySlowness = new ArrayList<>(nodes);
        bySlowness.sort((a, b) -> Long.compare(b.outsidePerRankNs(), a.outsidePerRankNs()));
        return bySlowness.subList(0, SLOWEST);
    }

    /**
     * When {@link #summarised}: the spread over all nodes of the time outside MPI per rank (and of
     * the waiting, with traces), "min 0.400000, median 0.400600, max 0.521560 s"; else empty.
     */
    String spread() {
        if (!summarised()) {
            return "";
        }
        long[] outside = new long[nodes.size()];
        long[] waited = new long[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            outside[i] = nodes.get(i).outsidePerRankNs();
            waited[i] = nodes.get(i).waitNs;
        }
        return nodes.size() + " nodes; outside MPI per rank over them: " + minMedianMax(outside)
                + (waits ? "; waited: " + minMedianMax(waited) : "");
    }

    private static String minMedianMax(long[] v) {
        long[] s = v.clone();
        java.util.Arrays.sort(s);
        return "min " + TextReport.fixed(s[0] / 1e9, 6) + ", median "
                + TextReport.fixed(s[RankSummaries.index(s.length, 50)] / 1e9, 6) + ", max "
                + TextReport.fixed(s[s.length - 1] / 1e9, 6) + " s";
    }

    /** Ranks as runs, {@code 0-3,8}. */
    static String ranks(List<Integer> ranks) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < ranks.size()) {
            int j = i;
            while (j + 1 < ranks.size() && ranks.get(j + 1) == ranks.get(j) + 1) {
                j++;
            }
            b.append(b.length() == 0 ? "" : ",").append(ranks.get(i));
            if (j > i) {
                b.append('-').append(ranks.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }

    /** The cells of a row, as both reports print them. */
    String[] cells(Node n) {
        return new String[] {
            n.host,
            ranks(n.ranks),
            TextReport.fixed(n.appNs / 1e9, 6),
            TextReport.fixed(n.mpiNs / 1e9, 6),
            TextReport.fixed(n.outsideNs / 1e9, 6),
            TextReport.fixed(n.outsidePerRankNs() / 1e9, 6),
            TextReport.fixed(n.mpiPercent(), 2),
            waits ? TextReport.fixed(n.waitNs / 1e9, 6) : "-"
        };
    }

    static final String[] HEADER = {
        "node", "ranks", "app [s]", "MPI [s]", "outside MPI [s]", "outside MPI per rank [s]", "MPI %", "waited [s]"
    };

    /** The "Time per node" section of report.txt. */
    void appendText(StringBuilder out) {
        TextReport.section(out, "Time per node");
        if (summarised()) {
            out.append("  ")
                    .append(spread())
                    .append("\n  the ")
                    .append(SLOWEST)
                    .append(" nodes with the most time outside MPI per rank:\n");
        }
        Table t = new Table(
                "<" + HEADER[0], "<" + HEADER[1], HEADER[2], HEADER[3], HEADER[4], HEADER[5], HEADER[6], HEADER[7]);
        for (Node n : listed()) {
            t.row((Object[]) cells(n));
        }
        t.appendTo(out, "  ");
        out.append("  sums over each node's ranks; waited: time its ranks waited for others (")
                .append(waits ? "the traces' wait states" : "no traces analysed")
                .append("); most time outside MPI per rank: ")
                .append(slowest().host)
                .append('\n');
    }

    /** The "Time per node" section of report.html. */
    void appendHtml(StringBuilder h) {
        h.append("<section id=\"nodes\"><h2>Time per node</h2>\n")
                .append("<style>#node-table td:nth-child(-n+2),#node-table th:nth-child(-n+2){text-align:left}")
                .append("#node-table tr.slowest td{font-weight:600}</style>\n")
                .append("<p class=\"note\">Sums over each node's ranks; waited: time its ranks waited for others")
                .append(waits ? " (the traces' wait states)" : " (no traces analysed)")
                .append(". Most time outside MPI per rank: <b id=\"slowest-node\">")
                .append(Markup.escape(slowest().host))
                .append("</b>.</p>\n");
        if (summarised()) {
            h.append("<p id=\"node-spread\">")
                    .append(Markup.escape(spread()))
                    .append(". The ")
                    .append(SLOWEST)
                    .append(" nodes with the most time outside MPI per rank:</p>\n");
        }
        h.append("<div class=\"scroll\"><table class=\"data\" id=\"node-table\"><thead><tr>");
        for (String c : HEADER) {
            h.append("<th>").append(c).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        Node slow = slowest();
        for (Node n : listed()) {
            h.append(n == slow ? "<tr class=\"slowest\">" : "<tr>");
            for (String c : cells(n)) {
                h.append("<td>").append(Markup.escape(c)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }
}
