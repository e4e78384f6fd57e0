package org.qmpi4j.report.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.RankRanges;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.waits.DelayCauses;
import org.qmpi4j.formats.waits.DelayCauses.Cause;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * What the JVM did, as the report says it: each rank's pauses by kind (its {@code jvm} object),
 * the share of the job's waiting each kind caused on each rank (the delays' {@code causes}), and
 * the advice that follows, each with its evidence. Says only what it saw: a share under
 * {@link #NOTABLE} of the waiting is no finding, and without causes (a profile without a trace, or
 * from before them) it claims none.
 */
final class JvmFindings {
    /** A cause's share of the job's waiting below this is not called a finding. */
    static final double NOTABLE = 0.05;
    /**
     * Fewer collections than this in a rank's whole run are no evidence of a heap too small (a
     * young collection at start-up is in most runs).
     */
    static final long FEW_COLLECTIONS = 3;

    /** JVMs listed a row each at most, as ranks are ({@link TextReport#RANK_ROWS_MAX_RANKS}). */
    static final int LISTED = TextReport.RANK_ROWS_MAX_RANKS;
    /** With more JVMs, how many of those that paused most are listed beside their distribution. */
    static final int MOST_PAUSED = 10;

    static final String[] PERCENTILE_NAMES = {"min", "p10", "p25", "median", "p75", "p90", "max"};
    private static final double[] PERCENTILES = {0, 10, 25, 50, 75, 90, 100};

    /** One rank's JVM cause of waiting. */
    static final class Finding {
        final int rank;
        final Cause cause;
        final long ns;
        final long count;
        final double share;

        Finding(int rank, Cause cause, long ns, long count, double share) {
            this.rank = rank;
            this.cause = cause;
            this.ns = ns;
            this.count = count;
            this.share = share;
        }
    }

    /** Each rank's JVM summary, where known. */
    final Map<Integer, JvmSummary> jvm = new TreeMap<>();
    /**
     * The ranks with a summary grouped by the JVM they ran in (same host and process id), in rank
     * order: more than one rank in a group where ranks are threads of one JVM (MPJ Express's
     * multicore mode), whose every pause stopped all of them at once.
     */
    final List<List<Integer>> jvms = new ArrayList<>();
    /** Whether the delays said what their waiting went to. */
    final boolean causesKnown;
    /** All waiting the delays explain. */
    final long waitingNs;
    /** The JVM's causes of waiting per rank, largest first, each at least {@link #NOTABLE}. */
    final List<Finding> findings = new ArrayList<>();
    /** The application's share of all waiting (1 when nothing else was seen). */
    final double applicationShare;

    private JvmFindings(Profile p) {
        Map<String, List<Integer>> byProcess = new TreeMap<>();
        for (Profile.RankSummary r : p.rankSummaries()) {
            JvmSummary s = r.jvm();
            if (s != null) {
                jvm.put(r.rank(), s);
                String host = r.environment().get("host");
                String pid = r.environment().get("pid");
                String key = host == null || pid == null ? "rank " + r.rank() : host + " " + pid;
                byProcess.computeIfAbsent(key, k -> new ArrayList<>()).add(r.rank());
            }
        }
        jvms.addAll(byProcess.values());
        jvms.sort((a, b) -> Integer.compare(a.get(0), b.get(0)));
        WaitReport w = p.waits();
        long total = 0;
        long application = 0;
        boolean known = false;
        Map<Integer, long[]> byRank = new TreeMap<>();
        if (w != null) {
            for (WaitReport.Delay d : w.delays()) {
                total += d.ns();
                DelayCauses c = d.causes();
                if (c == null) {
                    continue;
                }
                known = true;
                application += c.ns(Cause.APPLICATION);
                long[] sums = byRank.computeIfAbsent(d.interval().rank(), k -> new long[2 * Cause.values().length]);
                for (Cause k : Cause.values()) {
                    sums[k.ordinal()] += c.ns(k);
                    sums[Cause.values().length + k.ordinal()] += c.count(k);
                }
            }
        }
        causesKnown = known;
        waitingNs = total;
        applicationShare = total <= 0 ? 1 : (double) application / total;
        for (Map.Entry<Integer, long[]> e : byRank.entrySet()) {
            for (Cause k : Cause.values()) {
                long ns = e.getValue()[k.ordinal()];
                double share = total <= 0 ? 0 : (double) ns / total;
                if (k != Cause.APPLICATION && share >= NOTABLE) {
                    findings.add(
                            new Finding(e.getKey(), k, ns, e.getValue()[Cause.values().length + k.ordinal()], share));
                }
            }
        }
        findings.sort((a, b) -> Long.compare(b.ns, a.ns));
    }

