package org.qmpi4j.bench.shortjobs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * Short real Open MPI jobs in every variant, alternated (the order rotates every repetition):
 * <ul>
 *   <li><b>one JVM</b>: a 1-rank {@code InitBarrierFinalize} job; the CPU time (user + system) of
 *       its JVM, taken by bash's {@code time} around {@code java} (so it includes everything the
 *       JVM does until it exits: start-up, JIT threads, the tools' writing at finalize and at exit);
 *   <li><b>2 ranks</b>: the same program on 2 ranks, the wall time of the whole {@code mpirun};
 *   <li><b>sequence</b>: the samples and feature programs at small sizes, 2 ranks each, one after
 *       another, the wall time of the whole sequence;
 *   <li><b>end of job</b>: the same program on each count of {@code --end-ranks}, the time from the
 *       last rank's entry into {@code MPI_Finalize} (each rank prints its {@code System.nanoTime()},
 *       one clock for every process of the machine) to {@code mpirun}'s end as this JVM sees it:
 *       what the tools' gathering and writing at the end, MPI's own finalize and the JVMs' exit cost;
 *       and from the same entry to the latest return from {@code MPI_Finalize} of a rank other than
 *       rank 0: how long the others are held (rank 0 writes the reports while they leave).
 * </ul>
 * Each figure of a variant is compared with the no-agent run of the same repetition (difference for
 * the first two, ratio for the sequence), and the median over repetitions is reported.
 */
public final class ShortJobs {
    static final String ONE_JVM_CPU = "one JVM: CPU ms";
    static final String TWO_RANKS_WALL = "2 ranks: wall ms";
    static final String SEQUENCE_WALL = "sequence: wall s";

    private static final String FEATURES = "org.qmpi4j.samples.openmpi.features.";
    private static final String SAMPLES = "org.qmpi4j.samples.openmpi.";
    static final String SMALLEST = FEATURES + "InitBarrierFinalize";
    private static final Pattern CPU_LINE = Pattern.compile("QMPI4J-CPU ([\\d.]+) ([\\d.]+)");
    /** What makes {@code InitBarrierFinalize} say when it entered {@code MPI_Finalize} (its constant). */
    private static final String FINALIZE_TIME = "QMPI4J_SAMPLE_FINALIZE_TIME";

    private static final Pattern FINALIZE_ENTRY = Pattern.compile("finalize-entry-ns=(\\d+)");
    private static final Pattern FINALIZE_RETURN = Pattern.compile("finalize-return-ns=(\\d+)");

    /** The sequence: every sample and feature program that exits normally, at small sizes. */
    static final List<List<String>> SEQUENCE = List.of(
            List.of(SMALLEST),
            List.of(SAMPLES + "Ring"),
            List.of(SAMPLES + "PingPong", "--sizes", "0,1024", "--warmup", "5", "--iterations", "20"),
            List.of(SAMPLES + "Stencil", "32", "5"),
            List.of(SAMPLES + "Collectives"),
            List.of(FEATURES + "CallForms"),
            List.of(FEATURES + "PcontrolLevels"),
            List.of(FEATURES + "PcontrolRegion"),
            List.of(FEATURES + "Reflective"),
            List.of(FEATURES + "Threads"));

    private ShortJobs() {}

    /** What to run. */
    public static final class Settings {
        public int repetitions = 9;
        public List<Variant> variants =
                List.of(Variants.NONE, Variants.AGENT, Variants.PROFILER, Variants.PROFILER_TRACER);
        /** Whether to run the sequence (the longest part: about 10 jobs per variant and repetition). */
        public boolean sequence = true;
        /** The rank counts of the end-of-job measurement (none: not measured). */
        public List<Integer> endRanks = List.of(4);

        public Path out = Path.of("short-results");

        String describe() {
            return repetitions + " repetitions; variants " + Variants.ids(variants) + (sequence ? "" : "; no sequence")
                    + (endRanks.isEmpty() ? "" : "; end of job on " + endRanks + " ranks");
        }
    }

    /** Figures per variant and metric, one per repetition. */
    public static final class Report extends VariantFigures {
        public final Settings settings;

        Report(Settings settings) {
            this.settings = settings;
        }

        @Override
        public String markdown() {
            return new ShortJobsReport(this).markdown();
        }
    }

