package org.qmpi4j.report.profile;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Merges per-rank profiles into a job's {@link Profile}: sums per function and per call site,
 * keeps each rank's share, fills the point-to-point matrix row by row from what each rank sent.
 * Ranks whose data is missing are listed as missing, not guessed.
 */
public final class ProfileMerger {
    private ProfileMerger() {}

    /**
     * @param rankProfiles at most one per rank, all of the same job (same size and binding)
     * @throws IllegalArgumentException if the profiles disagree on the job's size or binding, or
     *                                  a rank appears twice
     */
    public static Profile merge(Collection<RankProfile> rankProfiles) {
        if (rankProfiles.isEmpty()) {
            throw new IllegalArgumentException("no rank profiles to merge");
        }
        Map<Integer, RankProfile> byRank = new TreeMap<>();
        int size = -1;
        String binding = null;
        for (RankProfile p : rankProfiles) {
            if (size < 0) {
                size = p.size();
                binding = p.binding();
            } else if (p.size() != size) {
                throw new IllegalArgumentException(
                        "rank " + p.rank() + " belongs to a job of " + p.size() + " ranks, others to one of " + size);
            } else if (!p.binding().equals(binding)) {
                throw new IllegalArgumentException(
                        "rank " + p.rank() + " ran on binding " + p.binding() + ", others on " + binding);
            }
            if (byRank.put(p.rank(), p) != null) {
                throw new IllegalArgumentException("rank " + p.rank() + " appears twice");
            }
        }

        List<Profile.RankSummary> summaries = new ArrayList<>();
        Map<String, Profile.Entry> functions = new LinkedHashMap<>();
        Map<String, String> kinds = new LinkedHashMap<>();
        Map<SiteKey, Profile.Entry> sites = new TreeMap<>();
        long[][] bytes = new long[size][size];
        long[][] messages = new long[size][size];
        List<InterWorldTraffic> interWorld = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            RankProfile p = byRank.get(r);
            if (p == null) {
                summaries.add(new Profile.RankSummary(r, false, "missing", 0, 0, Map.of()));
                continue;
            }
            summaries.add(new Profile.RankSummary(r, true, p.state().id(), p.appNs(), p.mpiNs(), p.environment()));
            int rank = r;
            p.functions()
                    .forEach((f, s) -> functions
                            .computeIfAbsent(f, k -> new Profile.Entry())
                            .add(rank, s));
            kinds.putAll(p.kinds());
            p.sites()
                    .forEach((k, s) ->
                            sites.computeIfAbsent(k, x -> new Profile.Entry()).add(rank, s));
            bytes[r] = p.sentBytes();
            messages[r] = p.sentMessages();
            interWorld.addAll(p.interWorld());
        }
        String created = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        return new Profile(binding, size, created, summaries, functions, kinds, sites, bytes, messages, interWorld);
    }
}