    /**
     * What one JVM did, counted once for all its ranks: the collections, safepoints and class
     * loading of the process (every rank's summary has them; the one read last, with the most
     * collections, is taken), and the time each rank's calling thread was descheduled, added up.
     */
    JvmSummary ofJvm(List<Integer> ranks) {
        // The groups are made of the ranks this map holds.
        JvmSummary last = Objects.requireNonNull(jvm.get(ranks.get(0)));
        long descheduled = 0;
        for (int r : ranks) {
            JvmSummary s = Objects.requireNonNull(jvm.get(r));
            descheduled += s.descheduledNs();
            if (s.gcCount() > last.gcCount() || (s.gcCount() == last.gcCount() && s.gcPauseNs() > last.gcPauseNs())) {
                last = s;
            }
        }
        if (ranks.size() == 1) {
            return last;
        }
        return new JvmSummary(
                last.gcPauseNs(),
                last.gcCount(),
                last.safepointNs(),
                last.safepointCount(),
                last.classLoadingNs(),
                descheduled,
                last.collectors(),
                last.lastGcCause());
    }

    /** Whether there are too many JVMs to list a row each: the report gives their distribution instead. */
    boolean summarised() {
        return jvms.size() > LISTED;
    }

    /**
     * The JVMs the table lists: every one in rank order, or, when {@link #summarised}, the
     * {@value #MOST_PAUSED} that paused most (collections, other safepoints, class loading and
     * descheduled time together), most first.
     */
    List<List<Integer>> listed() {
        if (!summarised()) {
            return jvms;
        }
        long[] paused = new long[jvms.size()];
        Integer[] order = new Integer[jvms.size()];
        for (int i = 0; i < jvms.size(); i++) {
            JvmSummary s = ofJvm(jvms.get(i));
            paused[i] = s.gcPauseNs() + s.safepointNs() + s.classLoadingNs() + s.descheduledNs();
            order[i] = i; // the groups are in rank order: ties go to the lower rank
        }
        java.util.Arrays.sort(order, (x, y) -> Long.compare(paused[y], paused[x]));
        List<List<Integer>> most = new ArrayList<>(MOST_PAUSED);
        for (int k = 0; k < MOST_PAUSED; k++) {
            most.add(jvms.get(order[k]));
        }
        return most;
    }

    /**
     * The distribution over the JVMs, a row per {@link #PERCENTILE_NAMES} entry: gc pauses,
     * collections, safepoints, class loading and descheduled time at that percentile (each column
     * on its own: the rows are not JVMs).
     */
    long[][] distribution() {
        long[][] columns = new long[5][jvms.size()];
        for (int i = 0; i < jvms.size(); i++) {
            JvmSummary s = ofJvm(jvms.get(i));
            columns[0][i] = s.gcPauseNs();
            columns[1][i] = s.gcCount();
            columns[2][i] = s.safepointNs();
            columns[3][i] = s.classLoadingNs();
            columns[4][i] = s.descheduledNs();
        }
        long[][] rows = new long[PERCENTILES.length][5];
        for (int c = 0; c < 5; c++) {
            java.util.Arrays.sort(columns[c]);
            for (int k = 0; k < PERCENTILES.length; k++) {
                rows[k][c] = columns[c][RankSummaries.index(jvms.size(), PERCENTILES[k])];
            }
        }
        return rows;
    }

