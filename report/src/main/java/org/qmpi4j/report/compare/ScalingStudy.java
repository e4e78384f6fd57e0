package org.qmpi4j.report.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.JvmSummary;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.formats.waits.WaitReport;

/**
 * A scaling study: runs of one program at several rank counts, ordered by ranks, with each run's
 * time, speedup and parallel efficiency against the smallest run, and for every function and call
 * site how its time per rank grew against what perfect scaling would give, so that the part which
 * stops the code scaling is named.
 *
 * <p>A run's time is its slowest rank's application time (from the end of {@code MPI_Init} to the
 * start of {@code MPI_Finalize}), which is what the user waits for. Under strong scaling (the same
 * problem on more ranks) the ideal time per rank of every part is the smallest run's times its
 * ranks over this run's ranks; under weak scaling (the same work per rank) it is the smallest
 * run's. A part's excess is its time per rank above that ideal in the largest run: the sum of the
 * parts' excesses is the run's loss against perfect scaling, and the part with the largest excess
 * is the one that stops the code scaling. Computation (application time outside MPI) is a part like
 * the MPI functions, so a code limited by its own serial work is told apart from one limited by its
 * communication.
 */
public final class ScalingStudy {
    /** How the runs relate. */
    public enum Mode {
        /** The same problem on more ranks: time should fall as 1/ranks. */
        STRONG,
        /** The same work per rank: time should stay. */
        WEAK
    }

    /** The part that is not MPI: each rank's application time outside MPI calls. */
    public static final String COMPUTATION = "computation";

    /** One run of the study: its label, ranks, time in seconds, speedup and efficiency (1 = perfect). */
    public static final class Run {
        private final String label;
        private final int ranks;
        private final double seconds;
        private final double speedup;
        private final double efficiency;

        Run(String label, int ranks, double seconds, double speedup, double efficiency) {
            this.label = label;
            this.ranks = ranks;
            this.seconds = seconds;
            this.speedup = speedup;
            this.efficiency = efficiency;
        }

        public String label() {
            return label;
        }

        public int ranks() {
            return ranks;
        }

        public double seconds() {
            return seconds;
        }

        public double speedup() {
            return speedup;
        }

        public double efficiency() {
            return efficiency;
        }
    }

    /**
     * One part of the time (a function, a call site or {@link #COMPUTATION}): its time per rank in
     * each run (the sum over ranks divided by the ranks), what perfect scaling would give, and
     * its excess over that in the largest run.
     */
    public static final class Part {
        private final String name;
        private final double[] perRank;
        private final double[] ideal;

        Part(String name, double[] perRank, double[] ideal) {
            this.name = name;
            this.perRank = perRank;
            this.ideal = ideal;
        }

        public String name() {
            return name;
        }

        /** Seconds per rank in each run, smallest run first. */
        public double[] perRank() {
            return perRank.clone();
        }

        /** What perfect scaling from the smallest run gives in each run. */
        public double[] ideal() {
            return ideal.clone();
        }

        /** Time per rank above the ideal in the largest run, in seconds. */
        public double excess() {
            int last = perRank.length - 1;
            return perRank[last] - ideal[last];
        }

        /** Largest run's time per rank over the smallest run's (NaN when the smallest has none). */
        public double growth() {
            return perRank[0] == 0 ? Double.NaN : perRank[perRank.length - 1] / perRank[0];
        }
    }

    /** A figure per run that has no ideal: waiting by pattern, JVM pauses. */
    public static final class Figure {
        private final String name;
        private final double[] values;

        Figure(String name, double[] values) {
            this.name = name;
            this.values = values;
        }

        public String name() {
            return name;
        }

        /** The value in each run, smallest run first. */
        public double[] values() {
            return values.clone();
        }
    }

    private final Mode mode;
    private final List<Run> runs = new ArrayList<>();
    private final List<Part> functions = new ArrayList<>();
    private final List<Part> sites = new ArrayList<>();
    private final List<Figure> waits = new ArrayList<>();
    private final List<Figure> jvm = new ArrayList<>();
    private final List<Figure> iterations = new ArrayList<>();

