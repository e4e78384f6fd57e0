package org.qmpi4j.formats.files;

import java.util.List;

/** Ranks in a message, runs shortened: {@code [0-3, 8]} rather than 5 numbers (a lost node is a run). */
public final class RankRanges {
    private RankRanges() {}

    /** {@code ranks}, ascending, as {@code [a, b-c, ...]}; {@code []} if empty. */
    public static String of(List<Integer> ranks) {
        StringBuilder b = new StringBuilder("[");
        int i = 0;
        while (i < ranks.size()) {
            int start = ranks.get(i);
            int end = start;
            while (i + 1 < ranks.size() && ranks.get(i + 1) == end + 1) {
                end = ranks.get(++i);
            }
            if (b.length() > 1) {
                b.append(", ");
            }
            b.append(start);
            if (end > start) {
                b.append(end == start + 1 ? ", " : "-").append(end);
            }
            i++;
        }
        return b.append(']').toString();
    }
}
