package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.qmpi4j.report.profile.TrafficMatrix;

/** What the matrix renderings show beside the matrix itself. */
final class RankMatrix {
    private RankMatrix() {}

    /**
     * The {@code k} pairs with the most bytes as {@code {from, to, bytes, messages}}, most first,
     * ties in sender-then-receiver order; pairs without messages or bytes are never listed. Keeps
     * only {@code k} pairs while it looks: the matrix may hold millions.
     */
    static List<long[]> largest(TrafficMatrix m, int k) {
        // Smallest on top: bytes ascending, then later pairs first (they lose ties).
        PriorityQueue<long[]> top =
                new PriorityQueue<>((a, b) -> a[2] != b[2] ? Long.compare(a[2], b[2]) : Long.compare(b[4], a[4]));
        long[] order = {0};
        m.forEach((from, to, bytes, messages) -> {
            if (bytes == 0 && messages == 0) {
                return;
            }
            top.add(new long[] {from, to, bytes, messages, order[0]++});
            if (top.size() > k) {
                top.poll();
            }
        });
        List<long[]> out = new ArrayList<>(top);
        out.sort((a, b) -> a[2] != b[2] ? Long.compare(b[2], a[2]) : Long.compare(a[4], b[4]));
        return out;
    }
}
