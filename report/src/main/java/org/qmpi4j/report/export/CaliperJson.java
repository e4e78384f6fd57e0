package org.qmpi4j.report.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;

/**
 * A profile as Caliper's json-split output, which Hatchet's and Thicket's {@code from_caliper}
 * read: {@code columns} and {@code column_metadata} (which columns are values), {@code nodes} (the
 * call tree: {@code {label, column: "path", parent}}, each parent listed before its children),
 * {@code data} (one row per MPI function node and rank: the node's index, {@code mpi.rank},
 * {@code sum#time.duration} in seconds, {@code inclusive#sum#time.duration}, {@code count} of
 * calls and {@code bytes}), and the job's metadata as further top-level keys, which Thicket turns
 * into its metadata table when it reads a folder of runs.
 *
 * <p>The tree is the Java call path down to each MPI function: {@code main}, then the call site
 * ({@code Stencil.main(Stencil.java:112)}), then the function as Caliper's MPI service names it
 * ({@code MPI_Waitall}). The MPI functions carry the time, calls and bytes; every node carries its
 * inclusive time, which Hatchet reads as {@code time (inc)}, so that {@code main} and each call site
 * show their totals without {@code update_inclusive_columns()}. {@code MPI_Init} and
 * {@code MPI_Init_thread} are outside the application's time, as in the profile: they hang under a
 * root of their own, {@link #START_UP}, so that {@code main}'s total is the run's MPI time. What
 * the JVM took from each rank (garbage collection, other safepoints, class loading, time
 * descheduled) hangs under a root {@link #JVM}, a node per kind.
 */
public final class CaliperJson {
    /** The value columns after {@code path}, as Hatchet names them once read. */
    static final String[] COLUMNS = {
        "path", "mpi.rank", "sum#time.duration", "inclusive#sum#time.duration", "count", "bytes"
    };

    /** The root of MPI's start-up calls, outside {@code main}'s time. */
    static final String START_UP = "MPI start-up";

    /** The root of what the JVM took from the ranks, outside {@code main}'s time. */
    static final String JVM = "JVM";

    /** The JVM root's children, in the order of their kinds. */
    static final String[] JVM_KINDS = {"JVM: gc", "JVM: safepoint", "JVM: class loading", "JVM: descheduled"};

    private CaliperJson() {}

    /**
     * The json-split text of {@code profile}; {@code metadata} (string or number values) becomes
     * top-level keys in its order. Only ranks for which {@code keepRank} is true get rows.
     */
    public static String write(
            Profile profile, Map<String, Object> metadata, java.util.function.IntPredicate keepRank) {
        List<String[]> nodes = new ArrayList<>(); // {label, parent index or null}
        List<Object[]> rows = new ArrayList<>();
        // node index -> rank -> inclusive seconds, for the inner nodes' rows
        Map<Integer, Map<Integer, Double>> inclusive = new LinkedHashMap<>();
        nodes.add(new String[] {"main", null});
        int startUp = -1;
        Map<String, Integer> siteNodes = new LinkedHashMap<>();
        for (Map.Entry<SiteKey, Profile.Entry> e : profile.sites().entrySet()) {
            SiteKey site = e.getKey();
            int root = 0;
            if (!RankProfile.inApplicationTime(site.function())) {
                if (startUp < 0) {
                    startUp = nodes.size();
                    nodes.add(new String[] {START_UP, null});
                }
                root = startUp;
            }
            String label = siteLabel(site);
            String key = root + "/" + label;
            Integer siteNode = siteNodes.get(key);
            if (siteNode == null) {
                siteNode = nodes.size();
                nodes.add(new String[] {label, Integer.toString(root)});
                siteNodes.put(key, siteNode);
            }
            int functionNode = nodes.size();
            nodes.add(new String[] {caliperName(site.function()), Integer.toString(siteNode)});
            for (Map.Entry<Integer, CallStats> r : e.getValue().perRank().entrySet()) {
                if (keepRank.test(r.getKey())) {
                    CallStats s = r.getValue();
                    double seconds = s.timeNs() / 1e9;
                    rows.add(new Object[] {functionNode, r.getKey(), seconds, seconds, s.calls(), s.bytes()});
                    for (int inner : new int[] {siteNode, root}) {
                        inclusive.computeIfAbsent(inner, k -> new TreeMap<>()).merge(r.getKey(), seconds, Double::sum);
                    }
                }
            }
        }
        jvm(profile, keepRank, nodes, rows, inclusive);
        for (Map.Entry<Integer, Map<Integer, Double>> n : inclusive.entrySet()) {
            for (Map.Entry<Integer, Double> r : n.getValue().entrySet()) {
                rows.add(new Object[] {n.getKey(), r.getKey(), 0.0, r.getValue(), 0L, 0L});
            }
        }
        StringBuilder sb = new StringBuilder(4096 + 64 * rows.size());
        JsonWriter w = new JsonWriter(sb, true);
        w.beginObject();
        w.name("data").beginArray();
        for (Object[] row : rows) {
            w.beginInlineArray()
                    .value((Integer) row[0])
                    .value((Integer) row[1])
                    .value((Double) row[2])
                    .value((Double) row[3])
                    .value((Long) row[4])
                    .value((Long) row[5])
                    .endArray();
        }
        w.endArray();
        w.name("columns").beginInlineArray();
        for (String c : COLUMNS) {
            w.value(c);
        }
        w.endArray();
        w.name("column_metadata").beginArray();
        for (String c : COLUMNS) {
            w.beginInlineObject().member("is_value", !c.equals("path")).endObject();
        }
        w.endArray();
        w.name("nodes").beginArray();
        for (String[] n : nodes) {
            w.beginInlineObject().member("label", n[0]).member("column", "path");
            if (n[1] != null) {
                w.member("parent", Integer.parseInt(n[1]));
            }
            w.endObject();
        }
        w.endArray();
        for (Map.Entry<String, Object> m : metadata.entrySet()) {
            Object v = m.getValue();
            if (v instanceof Number) {
                w.member(m.getKey(), ((Number) v).longValue());
            } else {
                w.member(m.getKey(), String.valueOf(v));
            }
        }
        w.endObject();
        w.finish();
        return sb.toString();
    }

