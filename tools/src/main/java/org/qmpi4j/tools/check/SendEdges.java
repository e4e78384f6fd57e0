package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.FindingSite;

/**
 * One rank's latest steps of possible cycles of blocking sends: "the blocking send {@code from}
 * of rank {@code fromRank} waits, with no buffering, for this rank's send {@code point} (to
 * {@code dest}) to return", known when this rank's receive, posted after that send, matched the
 * other's message. Kept in arrays made once, the newest {@link #KEPT} overwriting the oldest: a
 * cycle repeated in a loop is found from its last round. At {@code MPI_Finalize} they go to rank 0
 * as text ({@link #text}, {@link #parse}), which joins them ({@link SendCycles}).
 */
final class SendEdges {
    /** Steps kept per rank. */
    static final int KEPT = 64;

    /** One step, as rank 0 reads it. */
    static final class Edge {
        final int fromRank;
        final long from;
        final int rank;
        final long point;
        final int dest;
        final String function;
        final long bytes;
        final FindingSite site;

        Edge(int fromRank, long from, int rank, long point, int dest, String function, long bytes, FindingSite site) {
            this.fromRank = fromRank;
            this.from = from;
            this.rank = rank;
            this.point = point;
            this.dest = dest;
            this.function = function;
            this.bytes = bytes;
            this.site = site;
        }

        @Override
        public String toString() {
            return fromRank + "@" + from + " -> " + rank + "@" + point + " (to " + dest + ")";
        }
    }

    private final int[] fromRank;
    private final long[] from;
    private final int[] rank;
    private final long[] point;
    private final int[] dest;
    private final MpiFunction[] function;
    private final long[] bytes;
    private final CallingAddress[] site;
    private int next;
    private int count;

    SendEdges(int kept) {
        fromRank = new int[kept];
        from = new long[kept];
        rank = new int[kept];
        point = new long[kept];
        dest = new int[kept];
        function = new MpiFunction[kept];
        bytes = new long[kept];
        site = new CallingAddress[kept];
    }

    synchronized void add(
            int fromRank,
            long from,
            int rank,
            long point,
            int dest,
            MpiFunction function,
            long bytes,
            @Nullable CallingAddress site) {
        int i = next;
        this.fromRank[i] = fromRank;
        this.from[i] = from;
        this.rank[i] = rank;
        this.point[i] = point;
        this.dest[i] = dest;
        this.function[i] = function;
        this.bytes[i] = bytes;
        this.site[i] = site;
        next = (i + 1) % this.fromRank.length;
        count = Math.min(count + 1, this.fromRank.length);
    }

    synchronized int size() {
        return count;
    }

    /** The steps kept, one a line: numbers, then the site's texts separated by tabs. */
    synchronized String text() {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < count; k++) {
            int i = (next - count + k + fromRank.length) % fromRank.length;
            CallingAddress a = site[i];
            b.append(fromRank[i])
                    .append(' ')
                    .append(from[i])
                    .append(' ')
                    .append(rank[i])
                    .append(' ')
                    .append(point[i])
                    .append(' ')
                    .append(dest[i])
                    .append(' ')
                    .append(function[i].name())
                    .append(' ')
                    .append(bytes[i])
                    .append(' ');
            Sites.appendText(b, a).append('\n');
        }
        return b.toString();
    }

    /** The steps in {@code text} (lines that do not parse are left out). */
    static List<Edge> parse(String text) {
        List<Edge> edges = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String[] parts = line.split("\t", -1);
            if (parts.length != 4) {
                continue;
            }
            String[] n = parts[0].split(" ");
            if (n.length != 8) {
                continue;
            }
            try {
                int r = Integer.parseInt(n[2]);
                FindingSite s = Sites.fromText(r, n[5], Integer.parseInt(n[7]), parts[1], parts[2], parts[3]);
                edges.add(new Edge(
                        Integer.parseInt(n[0]),
                        Long.parseLong(n[1]),
                        r,
                        Long.parseLong(n[3]),
                        Integer.parseInt(n[4]),
                        n[5],
                        Long.parseLong(n[6]),
                        s));
            } catch (NumberFormatException bad) {
                // not a step
            }
        }
        return edges;
    }
}
