package org.qmpi4j.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.bench.BenchEnvironment;
import org.qmpi4j.bench.BenchOptions;
import org.qmpi4j.bench.MarkdownReport;
import org.qmpi4j.bench.RawFigures;
import org.qmpi4j.bench.Scratch;
import org.qmpi4j.bench.ToolAvailability;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.MpjMulticoreLauncher;

/**
 * A third-party test suite in every variant: MPJ Express's mpiJava test programs (prepared by
 * {@code scripts/setup-suite.sh}), each a 2-rank job on MPJ Express in multicore mode.
 *
 * <p>First a selection round without the agent: a program stays in the run only if it ends with
 * status 0 within the time limit on 2 ranks (the others need more ranks, input, or fail on their
 * own) and is a short job (longer ones are the suite's benchmarks); the report lists the others
 * with why. Then every repetition runs each selected program once in
 * every variant, the variants' order rotating from program to program and from repetition to
 * repetition, so that a slow spell of a shared machine falls on all of them. Per variant and
 * repetition the figure is the sum of the programs' wall times; each is compared with the no-agent
 * sum of the same repetition as a ratio, and the median over repetitions is reported. Every run's
 * {@link Outcome} is compared with the no-agent run of the same program in the same repetition.
 */
public final class ThirdPartySuite {
    static final int RANKS = 2;
    static final String TOTAL_WALL = "suite: wall s";
    /** The checker: its findings on the suite's (correct) programs are reported per program. */
    static final String CHECK = "check";

    private static final Pattern REWRITTEN = Pattern.compile("qmpi4j: rewriting: .*call sites rewritten (\\d+)");
    private static final Pattern TAG = Pattern.compile("^\\[\\d+,\\d+\\]<(stdout|stderr)>:");

    private ThirdPartySuite() {}

    /** What to run. */
    public static final class Settings {
        public Path suite = Path.of("mpj-suite");
        public int repetitions = 3;
        public List<Variant> variants = Variants.parse("none,agent,profiler-tracer,tools=profiler+tracer+jfr");
        /** Programs whose class name contains a match; the default takes all. */
        public Pattern only = Pattern.compile("");
        /** Programs left out by name: none by default. */
        public Pattern excluded = Pattern.compile("(?!)");
        /** At most this many programs (0: all). */
        public int limit;
        /** A program's time limit per run; in the selection round, also what excludes a program. */
        public Duration timeLimit = Duration.ofSeconds(30);
        /** Programs that take longer than this without the agent are benchmarks, not short jobs: left out. */
        public Duration shortJob = Duration.ofSeconds(5);
        /** A file to hold {@code flock(1)} on for each round (the selection, each repetition); null: none. */
        public @Nullable Path lock;

        public Path out = Path.of("suite-results");

        String describe() {
            return repetitions + " repetitions; variants " + Variants.ids(variants) + "; " + RANKS
                    + " ranks, MPJ Express multicore; short job: at most " + shortJob.toSeconds()
                    + " s without the agent; time limit " + timeLimit.toSeconds() + " s"
                    + (only.pattern().isEmpty() ? "" : "; only " + only)
                    + (limit > 0 ? "; at most " + limit + " programs" : "");
        }
    }

    /** A program whose outcome under a variant is not its no-agent outcome of the same round. */
    public static final class Difference {
        public final String program;
        public final Variant variant;
        public final int repetition;
        public final Outcome expected;
        public final Outcome actual;

        Difference(String program, Variant variant, int repetition, Outcome expected, Outcome actual) {
            this.program = program;
            this.variant = variant;
            this.repetition = repetition;
            this.expected = expected;
            this.actual = actual;
        }
    }

    /** The figures of a run. */
    public static final class Report {
        public final Settings settings;
        /** Per variant id: the suite's total wall seconds, one per repetition. */
        public final Map<String, List<Double>> totals = new LinkedHashMap<>();
        /** The programs run in every repetition. */
        public final List<String> programs = new ArrayList<>();
        /** Programs left out in the selection round, with why. */
        public final Map<String, String> excluded = new LinkedHashMap<>();

        public final List<Difference> differences = new ArrayList<>();
        /**
         * The call sites the agent rewrote in the first selected program, asked once with {@code
         * verbose}: 0 would mean the suite measured an agent that never reached its calls; -1: not asked.
         */
        public long callSitesRewritten = -1;

        public final Map<String, String> unavailable = new LinkedHashMap<>();

        /**
         * Per run of a variant with the {@code check} tool, keyed {@code program} then variant id
         * and repetition ({@code "<id> #<repetition>"}): its findings, one line each (empty: none).
         */
        public final Map<String, Map<String, List<String>>> checkFindings = new LinkedHashMap<>();

        /** Programs run with the {@code check} tool that never initialised MPI: nothing to check. */
        public final java.util.Set<String> checkWithoutMpi = new java.util.LinkedHashSet<>();