    /** "3", or "0-3 (one JVM)" for ranks that share one JVM. */
    static String label(List<Integer> ranks) {
        if (ranks.size() == 1) {
            return Integer.toString(ranks.get(0));
        }
        boolean contiguous = ranks.get(ranks.size() - 1) - ranks.get(0) == ranks.size() - 1;
        StringBuilder sb = new StringBuilder();
        if (contiguous) {
            sb.append(ranks.get(0)).append('-').append(ranks.get(ranks.size() - 1));
        } else {
            for (int i = 0; i < ranks.size(); i++) {
                sb.append(i == 0 ? "" : ",").append(ranks.get(i));
            }
        }
        return sb.append(" (one JVM)").toString();
    }

    /**
     * Said when ranks share a JVM: that its pauses stopped all of them at once and are counted
     * once for it, not once per rank; {@code null} when every rank has a JVM of its own.
     */
    @Nullable
    String sharedJvmNote() {
        List<String> shared = new ArrayList<>();
        for (List<Integer> g : jvms) {
            if (g.size() > 1) {
                shared.add(label(g).replace(" (one JVM)", ""));
            }
        }
        if (shared.isEmpty()) {
            return null;
        }
        return "ranks " + String.join(" and ", shared)
                + (shared.size() == 1 ? " are threads of one JVM" : " share JVMs")
                + " (MPJ Express multicore mode): each collection, safepoint and class load stopped all of its ranks"
                + " at once, so it is counted once for the JVM, not once per rank (descheduled time is each thread's"
                + " own, added up); a pause that stops every rank of a job alike makes none of them wait for another";
    }

    /** What {@code p} says of the JVM, or {@code null} if it says nothing (no jvm objects, no causes). */
    static @Nullable JvmFindings of(Profile p) {
        JvmFindings f = new JvmFindings(p);
        return f.jvm.isEmpty() && !f.causesKnown ? null : f;
    }

    /** "41 % of the job's waiting was caused by garbage collection on rank 2: 8 collections, System.gc(), 0.9 s". */
    String sentence(Finding f) {
        StringBuilder sb = new StringBuilder();
        sb.append(Decimals.fixed(100 * f.share, 0))
                .append(" % of the job's waiting was caused by ")
                .append(f.cause.label())
                .append(" on rank ")
                .append(f.rank)
                .append(": ");
        JvmSummary s = jvm.get(f.rank);
        if (f.cause == Cause.GC && s != null) {
            sb.append(s.gcCount()).append(s.gcCount() == 1 ? " collection" : " collections");
            List<Integer> group = groupOf(f.rank);
            if (group.size() > 1) {
                sb.append(" of the JVM it shares with ranks ")
                        .append(label(group).replace(" (one JVM)", ""));
            }
            if (s.lastGcCause() != null) {
                sb.append(", last cause ").append(s.lastGcCause());
            }
            sb.append(", ");
        }
        return sb.append(Decimals.fixed(f.ns / 1e9, 3)).append(" s").toString();
    }

    private List<Integer> groupOf(int rank) {
        for (List<Integer> g : jvms) {
            if (g.contains(rank)) {
                return g;
            }
        }
        return List.of(rank);
    }

    /**
     * Advice that follows from the findings, each with its evidence: one line per kind of advice,
     * naming every rank it is for (a job of many ranks where 8 ranks collected alike gets one line,
     * not 8 of the same words), in the order of the largest finding each holds.
     */
    List<String> advice() {
        Map<String, List<Finding>> groups = new LinkedHashMap<>();
        for (Finding f : findings) {
            groups.computeIfAbsent(kind(f), k -> new ArrayList<>()).add(f);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<Finding>> g : groups.entrySet()) {
            List<Finding> fs = g.getValue();
            out.add(fs.size() == 1 ? one(fs.get(0)) : several(g.getKey(), fs));
        }
        return out;
    }

    /** Which advice a finding gets: its cause, and for collections what the rank's summary shows. */
    private String kind(Finding f) {
        if (f.cause != Cause.GC) {
            return f.cause.name();
        }
        JvmSummary s = jvm.get(f.rank);
        if (s != null && "System.gc()".equals(s.lastGcCause())) {
            return "SYSTEM_GC";
        }
        return s != null && s.gcCount() < FEW_COLLECTIONS ? "FEW_GC" : "GC";
    }

