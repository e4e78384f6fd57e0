package org.qmpi4j.report.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * The figures of several runs side by side, each row with its change from the first run to the
 * last. Runs of different rank counts compare per rank where a figure grows with the ranks (time:
 * the sum over ranks divided by the ranks, so a weak-scaling run that keeps each rank's work keeps
 * its figures) and in total where the job's work is what counts (calls, messages, bytes). The
 * functions and call sites come ordered by how much their time per rank changed, most first.
 */
public final class ProfileComparison {
    /** One figure across the runs. */
    public static final class Row {
        private final String name;
        private final String unit;
        private final double[] values;

        Row(String name, String unit, double[] values) {
            this.name = name;
            this.unit = unit;
            this.values = values;
        }

        public String name() {
            return name;
        }

        /** {@code s}, {@code calls}, {@code B}, {@code %}, {@code x} or empty. */
        public String unit() {
            return unit;
        }

        /** The value in each run, in the order the runs were given; 0 where a run lacks it. */
        public double value(int run) {
            return values[run];
        }

        /** Last run minus first. */
        public double change() {
            return values[values.length - 1] - values[0];
        }

        /** The change relative to the first run, or NaN when the first run has 0. */
        public double relativeChange() {
            return values[0] == 0 ? Double.NaN : change() / values[0];
        }
    }

    private final List<String> labels = new ArrayList<>();
    private final List<Integer> ranks = new ArrayList<>();
    private final List<Row> job = new ArrayList<>();
    private final List<Row> functions = new ArrayList<>();
    private final List<Row> functionCalls = new ArrayList<>();
    private final List<Row> sites = new ArrayList<>();
    private final List<Row> waits = new ArrayList<>();
    private final List<Row> jvm = new ArrayList<>();

    /** Compares {@code profiles} (at least two), named by {@code labels}, first to last. */
    public ProfileComparison(List<String> labels, List<Profile> profiles) {
        if (profiles.size() < 2 || labels.size() != profiles.size()) {
            throw new IllegalArgumentException("needs two runs or more, each with a label");
        }
        this.labels.addAll(labels);
        int n = profiles.size();
        double[] rankCount = new double[n];
        double[] app = new double[n];
        double[] mpi = new double[n];
        double[] share = new double[n];
        double[] imbalance = new double[n];
        double[] messages = new double[n];
        double[] bytes = new double[n];
        Map<String, double[]> fnTime = new LinkedHashMap<>();
        Map<String, double[]> fnCalls = new LinkedHashMap<>();
        Map<String, double[]> siteTime = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Profile p = profiles.get(i);
            int r = Math.max(1, p.ranks());
            ranks.add(p.ranks());
            rankCount[i] = p.ranks();
            app[i] = p.totalAppNs() / 1e9 / r;
            mpi[i] = p.totalMpiNs() / 1e9 / r;
            share[i] = p.totalAppNs() == 0 ? 0 : 100.0 * p.totalMpiNs() / p.totalAppNs();
            imbalance[i] = imbalance(p);
            messages[i] = p.matrix().totalMessages();
            bytes[i] = p.matrix().totalBytes();
            for (Map.Entry<String, Profile.Entry> f : p.functions().entrySet()) {
                CallStats s = f.getValue().total();
                fnTime.computeIfAbsent(f.getKey(), k -> new double[n])[i] = s.timeNs() / 1e9 / r;
                fnCalls.computeIfAbsent(f.getKey(), k -> new double[n])[i] = s.calls();
            }
            for (Map.Entry<SiteKey, Profile.Entry> s : p.sites().entrySet()) {
                siteTime.computeIfAbsent(siteName(s.getKey()), k -> new double[n])[i] +=
                        s.getValue().total().timeNs() / 1e9 / r;
            }
        }
        job.add(new Row("ranks", "", rankCount));
        job.add(new Row("application time per rank", "s", app));
        job.add(new Row("MPI time per rank", "s", mpi));
        job.add(new Row("MPI share of the application time", "%", share));
        job.add(new Row("imbalance (slowest rank's MPI time / mean)", "x", imbalance));
        job.add(new Row("point-to-point messages", "", messages));
        job.add(new Row("point-to-point bytes", "B", bytes));
        addSorted(functions, fnTime, "s");
        for (Row f : functions) {
            functionCalls.add(new Row(f.name(), "calls", Objects.requireNonNull(fnCalls.get(f.name()))));
        }
        addSorted(sites, siteTime, "s");
        List<WaitReport> allWaits = RunWaits.ofAll(profiles);
        if (allWaits != null) {
            for (Pattern pattern : Pattern.values()) {
                waits.add(new Row(pattern.label(), "s", RunWaits.secondsPerRank(allWaits, profiles, pattern)));
            }
            double[] path = new double[n];
            for (int i = 0; i < n; i++) {
                path[i] = allWaits.get(i).criticalPathNs() / 1e9;
            }
            waits.add(new Row("critical path", "s", path));
        }
        JvmComparison.rows(profiles, allWaits, jvm);
    }

    private static void addSorted(List<Row> into, Map<String, double[]> values, String unit) {
        for (Map.Entry<String, double[]> e : values.entrySet()) {
            into.add(new Row(e.getKey(), unit, e.getValue()));
        }
        into.sort(
                Comparator.comparingDouble((Row row) -> -Math.abs(row.change())).thenComparing(Row::name));
    }

    /** The slowest rank's MPI time over the mean of all ranks' (1 when balanced, 0 without ranks). */
    private static double imbalance(Profile p) {
        double sum = 0;
        double max = 0;
        int n = 0;
        for (Profile.RankSummary r : p.rankSummaries()) {
            sum += r.mpiNs();
            max = Math.max(max, r.mpiNs());
            n++;
        }
        return n == 0 || sum == 0 ? 0 : max / (sum / n);
    }

    /** {@code Stencil.main(Stencil.java:112) MPI_WAITALL}. */
    static String siteName(SiteKey k) {
        String cls = k.className();
        return cls.substring(cls.lastIndexOf('.') + 1) + "." + k.methodName() + "("
                + (k.fileName() == null ? "Unknown Source" : k.fileName() + (k.line() >= 0 ? ":" + k.line() : ""))
                + ") " + k.function();
    }

    public List<String> labels() {
        return labels;
    }

    public int ranks(int run) {
        return ranks.get(run);
    }

    /** The job's figures: ranks, time per rank, MPI share, imbalance, messages, bytes. */
    public List<Row> job() {
        return job;
    }

    /** Each function's MPI time per rank, most changed first. */
    public List<Row> functions() {
        return functions;
    }

    /** Each function's calls (all ranks), in the order of {@link #functions()}. */
    public List<Row> functionCalls() {
        return functionCalls;
    }

    /**
     * Waiting per rank by pattern, and the critical path's length, when every profile has wait
     * states (the tracer ran beside the profiler); else empty.
     */
    public List<Row> waits() {
        return waits;
    }

    /**
     * What the JVM took (per rank on average, then each rank's, for jobs of at most
     * {@link JvmComparison#MOST_RANKS} ranks) and, when every profile has wait states, the waiting
     * each kind caused; only rows some run has; empty when no profile knows what its JVM did.
     */
    public List<Row> jvm() {
        return jvm;
    }

    /** Each call site's MPI time per rank, most changed first. */
    public List<Row> sites() {
        return sites;
    }
}