    public static Report run(Settings s, PrintStream progress) throws IOException {
        Report report = new Report(s);
        report.metrics.add(ONE_JVM_CPU);
        report.metrics.add(TWO_RANKS_WALL);
        if (s.sequence) {
            report.metrics.add(SEQUENCE_WALL);
        }
        for (int n : s.endRanks) {
            report.metrics.add(endOfJob(n));
            report.metrics.add(othersHeld(n));
        }
        List<Variant> runnable = ToolAvailability.runnable(s.variants, report.unavailable, progress, "short");
        Files.createDirectories(s.out);
        Path work = Scratch.directory("qmpi4j-bench-short");
        try {
            Path timedJava = timedJava(work);
            OpenMpiLauncher launcher = new OpenMpiLauncher();
            for (int rep = -1; rep < s.repetitions; rep++) { // -1: one untimed round fills the caches
                for (int k = 0; k < runnable.size(); k++) {
                    Variant v = runnable.get((k + Math.max(rep, 0)) % runnable.size());
                    progress.println(
                            "[short] " + (rep < 0 ? "warm-up" : "repetition " + (rep + 1) + "/" + s.repetitions) + ": "
                                    + v.label());
                    JobResult one = launcher.run(job(List.of(SMALLEST), 1, v, work, timedJava));
                    double cpu = cpuMillis(one);
                    JobResult two = launcher.run(job(List.of(SMALLEST), 2, v, work, null));
                    verified(two, 2);
                    double sequence = 0;
                    if (s.sequence) {
                        for (List<String> program : SEQUENCE) {
                            JobResult r = launcher.run(job(program, 2, v, work, null));
                            verified(r, 2);
                            sequence += r.elapsed().toNanos() / 1e9;
                        }
                    }
                    List<double[]> ends = new ArrayList<>();
                    for (int n : s.endRanks) {
                        MpiJob job = jobBuilder(List.of(SMALLEST), n, v, work, null)
                                .env(FINALIZE_TIME, "1")
                                .timeout(Duration.ofMinutes(5))
                                .build();
                        ends.add(endOfJobMillis(launcher, job, n));
                    }
                    if (rep >= 0) {
                        for (int i = 0; i < ends.size(); i++) {
                            add(report, v, endOfJob(s.endRanks.get(i)), ends.get(i)[0]);
                            add(report, v, othersHeld(s.endRanks.get(i)), ends.get(i)[1]);
                        }
                        add(report, v, ONE_JVM_CPU, cpu);
                        add(report, v, TWO_RANKS_WALL, two.elapsed().toNanos() / 1e6);
                        if (s.sequence) {
                            add(report, v, SEQUENCE_WALL, sequence);
                        }
                    }
                }
            }
        } finally {
            Scratch.delete(work);
        }
        writeRaw(report);
        return report;
    }

    /** The metric of the end of a job of {@code ranks} ranks. */
    static String endOfJob(int ranks) {
        return ranks + " ranks: last MPI_Finalize to the end, ms";
    }

    /** The metric of how long the ranks other than rank 0 stay in MPI_Finalize, in a job of {@code ranks}. */
    static String othersHeld(int ranks) {
        return ranks + " ranks: last MPI_Finalize to the other ranks' return, ms";
    }

    /**
     * Runs {@code job} (its ranks told to print when they entered and left {@code MPI_Finalize})
     * and returns the milliseconds from the last entry to the end of {@code mpirun}, and from it to
     * the last return of a rank other than rank 0.
     */
    private static double[] endOfJobMillis(OpenMpiLauncher launcher, MpiJob job, int ranks) throws IOException {
        JobResult r = launcher.run(job);
        long end = System.nanoTime();
        verified(r, ranks);
        long last = Long.MIN_VALUE;
        long othersReturned = Long.MIN_VALUE;
        for (int rank = 0; rank < ranks; rank++) {
            for (String line : r.rankStdout(rank)) {
                Matcher m = FINALIZE_ENTRY.matcher(line);
                if (m.find()) {
                    last = Math.max(last, Long.parseLong(m.group(1)));
                }
                Matcher back = FINALIZE_RETURN.matcher(line);
                if (rank != 0 && back.find()) {
                    othersReturned = Math.max(othersReturned, Long.parseLong(back.group(1)));
                }
            }
        }
        if (last == Long.MIN_VALUE || othersReturned == Long.MIN_VALUE) {
            throw new IllegalStateException(
                    "the ranks did not say when they entered and left MPI_Finalize\n" + r.describe());
        }
        return new double[] {(end - last) / 1e6, (othersReturned - last) / 1e6};
    }

