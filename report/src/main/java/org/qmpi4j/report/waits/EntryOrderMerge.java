package org.qmpi4j.report.waits;

import java.io.IOException;
import java.util.Comparator;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Hands every rank's calls to an analysis in order of entry (ties by rank), holding one call per
 * rank: the head of each rank's stream in a priority queue.
 */
final class EntryOrderMerge {
    private EntryOrderMerge() {}

    static void feed(Map<Integer, WaitAnalysis.RankEvents> sources, WaitAnalysis analysis) throws IOException {
        PriorityQueue<Head> queue = new PriorityQueue<>(Math.max(1, sources.size()), new ByEntry());
        for (Map.Entry<Integer, WaitAnalysis.RankEvents> s : sources.entrySet()) {
            WaitEvent e = s.getValue().next();
            if (e != null) {
                queue.add(new Head(s.getValue(), e));
            }
        }
        while (!queue.isEmpty()) {
            Head h = queue.poll();
            analysis.accept(h.event);
            WaitEvent next = h.source.next();
            if (next != null) {
                h.event = next;
                queue.add(h);
            }
        }
    }

    /** Entry time, ties by rank. */
    private static final class ByEntry implements Comparator<Head> {
        @Override
        public int compare(Head a, Head b) {
            int c = Long.compare(a.event.enter, b.event.enter);
            return c != 0 ? c : Integer.compare(a.event.rank, b.event.rank);
        }
    }

    private static final class Head {
        final WaitAnalysis.RankEvents source;
        WaitEvent event;

        Head(WaitAnalysis.RankEvents source, WaitEvent event) {
            this.source = source;
            this.event = event;
        }
    }
}