    private String one(Finding f) {
        JvmSummary s = jvm.get(f.rank);
        String share = Decimals.fixed(100 * f.share, 0) + " % of the waiting";
        switch (kind(f)) {
            case "SYSTEM_GC":
                return "rank " + f.rank + " calls System.gc() (its last collection's cause) and that caused " + share
                        + ": " + SYSTEM_GC_ADVICE;
            case "FEW_GC":
                long n = s == null ? 0 : s.gcCount();
                return "rank " + f.rank + "'s " + n + (n == 1 ? " collection" : " collections") + " caused " + share
                        + lastCause(s) + ": too few to say its heap is too small; " + FEW_GC_ADVICE;
            case "GC":
                return "rank " + f.rank + "'s collections caused " + share + lastCause(s)
                        + ": its heap may be too small for its live set and allocation rate; " + GC_ADVICE;
            case "SAFEPOINT":
                return "rank " + f.rank + " stopped at safepoints that were no collection for " + share
                        + SAFEPOINT_ADVICE;
            case "CLASS_LOADING":
                return "rank " + f.rank + " loaded classes while others waited (" + share + "): "
                        + CLASS_LOADING_ADVICE;
            default:
                return "rank " + f.rank + " was runnable but not running for " + share + ": " + DESCHEDULED_ADVICE;
        }
    }

    /** The same advice for several ranks, with the range of their shares. */
    private String several(String kind, List<Finding> fs) {
        List<Integer> ranks = new ArrayList<>();
        double least = Double.MAX_VALUE;
        double most = 0;
        for (Finding f : fs) {
            ranks.add(f.rank);
            least = Math.min(least, f.share);
            most = Math.max(most, f.share);
        }
        ranks.sort(null);
        String low = Decimals.fixed(100 * least, 0);
        String high = Decimals.fixed(100 * most, 0);
        String share = (low.equals(high) ? low : low + " to " + high) + " % of the waiting each";
        String listed = RankRanges.of(ranks);
        String who = "ranks " + listed.substring(1, listed.length() - 1);
        switch (kind) {
            case "SYSTEM_GC":
                return who + " call System.gc() (their last collection's cause) and that caused " + share + ": "
                        + SYSTEM_GC_ADVICE;
            case "FEW_GC":
                return "the few collections (under " + FEW_COLLECTIONS + ") of " + who + " caused " + share
                        + ": too few to say their heaps are too small; if they recur in a longer run, give them more"
                        + " heap (-Xmx) or allocate less per iteration";
            case "GC":
                return "the collections of " + who + " caused " + share
                        + ": their heaps may be too small for their live sets and allocation rates; give them more"
                        + " (-Xmx) or allocate less per iteration";
            case "SAFEPOINT":
                return who + " stopped at safepoints that were no collection for " + share + SAFEPOINT_ADVICE;
            case "CLASS_LOADING":
                return who + " loaded classes while others waited (" + share + "): " + CLASS_LOADING_ADVICE;
            default:
                return who + " were runnable but not running for " + share + ": "
                        + DESCHEDULED_ADVICE.replace("wanted its CPU", "wanted their CPUs");
        }
    }

    private static String lastCause(@Nullable JvmSummary s) {
        return s == null || s.lastGcCause() == null ? "" : " (last cause " + s.lastGcCause() + ")";
    }

    private static final String SYSTEM_GC_ADVICE =
            "remove the call, or run with -XX:+ExplicitGCInvokesConcurrent (G1) or -XX:+DisableExplicitGC";
    private static final String FEW_GC_ADVICE =
            "if they recur in a longer run, give it more heap (-Xmx) or allocate less per iteration";
    private static final String GC_ADVICE = "give it more (-Xmx) or allocate less per iteration";
    private static final String SAFEPOINT_ADVICE = " (deoptimisation, code cache, biased locks): see -Xlog:safepoint";
    private static final String CLASS_LOADING_ADVICE =
            "warm up before the timed iterations, or use a class-data sharing archive (-XX:SharedArchiveFile)";
    private static final String DESCHEDULED_ADVICE = "more threads wanted its CPU than there were cores (other ranks,"
            + " the JVM's JIT and GC threads, other processes on the node); run fewer ranks per node, bind them to"
            + " cores, or fewer GC threads (-XX:ParallelGCThreads)";
}