    private static void add(Report r, Variant v, String metric, double value) {
        r.values
                .computeIfAbsent(v.id(), x -> new LinkedHashMap<>())
                .computeIfAbsent(metric, x -> new ArrayList<>())
                .add(value);
    }

    /**
     * A {@code java} that reports its own CPU time: bash's {@code time} keyword around the real
     * {@code java}, printing {@code QMPI4J-CPU <user s> <system s>} on stderr when it exits.
     */
    static Path timedJava(Path dir) throws IOException {
        Path script = dir.resolve("timed-java");
        Files.writeString(
                script,
                "#!/bin/bash\n"
                        + "TIMEFORMAT='QMPI4J-CPU %3U %3S'\n"
                        + "time \"" + BenchEnvironment.java() + "\" \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private static MpiJob job(List<String> program, int ranks, Variant v, Path work, Path java) {
        return jobBuilder(program, ranks, v, work, java).build();
    }

    private static MpiJob.Builder jobBuilder(List<String> program, int ranks, Variant v, Path work, Path java) {
        MpiJob.Builder b = MpiJob.builder(program.get(0))
                .args(program.subList(1, program.size()))
                .classpath(BenchEnvironment.samplesOpenMpiJar(), BenchEnvironment.samplesCommonJar())
                .ranks(ranks)
                .workDir(work) // the tools write their folders here, not into the caller's directory
                .timeout(Duration.ofMinutes(2))
                .echo(false);
        if (java != null) {
            b.javaExecutable(java);
        }
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), BenchEnvironment.toolsJar());
        if (agent != null) {
            b.jvmOption(agent);
        }
        return b;
    }

    static double cpuMillis(JobResult r) {
        verified(r, 1);
        Matcher m = CPU_LINE.matcher(r.stderr());
        if (!m.find()) {
            throw new IllegalStateException("the timed java printed no CPU line\n" + r.describe());
        }
        return (Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2))) * 1000;
    }

    private static void verified(JobResult r, int ranks) {
        long ok = 0;
        for (int rank = 0; rank < ranks; rank++) {
            ok += r.rankStdout(rank).stream().anyMatch(l -> l.startsWith("QMPI4J-SAMPLE") && l.contains(" result=OK "))
                    ? 1
                    : 0;
        }
        if (!r.succeeded() || ok != ranks) {
            throw new IllegalStateException(
                    "short job failed or did not verify on every rank (" + ok + "/" + ranks + ")\n" + r.describe());
        }
    }

    private static void writeRaw(Report r) throws IOException {
        RawFigures.writeCsv(r.values, r.settings.out.resolve("short-repetitions.csv"));
    }

    private static List<Integer> parseRanks(String list) {
        List<Integer> ranks = new ArrayList<>();
        if (!list.equals("none")) {
            for (String n : list.split(",")) {
                ranks.add(Integer.parseInt(n.trim()));
            }
        }
        return ranks;
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = BenchOptions.forMain(
                        "Short real Open MPI jobs, every variant side by side, alternated.", ShortJobs.class)
                .repetitionsOption(d.repetitions, "job")
                .variantsOption(d.variants)
                .option("sequence", "true", "also run the sequence of samples and feature programs (true/false)")
                .option("end-ranks", "4", "rank counts of the end-of-job measurement, e.g. 4,64 (none: skip it)")
                .option("out", d.out.toString(), "directory for the raw figures and the report");
        if (!cl.parse(args)) {
            return;
        }
        Settings s = new Settings();
        s.repetitions = cl.getInt("repetitions");
        s.variants = cl.variants();
        s.sequence = Boolean.parseBoolean(cl.get("sequence"));
        s.endRanks = parseRanks(cl.get("end-ranks"));
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin("Short jobs", s.describe());
        report.finish(s.out.resolve("short.md"), run(s, System.out).markdown());
    }
}