    /**
     * A study of {@code profiles} (two or more) named by {@code labels}; the runs are ordered by
     * their rank counts (ties keep the given order).
     */
    public ScalingStudy(List<String> labels, List<Profile> profiles, Mode mode) {
        if (profiles.size() < 2 || labels.size() != profiles.size()) {
            throw new IllegalArgumentException("needs two runs or more, each with a label");
        }
        this.mode = mode;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < profiles.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt(i -> profiles.get(i).ranks()));
        List<Profile> ps = new ArrayList<>();
        for (int i : order) {
            ps.add(profiles.get(i));
        }
        int n = ps.size();
        double[] seconds = new double[n];
        for (int i = 0; i < n; i++) {
            seconds[i] = slowestRankSeconds(ps.get(i));
        }
        int p0 = Math.max(1, ps.get(0).ranks());
        for (int i = 0; i < n; i++) {
            int p = Math.max(1, ps.get(i).ranks());
            double ratio = seconds[i] == 0 ? Double.NaN : seconds[0] / seconds[i];
            double speedup = mode == Mode.STRONG ? ratio : ratio * p / p0;
            double efficiency = mode == Mode.STRONG ? ratio * p0 / p : ratio;
            runs.add(new Run(labels.get(order.get(i)), ps.get(i).ranks(), seconds[i], speedup, efficiency));
        }
        Map<String, double[]> fn = new LinkedHashMap<>();
        Map<String, double[]> site = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Profile p = ps.get(i);
            double r = Math.max(1, p.ranks());
            double mpi = 0;
            for (Map.Entry<String, Profile.Entry> f : p.functions().entrySet()) {
                if (!RankProfile.inApplicationTime(f.getKey())) {
                    continue;
                }
                double t = f.getValue().total().timeNs() / 1e9 / r;
                fn.computeIfAbsent(f.getKey(), k -> new double[n])[i] = t;
                mpi += t;
            }
            fn.computeIfAbsent(COMPUTATION, k -> new double[n])[i] = Math.max(0, p.totalAppNs() / 1e9 / r - mpi);
            for (Map.Entry<SiteKey, Profile.Entry> s : p.sites().entrySet()) {
                if (RankProfile.inApplicationTime(s.getKey().function())) {
                    site.computeIfAbsent(ProfileComparison.siteName(s.getKey()), k -> new double[n])[i] +=
                            s.getValue().total().timeNs() / 1e9 / r;
                }
            }
        }
        parts(functions, fn, ps);
        parts(sites, site, ps);
        List<WaitReport> allWaits = RunWaits.ofAll(ps);
        if (allWaits != null) {
            for (Pattern pattern : Pattern.values()) {
                waits.add(new Figure(pattern.label(), RunWaits.secondsPerRank(allWaits, ps, pattern)));
            }
        }
        jvmFigures(ps);
        iterationFigures(ps);
    }

    /**
     * The steady state's time per iteration (the median of the longest rank's, after the warm-up)
     * and its speedup against the smallest run, where every run's profile found iterations: a small
     * run's time is otherwise distorted by the JVM's warm-up, which it pays over fewer iterations.
     */
    private void iterationFigures(List<Profile> ps) {
        int n = ps.size();
        double[] steady = new double[n];
        double[] count = new double[n];
        for (int i = 0; i < n; i++) {
            Iterations it = ps.get(i).iterations();
            Iterations.Steady st = it == null || !it.found() ? null : it.steady();
            if (it == null || st == null) {
                return;
            }
            steady[i] = st.median();
            count[i] = it.count();
        }
        double[] speedup = new double[n];
        for (int i = 0; i < n; i++) {
            double ratio = steady[i] == 0 ? Double.NaN : steady[0] / steady[i];
            speedup[i] = mode == Mode.STRONG
                    ? ratio
                    : ratio
                            * Math.max(1, ps.get(i).ranks())
                            / Math.max(1, ps.get(0).ranks());
        }
        iterations.add(new Figure("iterations", count));
        iterations.add(new Figure("steady time per iteration", steady));
        iterations.add(new Figure("speedup of the steady state", speedup));
    }

    private void parts(List<Part> into, Map<String, double[]> values, List<Profile> ps) {
        int n = ps.size();
        int p0 = Math.max(1, ps.get(0).ranks());
        for (Map.Entry<String, double[]> e : values.entrySet()) {
            double[] t = e.getValue();
            double[] ideal = new double[n];
            for (int i = 0; i < n; i++) {
                ideal[i] =
                        mode == Mode.STRONG ? t[0] * p0 / Math.max(1, ps.get(i).ranks()) : t[0];
            }
            into.add(new Part(e.getKey(), t, ideal));
        }
        into.sort(Comparator.comparingDouble((Part p) -> -p.excess()).thenComparing(Part::name));
    }

    /** The JVM's pauses per rank, where every run's profile has them. */
    private void jvmFigures(List<Profile> ps) {
        int n = ps.size();
        double[][] v = new double[4][n];
        for (int i = 0; i < n; i++) {
            int counted = 0;
            for (Profile.RankSummary r : ps.get(i).rankSummaries()) {
                JvmSummary j = r.jvm();
                if (j == null) {
                    continue;
                }
                counted++;
                v[0][i] += j.gcPauseNs() / 1e9;
                v[1][i] += j.safepointNs() / 1e9;
                v[2][i] += j.classLoadingNs() / 1e9;
                v[3][i] += j.descheduledNs() / 1e9;
            }
            if (counted == 0) {
                return;
            }
            for (double[] kind : v) {
                kind[i] /= counted;
            }
        }
        String[] names = {"garbage collection", "other safepoints", "class loading", "descheduled"};
        for (int k = 0; k < names.length; k++) {
            jvm.add(new Figure(names[k], v[k]));
        }
    }

    private static double slowestRankSeconds(Profile p) {
        long max = 0;
        for (Profile.RankSummary r : p.rankSummaries()) {
            max = Math.max(max, r.appNs());
        }
        return max / 1e9;
    }

    public Mode mode() {
        return mode;
    }

    /** The runs, smallest first. */
    public List<Run> runs() {
        return runs;
    }

    /** {@link #COMPUTATION} and each MPI function (start-up left out), largest excess first. */
    public List<Part> functions() {
        return functions;
    }

    /** Each call site (start-up left out), largest excess first. */
    public List<Part> sites() {
        return sites;
    }

    /**
     * The part that stops the code scaling: the function (or computation) with the largest excess
     * in the largest run, or null when no part exceeds its ideal.
     */
    public @org.qmpi4j.api.Nullable Part limiting() {
        return functions.isEmpty() || functions.get(0).excess() <= 0 ? null : functions.get(0);
    }

    /** Waiting per rank by pattern, when every run's profile has wait states; else empty. */
    public List<Figure> waits() {
        return waits;
    }

    /**
     * Each run's iterations, steady time per iteration (seconds) and the steady state's speedup,
     * when every run's profile found iterations; else empty.
     */
    public List<Figure> iterations() {
        return iterations;
    }

    /** JVM pauses per rank by kind (mean over ranks), when every run's profile has them; else empty. */
    public List<Figure> jvm() {
        return jvm;
    }
}
