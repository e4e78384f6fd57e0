package org.qmpi4j.formats.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The order every renderer lists a profile's functions and call sites in: by total time, longest
 * first, {@code MPI_INIT} (outside the application time) after all others, ties by name or site.
 */
final class ProfileOrder {
    private ProfileOrder() {}

    static List<String> functions(Map<String, Profile.Entry> functions) {
        List<String> names = new ArrayList<>(functions.keySet());
        names.sort(new ByTime<String>(functions) {
            @Override
            String function(String name) {
                return name;
            }
        });
        return names;
    }

    static List<SiteKey> sites(Map<SiteKey, Profile.Entry> sites) {
        List<SiteKey> keys = new ArrayList<>(sites.keySet());
        keys.sort(new ByTime<SiteKey>(sites) {
            @Override
            String function(SiteKey site) {
                return site.function();
            }
        });
        return keys;
    }

    /** Named, not a comparing() chain: cheaper at a short job's end. */
    private abstract static class ByTime<K extends Comparable<K>> implements Comparator<K> {
        private final Map<K, Profile.Entry> entries;

        ByTime(Map<K, Profile.Entry> entries) {
            this.entries = entries;
        }

        /** The MPI function of {@code key}. */
        abstract String function(K key);

        @Override
        public int compare(K a, K b) {
            int c = Boolean.compare(
                    !RankProfile.inApplicationTime(function(a)), !RankProfile.inApplicationTime(function(b)));
            if (c == 0) {
                c = Long.compare(
                        -Profile.known(entries, a).total().timeNs(),
                        -Profile.known(entries, b).total().timeNs());
            }
            return c != 0 ? c : a.compareTo(b);
        }
    }
}