    /**
     * What the JVM took from each rank ({@code time.per_rank[].jvm}), under a root {@link #JVM} of
     * its own (it is not MPI time, so not under {@code main}): a node per kind, its time the
     * rank's seconds, its count the collections or safepoints (0 for class loading and
     * descheduling, which the JVM does not count one by one). Only when some rank has any.
     */
    private static void jvm(
            Profile profile,
            java.util.function.IntPredicate keepRank,
            List<String[]> nodes,
            List<Object[]> rows,
            Map<Integer, Map<Integer, Double>> inclusive) {
        int root = -1;
        int[] kinds = new int[JVM_KINDS.length];
        for (Profile.RankSummary r : profile.rankSummaries()) {
            JvmSummary j = r.jvm();
            if (j == null || !keepRank.test(r.rank())) {
                continue;
            }
            long[] ns = {j.gcPauseNs(), j.safepointNs(), j.classLoadingNs(), j.descheduledNs()};
            long[] counts = {j.gcCount(), j.safepointCount(), 0, 0};
            for (int k = 0; k < ns.length; k++) {
                if (ns[k] <= 0 && counts[k] <= 0) {
                    continue;
                }
                if (root < 0) {
                    root = nodes.size();
                    nodes.add(new String[] {JVM, null});
                }
                if (kinds[k] == 0) {
                    kinds[k] = nodes.size();
                    nodes.add(new String[] {JVM_KINDS[k], Integer.toString(root)});
                }
                double seconds = ns[k] / 1e9;
                rows.add(new Object[] {kinds[k], r.rank(), seconds, seconds, counts[k], 0L});
                inclusive.computeIfAbsent(root, n -> new TreeMap<>()).merge(r.rank(), seconds, Double::sum);
            }
        }
    }

    /** {@code Stencil.main(Stencil.java:112)}: the class's simple name, as a Java stack trace shows a frame. */
    static String siteLabel(SiteKey site) {
        String cls = site.className();
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        String where = site.fileName() == null
                ? "Unknown Source"
                : site.fileName() + (site.line() >= 0 ? ":" + site.line() : "");
        return simple + "." + site.methodName() + "(" + where + ")";
    }

    /** {@code MPI_WAITALL} as the MPI standard's C binding spells it, and Caliper with it: {@code MPI_Waitall}. */
    static String caliperName(String function) {
        if (!function.startsWith("MPI_") || function.length() < 5) {
            return function;
        }
        String rest = function.substring(4).toLowerCase(Locale.ROOT);
        return "MPI_" + Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }
}
