package org.qmpi4j.report.trace;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * How a trace names a rank's track: {@code rank 3}, or {@code rank 3 (node2)} when the job's ranks
 * ran on several hosts, so that a viewer shows which node each rank ran on. A job on one host keeps
 * the short names: there the host says nothing.
 */
public final class RankNames {
    private RankNames() {}

    /** Whether {@code hosts} (one per rank, {@code ""} or {@code null} when not known) name two hosts or more. */
    public static boolean severalHosts(Collection<String> hosts) {
        Set<String> distinct = new HashSet<>();
        for (String h : hosts) {
            if (h != null && !h.isEmpty()) {
                distinct.add(h);
            }
        }
        return distinct.size() > 1;
    }

    /** The track's name. */
    public static String of(int rank, String host, boolean severalHosts) {
        return severalHosts && host != null && !host.isEmpty() ? "rank " + rank + " (" + host + ")" : "rank " + rank;
    }
}
