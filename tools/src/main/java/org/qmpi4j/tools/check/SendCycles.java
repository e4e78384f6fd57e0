package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmpi4j.api.Nullable;

/**
 * Joins the ranks' {@link SendEdges} into cycles of blocking sends of three ranks or more (two
 * ranks are found where they meet, {@link ZeroBuffering#cycleWith}). A step says: the send
 * {@code fromRank@from} waits for the send {@code rank@point} to return, which itself waits for
 * the receive of {@code dest}; that receiver knew, when it matched {@code rank@point}, what its own
 * receive waited for: the step whose {@code from} is {@code rank@point}. A message is received once,
 * so each send starts at most one step and the walk from a step is a path. It is a cycle when it
 * comes back to the first rank at a send that is the first one or a later one of that rank: that
 * send returns only after the first one did, which waits for it. Rank 0 runs this on every rank's
 * steps at {@code MPI_Finalize}.
 */
final class SendCycles {
    private SendCycles() {}

    /** The cycles among {@code edges}, each once: the steps in order, the first from the lowest rank. */
    static List<List<SendEdges.Edge>> find(List<SendEdges.Edge> edges, int worldSize) {
        Map<String, SendEdges.Edge> byFrom = new HashMap<>();
        for (SendEdges.Edge e : edges) {
            byFrom.put(e.fromRank + "@" + e.from, e);
        }
        List<List<SendEdges.Edge>> cycles = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (SendEdges.Edge first : edges) {
            List<SendEdges.Edge> path = walk(first, byFrom, worldSize);
            if (path == null) {
                continue;
            }
            List<SendEdges.Edge> canonical = rotated(path);
            StringBuilder key = new StringBuilder();
            for (SendEdges.Edge e : canonical) {
                key.append(e.rank).append('@').append(e.point).append(' ');
            }
            if (seen.add(key.toString())) {
                cycles.add(canonical);
            }
        }
        return cycles;
    }

    /** The steps from {@code first} back to its first rank, or {@code null} if they do not come back. */
    private static @Nullable List<SendEdges.Edge> walk(
            SendEdges.Edge first, Map<String, SendEdges.Edge> byFrom, int worldSize) {
        List<SendEdges.Edge> path = new ArrayList<>();
        path.add(first);
        Set<Integer> ranks = new HashSet<>();
        ranks.add(first.rank);
        SendEdges.Edge at = first;
        for (int hop = 0; hop < worldSize; hop++) {
            SendEdges.Edge next = byFrom.get(at.rank + "@" + at.point);
            if (next == null) {
                return null;
            }
            path.add(next);
            if (next.rank == first.fromRank) {
                return next.point >= first.from ? path : null;
            }
            if (!ranks.add(next.rank)) {
                return null; // a cycle that does not pass the first rank: found from its own steps
            }
            at = next;
        }
        return null;
    }

    /** {@code path} started at the step into its lowest rank's send. */
    private static List<SendEdges.Edge> rotated(List<SendEdges.Edge> path) {
        int lowest = 0;
        for (int i = 1; i < path.size(); i++) {
            if (path.get(i).rank < path.get(lowest).rank) {
                lowest = i;
            }
        }
        List<SendEdges.Edge> r = new ArrayList<>(path.size());
        for (int i = 0; i < path.size(); i++) {
            r.add(path.get((lowest + i) % path.size()));
        }
        return r;
    }
}