        Report(Settings settings) {
            this.settings = settings;
        }

        public List<Double> totals(Variant v) {
            return totals.getOrDefault(v.id(), List.of());
        }

        public String markdown() {
            return new SuiteReport(this).markdown();
        }
    }

    public static Report run(Settings s, PrintStream progress) throws IOException {
        Report report = new Report(s);
        SuitePrograms suite = SuitePrograms.read(s.suite);
        List<String> candidates = SuitePrograms.select(suite.all, s.only, s.excluded, s.limit);
        List<Variant> runnable = ToolAvailability.runnable(s.variants, report.unavailable, progress, "suite");
        Files.createDirectories(s.out);
        Path work = Scratch.directory("qmpi4j-bench-suite");
        MpjMulticoreLauncher launcher = new MpjMulticoreLauncher();
        try {
            try (MachineLock held = MachineLock.hold(s.lock)) {
                select(s, candidates, suite, launcher, work, report, progress);
            }
            if (!report.programs.isEmpty()) {
                try (MachineLock held = MachineLock.hold(s.lock)) {
                    report.callSitesRewritten = callSitesRewritten(launcher.run(
                            job(report.programs.get(0), Variants.AGENT, "verbose", suite.classes, work, s.timeLimit)));
                }
            }
            for (int rep = 0; rep < s.repetitions; rep++) {
                try (MachineLock held = MachineLock.hold(s.lock)) {
                    repetition(s, rep, runnable, suite, launcher, work, report, progress);
                }
            }
        } finally {
            Scratch.delete(work);
        }
        writeRaw(report);
        return report;
    }

    /** The selection round: each candidate once without the agent; keeps the short jobs that pass. */
    private static void select(
            Settings s,
            List<String> candidates,
            SuitePrograms suite,
            MpjMulticoreLauncher launcher,
            Path work,
            Report report,
            PrintStream progress)
            throws IOException {
        for (String program : candidates) {
            JobResult r = launcher.run(job(program, Variants.NONE, "", suite.classes, work, s.timeLimit));
            String why = exclusion(r, s.shortJob);
            progress.printf(
                    Locale.ROOT,
                    "[suite] selection: %s %.1f s%s%n",
                    program,
                    r.elapsed().toNanos() / 1e9,
                    why == null ? "" : ": left out, " + why);
            if (why == null) {
                report.programs.add(program);
            } else {
                report.excluded.put(program, why);
            }
        }
    }

    /** One repetition: every selected program in every variant, the order rotating per program. */
    private static void repetition(
            Settings s,
            int rep,
            List<Variant> runnable,
            SuitePrograms suite,
            MpjMulticoreLauncher launcher,
            Path work,
            Report report,
            PrintStream progress)
            throws IOException {
        progress.println("[suite] repetition " + (rep + 1) + "/" + s.repetitions + ": " + report.programs.size()
                + " programs, " + runnable.size() + " variants each");
        Map<String, Double> total = new LinkedHashMap<>();
        for (int p = 0; p < report.programs.size(); p++) {
            String program = report.programs.get(p);
            Map<String, Outcome> outcomes = new LinkedHashMap<>();
            for (int k = 0; k < runnable.size(); k++) {
                Variant v = runnable.get((k + p + rep) % runnable.size());
                boolean check = v.tools().contains(CHECK);
                Path checked = work.resolve("check-results");
                if (check) {
                    Scratch.delete(checked);
                }
                JobResult r = launcher.run(
                        job(program, v, check ? "output=" + checked : "", suite.classes, work, s.timeLimit));
                total.merge(v.id(), r.elapsed().toNanos() / 1e9, Double::sum);
                outcomes.put(v.id(), Outcome.of(r, RANKS));
                if (check) {
                    List<String> found = CheckFindings.read(checked);
                    if (found == null) {
                        report.checkWithoutMpi.add(program);
                    } else {
                        report.checkFindings
                                .computeIfAbsent(program, x -> new LinkedHashMap<>())
                                .put(v.id() + " #" + (rep + 1), found);
                        found.forEach(f -> progress.println("[suite] " + program + " under " + v.label() + ": " + f));
                    }
                }
            }
            Outcome expected = outcomes.get(Variants.NONE.id());
            for (Variant v : runnable) {
                Outcome actual = outcomes.get(v.id());
                if (expected != null && !expected.equals(actual)) {
                    report.differences.add(new Difference(program, v, rep + 1, expected, actual));
                    progress.println("[suite] " + program + " under " + v.label() + ": " + actual
                            + " where without the agent: " + expected);
                }
            }
        }
        total.forEach((id, seconds) ->
                report.totals.computeIfAbsent(id, x -> new ArrayList<>()).add(seconds));
    }

