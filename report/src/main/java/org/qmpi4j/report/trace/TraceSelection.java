package org.qmpi4j.report.trace;

import java.util.BitSet;
import org.qmpi4j.api.Nullable;

/**
 * Which part of a job's trace to build: a set of ranks and a time window on the job's common
 * clock (nanoseconds from its zero). A call is in the window if any part of it is.
 */
public final class TraceSelection {
    private final @Nullable BitSet ranks;
    private final long from;
    private final long to;

    /** @param ranks the ranks wanted ({@code null}: all) */
    public TraceSelection(@Nullable BitSet ranks, long fromNs, long toNs) {
        this.ranks = ranks == null ? null : (BitSet) ranks.clone();
        this.from = fromNs;
        this.to = toNs;
    }

    /** Everything. */
    public static TraceSelection all() {
        return new TraceSelection(null, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public boolean hasRank(long rank) {
        return rank >= 0 && rank <= Integer.MAX_VALUE && (ranks == null || ranks.get((int) rank));
    }

    public boolean overlaps(long start, long end) {
        return end >= from && start <= to;
    }

    public long from() {
        return from;
    }

    public long to() {
        return to;
    }

    /** Whether every rank and all time is wanted. */
    public boolean isAll() {
        return ranks == null && from == Long.MIN_VALUE && to == Long.MAX_VALUE;
    }

    /**
     * Ranks as the command line writes them: {@code 0-15,32,40-47}.
     *
     * @throws IllegalArgumentException if {@code text} is not such a list
     */
    public static BitSet parseRanks(String text) {
        BitSet b = new BitSet();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            try {
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1).trim());
                if (lo < 0 || hi < lo) {
                    throw new IllegalArgumentException("rank range \"" + p + "\" is empty or negative");
                }
                b.set(lo, hi + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("\"" + p + "\" is not a rank or a range like 0-15");
            }
        }
        if (b.isEmpty()) {
            throw new IllegalArgumentException("no ranks in \"" + text + "\"");
        }
        return b;
    }

    /**
     * A time as the command line writes it, in nanoseconds: {@code 10s}, {@code 1.5s},
     * {@code 250ms}, {@code 40us}, {@code 900ns}; a bare number is seconds.
     */
    public static long parseTime(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        double scale = 1e9;
        String number = t;
        if (t.endsWith("ms")) {
            scale = 1e6;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us")) {
            scale = 1e3;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ns")) {
            scale = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            number = t.substring(0, t.length() - 1);
        }
        try {
            return Math.round(Double.parseDouble(number.trim()) * scale);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a time like 10s, 250ms, 40us");
        }
    }
}
