package org.qmpi4j.tools.check;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * The rule {@code buffering_deadlock} (a warning): blocking sends that wait for one another's
 * receives, so that the program completes only because MPI buffered the messages. Two ranks are
 * found by the receiver when the message and its signature meet ({@link ZeroBuffering#cycleWith});
 * three or more at {@code MPI_Finalize}, where every rank's {@link SendEdges} go to rank 0
 * ({@link #exchange}), which joins them ({@link SendCycles}). Each finding names every send of the
 * cycle and says at which message size it would hang on this MPI ({@link EagerLimits}).
 */
final class BufferingDeadlocks {
    static final String RULE = "buffering_deadlock";

    private final Checker checker;
    private final ZeroBuffering counts;
    private final EagerLimits limits;

    BufferingDeadlocks(Checker checker, ZeroBuffering counts, EagerLimits limits) {
        this.checker = checker;
        this.counts = counts;
        this.limits = limits;
    }

    ZeroBuffering counts() {
        return counts;
    }

    /** Two ranks: the sender's send (as its signature told) and the receiver's own send to it, before its receive. */
    void twoRanks(FindingSite sender, long senderBytes, int receiver, ZeroBuffering.Before b) {
        List<Send> sends = new ArrayList<>(2);
        sends.add(new Send(sender, receiver, senderBytes));
        sends.add(
                new Send(Sites.of(counts.rank(), b.toSourceFunction, b.toSourceSite), sender.rank(), b.toSourceBytes));
        sends.sort(Comparator.comparingInt(s -> s.site.rank()));
        report(sends);
    }

    /**
     * Collective at {@code MPI_Finalize}, on every rank: the steps of longer cycles go to rank 0,
     * which reports the cycles they make. One {@code MPI_ALLREDUCE} when no rank kept a step.
     */
    void exchange(WorldComm comm) throws Exception {
        byte[] mine = new byte[0];
        try {
            mine = counts.edges().text().getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            checker.results().output().fault("listing the steps of cycles of blocking sends", e);
        }
        ChunkedGather.PerRank got = new ChunkedGather.PerRank(comm.size());
        ChunkedGather.run(comm, new ByteArrayInputStream(mine), mine.length, 0, got);
        if (comm.rank() != 0) {
            return;
        }
        List<SendEdges.Edge> edges = new ArrayList<>();
        for (int r = 0; r < got.ranks(); r++) {
            edges.addAll(SendEdges.parse(got.takeText(r)));
        }
        // A cycle repeated in a loop is found once per round kept: the same sends, one finding.
        java.util.Set<String> said = new java.util.HashSet<>();
        for (List<SendEdges.Edge> cycle : SendCycles.find(edges, comm.size())) {
            List<Send> sends = new ArrayList<>(cycle.size());
            StringBuilder key = new StringBuilder();
            for (SendEdges.Edge e : cycle) {
                sends.add(new Send(e.site, e.dest, e.bytes));
                key.append(e.site).append('|');
            }
            if (said.add(key.toString())) {
                report(sends);
            }
        }
    }

    /** One send of a cycle: where, to whom, how many bytes. */
    static final class Send {
        final FindingSite site;
        final int dest;
        final long bytes;

        Send(FindingSite site, int dest, long bytes) {
            this.site = site;
            this.dest = dest;
            this.bytes = bytes;
        }
    }

    private void report(List<Send> sends) {
        checker.report(RULE, Finding.Severity.WARNING, message(sends, limits.text()), sites(sends));
    }

    private static FindingSite[] sites(List<Send> sends) {
        FindingSite[] s = new FindingSite[sends.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = sends.get(i).site;
        }
        return s;
    }

    /** What the finding says; {@code limits} is {@link EagerLimits#text}, empty where the MPI does not say. */
    static String message(List<Send> sends, String limits) {
        StringBuilder b = new StringBuilder();
        long smallest = Long.MAX_VALUE;
        boolean standard = false;
        for (int i = 0; i < sends.size(); i++) {
            Send s = sends.get(i);
            b.append(i == 0 ? "" : i == sends.size() - 1 ? " and " : ", ")
                    .append("rank ")
                    .append(s.site.rank())
                    .append("'s ")
                    .append(s.site.function())
                    .append(" (")
                    .append(s.bytes)
                    .append(" bytes) to rank ")
                    .append(s.dest);
            if ("MPI_SEND".equals(s.site.function())) {
                standard = true;
                smallest = Math.min(smallest, s.bytes);
            }
        }
        b.append(sends.size() == 2 ? " each wait" : " wait in a cycle")
                .append(" for a receive that their receiver posts only after its own send returned: this completes"
                        + " only because MPI buffered the messages. With no buffering (the standard lets a standard"
                        + " send wait for its receive) every rank of the cycle waits in its send for ever");
        if (!limits.isEmpty() && standard) {
            b.append("; this MPI stops buffering ")
                    .append(limits)
                    .append(", so it hangs once every standard send of the cycle is that large (the smallest here is ")
                    .append(smallest)
                    .append(" bytes)");
        }
        b.append(". Post the receive first (MPI_Irecv), send with MPI_Isend, exchange with MPI_Sendrecv, or let"
                + " one rank of the cycle receive before it sends");
        return b.toString();
    }
}