    /** Why a selection run leaves its program out, or null if it stays. */
    static @Nullable String exclusion(JobResult r, Duration shortJob) {
        if (r.timedOut()) {
            return "no end within the time limit on " + RANKS + " ranks";
        }
        if (r.exitCode() != 0) {
            String first = firstLine(r.stderr().isBlank() ? r.stdout() : r.stderr());
            return "exit " + r.exitCode() + " on " + RANKS + " ranks" + (first.isEmpty() ? "" : ": " + first);
        }
        if (r.elapsed().compareTo(shortJob) > 0) {
            return String.format(
                    Locale.ROOT,
                    "not a short job: %.1f s without the agent (a benchmark; the limit is %d s)",
                    r.elapsed().toNanos() / 1e9,
                    shortJob.toSeconds());
        }
        return null;
    }

    /** The first line that is the program's or the JVM's, its rank tag removed, not the launcher's own. */
    private static String firstLine(String text) {
        for (String line : text.split("\n", -1)) {
            String s = TAG.matcher(line).replaceFirst("").strip();
            if (!s.isEmpty() && !s.startsWith("qmpi4j")) {
                return s.length() > 120 ? s.substring(0, 120) + "..." : s;
            }
        }
        return "";
    }

    /** The count in the agent's {@code verbose} rewriting summary; 0 without one. */
    static long callSitesRewritten(JobResult r) {
        Matcher m = REWRITTEN.matcher(r.stderr());
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** {@code moreAgentArgs}: added to the variant's agent arguments (e.g. {@code verbose}). */
    private static MpiJob job(
            String program, Variant v, String moreAgentArgs, Path classes, Path work, Duration limit) {
        MpiJob.Builder b = MpiJob.builder(program)
                .classpath(classes)
                .ranks(RANKS)
                .workDir(work) // the tools write their folders here, not into the caller's directory
                .timeout(limit)
                .echo(false);
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), BenchEnvironment.toolsJar());
        if (agent != null) {
            b.jvmOption(moreAgentArgs.isEmpty() ? agent : agent + (agent.contains("=") ? ";" : "=") + moreAgentArgs);
        }
        return b.build();
    }

    private static void writeRaw(Report r) throws IOException {
        Map<String, Map<String, List<Double>>> byVariant = new LinkedHashMap<>();
        r.totals.forEach((id, seconds) -> byVariant.put(id, Map.of(TOTAL_WALL, seconds)));
        RawFigures.writeCsv(byVariant, r.settings.out.resolve("suite-repetitions.csv"));
        List<String> lines = new ArrayList<>();
        r.programs.forEach(p -> lines.add(p + "\trun"));
        r.excluded.forEach((p, why) -> lines.add(p + "\tleft out: " + why));
        Files.write(r.settings.out.resolve("suite-programs.tsv"), lines);
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = BenchOptions.forMain(
                        "A third-party suite (MPJ Express's mpiJava tests), every variant side by side, alternated.",
                        ThirdPartySuite.class)
                .option("suite", "", "the folder scripts/setup-suite.sh prints (programs.txt, classes/)")
                .repetitionsOption(d.repetitions, "program")
                .variantsOption(d.variants)
                .option("only", "", "only programs whose class name contains a match of this regular expression")
                .option(
                        "exclude",
                        "",
                        "leave out programs whose class name contains a match of this regular expression")
                .option("limit", "0", "at most this many programs (0: all)")
                .option(
                        "short-job",
                        String.valueOf(d.shortJob.toSeconds()),
                        "seconds without the agent above which a program is left out as a benchmark")
                .option("time-limit", String.valueOf(d.timeLimit.toSeconds()), "seconds a program may run")
                .option(
                        "lock",
                        "",
                        "a file to hold flock(1) on per round (selection, each repetition), e.g. to share the machine")
                .option("out", d.out.toString(), "directory for the raw figures and the report");
        if (!cl.parse(args)) {
            return;
        }
        if (cl.get("suite").isEmpty()) {
            throw new IllegalArgumentException("--suite is required\n" + cl.usage());
        }
        Settings s = new Settings();
        s.suite = Path.of(cl.get("suite"));
        s.repetitions = cl.getInt("repetitions");
        s.variants = cl.variants();
        s.only = Pattern.compile(cl.get("only"));
        s.excluded = cl.get("exclude").isEmpty() ? d.excluded : Pattern.compile(cl.get("exclude"));
        s.limit = cl.getInt("limit");
        s.timeLimit = Duration.ofSeconds(cl.getInt("time-limit"));
        s.shortJob = Duration.ofSeconds(cl.getInt("short-job"));
        s.lock = cl.get("lock").isEmpty() ? null : Path.of(cl.get("lock"));
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin("A third-party suite", s.describe());
        report.finish(s.out.resolve("suite.md"), run(s, System.out).markdown());
    }
}
