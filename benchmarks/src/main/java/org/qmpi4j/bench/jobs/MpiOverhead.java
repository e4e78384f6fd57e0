package org.qmpi4j.bench.jobs;

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
import org.qmpi4j.bench.BenchEnvironment;
import org.qmpi4j.bench.BenchOptions;
import org.qmpi4j.bench.MarkdownReport;
import org.qmpi4j.bench.RawFigures;
import org.qmpi4j.bench.Scratch;
import org.qmpi4j.bench.ToolAvailability;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.VariantFigures;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * The samples as real Open MPI jobs under {@code mpirun}, in every variant, alternated: each
 * repetition runs one job of each kind in every variant back to back (the order rotated every
 * repetition), so that each variant's job runs within seconds of the baseline's. Reported per
 * variant: the median over repetitions, and the median (with range) of the ratios to the baseline
 * job of the same repetition.
 *
 * <p>Jobs: the ping-pong at small sizes with a long warm-up (so that the JIT has compiled the loop,
 * and the agent's code on the way, before it is timed) and many round trips, the ping-pong at large
 * sizes, and the 2D stencil. The
 * ping-pong's figure is its interquartile-mean half round trip (robust to preempted round trips, and
 * finer than the clock's step, unlike the median); the stencil's is the time of its iterations
 * (which it prints) and the whole job's wall time ({@code mpirun} to exit).
 */
public final class MpiOverhead {
    private static final String PINGPONG = "org.qmpi4j.samples.openmpi.PingPong";
    private static final String STENCIL = "org.qmpi4j.samples.openmpi.Stencil";
    /** bytes, mean, MB/s, median, interquartile mean (all half round trips in µs). */
    private static final Pattern PINGPONG_ROW =
            Pattern.compile("^\\s*(\\d+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s*$");

    private static final Pattern STENCIL_TIME = Pattern.compile("^# stencil: .* ([\\d.]+) s$");
    public static final String STENCIL_LOOP = "stencil loop";
    public static final String STENCIL_JOB = "stencil job";

    private MpiOverhead() {}

    /** What to run. */
    public static final class Settings {
        public int repetitions = 5;
        public int ranks = 2;
        public List<Variant> variants = Variants.MPI_JOBS;
        /**
         * Ping-pong jobs, one per group {@code sizes:warm-up:timed round trips}, groups separated by
         * spaces. Each warm-up is long enough for the agent's own code (chain, method handles) to be
         * compiled by C2 before timing starts: on 2 cores the two busy-polling ranks leave the JIT
         * little time (BENCHMARKS.md, "Reading the numbers": what shorter warm-ups measure).
         */
        public String pingPong = "0,8,1024:1000000:100000 65536:20000:3000 1048576:2000:1000";
        /** Grid size and iterations of the stencil. */
        public String stencil = "512 6000";

        public Path out = Path.of("mpi-results");

        String describe() {
            StringBuilder sb =
                    new StringBuilder(String.format(Locale.ROOT, "%d repetitions, %d ranks;", repetitions, ranks));
            for (PingPongGroup g : PingPongGroup.parse(pingPong)) {
                sb.append(String.format(
                        Locale.ROOT,
                        " ping-pong %s B: %,d warm-up + %,d timed round trips;",
                        g.sizes,
                        g.warmup,
                        g.iterations));
            }
            return sb.append(" stencil ")
                    .append(stencil)
                    .append(" (grid, iterations)")
                    .toString();
        }
    }

    /** One ping-pong job: its sizes, warm-up and timed round trips per size. */
    static final class PingPongGroup {
        final String sizes;
        final int warmup;
        final int iterations;

        private PingPongGroup(String sizes, int warmup, int iterations) {
            this.sizes = sizes;
            this.warmup = warmup;
            this.iterations = iterations;
        }

        static List<PingPongGroup> parse(String spec) {
            List<PingPongGroup> groups = new ArrayList<>();
            for (String g : spec.trim().split("\\s+")) {
                String[] f = g.split(":");
                if (f.length != 3 || f[0].isEmpty()) {
                    throw new IllegalArgumentException(
                            "ping-pong group '" + g + "' is not sizes:warm-up:timed, e.g. 0,8:1000:500");
                }
                for (String size : f[0].split(",")) {
                    Integer.parseInt(size.trim());
                }
                groups.add(new PingPongGroup(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2])));
            }
            return groups;
        }
    }

    /** Every figure of every repetition; its metrics: the ping-pong sizes, then the stencil's. */
    public static final class Report extends VariantFigures {
        public final Settings settings;

        Report(Settings settings) {
            this.settings = settings;
        }

        @Override
        public String markdown() {
            return new MpiOverheadReport(this).markdown();
        }
    }

    /** The metric name of a ping-pong size: {@code "0 B"}, {@code "64 KiB"}. */
    public static String sizeMetric(int bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }

    public static Report run(Settings s, PrintStream progress) throws IOException {
        Report report = new Report(s);
        List<PingPongGroup> groups = PingPongGroup.parse(s.pingPong);
        List<String> kinds = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            kinds.add("pingpong " + g);
            for (String size : groups.get(g).sizes.split(",")) {
                report.metrics.add(sizeMetric(Integer.parseInt(size.trim())));
            }
        }
        kinds.add("stencil");
        report.metrics.add(STENCIL_LOOP);
        report.metrics.add(STENCIL_JOB);
        List<Variant> runnable = ToolAvailability.runnable(s.variants, report.unavailable, progress, "mpi");
        Files.createDirectories(s.out);
        Path work = Scratch.directory("qmpi4j-bench-mpi");
        try {
            OpenMpiLauncher launcher = new OpenMpiLauncher();
            for (int rep = 0; rep < s.repetitions; rep++) {
                for (String kind : kinds) {
                    for (int k = 0; k < runnable.size(); k++) {
                        Variant v = runnable.get((k + rep) % runnable.size());
                        progress.println(
                                "[mpi] repetition " + (rep + 1) + "/" + s.repetitions + ": " + kind + ", " + v.label());
                        JobResult result = launcher.run(job(s, groups, v, kind, work));
                        Map<String, Double> figures = parse(kind, result, s.ranks);
                        figures.forEach((metric, value) -> report.values
                                .computeIfAbsent(v.id(), x -> new LinkedHashMap<>())
                                .computeIfAbsent(metric, x -> new ArrayList<>())
                                .add(value));
                    }
                }
            }
        } finally {
            Scratch.delete(work);
        }
        writeRaw(report);
        return report;
    }

    private static MpiJob job(Settings s, List<PingPongGroup> groups, Variant v, String kind, Path work) {
        MpiJob.Builder b;
        if (kind.startsWith("pingpong ")) {
            PingPongGroup g = groups.get(Integer.parseInt(kind.substring("pingpong ".length())));
            b = MpiJob.builder(PINGPONG)
                    .args(
                            "--sizes",
                            g.sizes,
                            "--warmup",
                            String.valueOf(g.warmup),
                            "--iterations",
                            String.valueOf(g.iterations));
        } else {
            b = MpiJob.builder(STENCIL).args(s.stencil.trim().split("\\s+"));
        }
        b.classpath(BenchEnvironment.samplesOpenMpiJar(), BenchEnvironment.samplesCommonJar())
                .ranks(s.ranks)
                .workDir(work) // a tracer writes its files here, not into the caller's directory
                .timeout(Duration.ofMinutes(10))
                .echo(false);
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), BenchEnvironment.toolsJar());
        if (agent != null) {
            b.jvmOption(agent);
        }
        return b.build();
    }

    /** The figures of one job: half round trip per size (µs), or the stencil's loop and job time (s). */
    static Map<String, Double> parse(String kind, JobResult result, int ranks) {
        if (!result.succeeded()) {
            throw new IllegalStateException(kind + " job failed\n" + result.describe());
        }
        long ok = 0;
        for (int rank = 0; rank < ranks; rank++) {
            ok += result.rankStdout(rank).stream()
                            .anyMatch(l -> l.startsWith("QMPI4J-SAMPLE") && l.contains(" result=OK "))
                    ? 1
                    : 0;
        }
        if (ok != ranks) {
            throw new IllegalStateException(
                    kind + " job: " + ok + " of " + ranks + " ranks verified their result\n" + result.describe());
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String line : result.rankStdout(0)) {
            if (kind.equals("stencil")) {
                Matcher m = STENCIL_TIME.matcher(line.strip());
                if (m.matches()) {
                    figures.put(STENCIL_LOOP, Double.parseDouble(m.group(1)));
                }
            } else {
                Matcher m = PINGPONG_ROW.matcher(line);
                if (m.matches()) {
                    figures.put(sizeMetric(Integer.parseInt(m.group(1))), Double.parseDouble(m.group(5)));
                }
            }
        }
        if (kind.equals("stencil")) {
            figures.put(STENCIL_JOB, result.elapsed().toNanos() / 1e9);
        }
        if (figures.isEmpty() || (kind.equals("stencil") && !figures.containsKey(STENCIL_LOOP))) {
            throw new IllegalStateException(
                    kind + " job: rank 0 printed no timing the benchmark understands\n" + result.describe());
        }
        return figures;
    }

    private static void writeRaw(Report r) throws IOException {
        RawFigures.writeCsv(r.values, r.settings.out.resolve("mpi-repetitions.csv"));
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = BenchOptions.forMain(
                        "The samples as real Open MPI jobs, every variant side by side, alternated.", MpiOverhead.class)
                .repetitionsOption(d.repetitions, "job")
                .option("ranks", String.valueOf(d.ranks), "ranks per job")
                .variantsOption(d.variants)
                .option(
                        "pingpong",
                        d.pingPong,
                        "ping-pong jobs: sizes:warm-up:timed round trips per job, space-separated")
                .option("stencil", d.stencil, "stencil arguments: grid size and iterations")
                .option("out", d.out.toString(), "directory for the raw figures and the report");
        if (!cl.parse(args)) {
            return;
        }
        Settings s = new Settings();
        s.repetitions = cl.getInt("repetitions");
        s.ranks = cl.getInt("ranks");
        s.variants = cl.variants();
        s.pingPong = cl.get("pingpong");
        s.stencil = cl.get("stencil");
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin("Real Open MPI jobs", s.describe());
        report.finish(s.out.resolve("mpi.md"), run(s, System.out).markdown());
    }
}
