package org.qmpi4j.bench.jmh;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.ListStatistics;
import org.qmpi4j.bench.BenchEnvironment;
import org.qmpi4j.bench.BenchOptions;
import org.qmpi4j.bench.MarkdownReport;
import org.qmpi4j.bench.Scratch;
import org.qmpi4j.bench.ToolAvailability;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.formats.trace.ShardParser;

/**
 * Runs {@link CallPathBenchmark} in every variant, side by side, and reports each variant against
 * the baseline (no agent) measured in the same run. Each variant gets its own forked JVMs with its
 * own {@code -javaagent} option; rounds alternate the variants (one fork each per round, the order
 * rotated every round) so that a machine that slows down over the run slows every variant alike.
 * Allocation per call comes from JMH's GC profiler ({@code -prof gc}).
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar --help} lists the options.
 */
public final class CallPathRunner {
    /** The benchmark methods, in report order. */
    public static final List<String> BENCHMARKS = List.of("send", "getRank", "getSize");

    private static final double CONFIDENCE = 0.999;

    private CallPathRunner() {}

    /** How long and which variants to run. */
    public static final class Settings {
        public int rounds = 2;
        public int warmupIterations = 4;
        public int warmupMillis = 500;
        public int iterations = 6;
        public int iterationMillis = 500;
        public List<Variant> variants = Variants.CALL_PATH;
        /** A regular expression over {@link #BENCHMARKS}. */
        public String benchmarks = String.join("|", BENCHMARKS);
        /** Where JMH's logs and the raw iteration scores go. */
        public Path out = Path.of("jmh-results");

        /** The fastest run that still forks every variant with its agent: for tests. */
        public static Settings smoke(Path out) {
            Settings s = new Settings();
            s.rounds = 1;
            s.warmupIterations = 0;
            s.iterations = 1;
            s.iterationMillis = 20;
            s.out = out;
            return s;
        }

        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%d round(s) x 1 fork per variant and benchmark; %d warm-up x %d ms, %d measured x %d ms"
                            + " iterations per fork; mode average time; -prof gc",
                    rounds,
                    warmupIterations,
                    warmupMillis,
                    iterations,
                    iterationMillis);
        }
    }

    /** One benchmark in one variant: every measured iteration of every round. */
    public static final class Cell {
        public final List<Double> nanos = new ArrayList<>();
        /**
         * Bytes per call of each iteration in {@link #nanos}' order; NaN for a fork's last iteration
         * (of several), into which JMH's GC profiler counts the trial's tear-down.
         */
        public final List<Double> bytes = new ArrayList<>();

        public double mean() {
            return stats(nanos).getMean();
        }

        /** Half-width of the 99.9% confidence interval of the mean (Student's t); NaN with one iteration. */
        public double error() {
            return nanos.size() < 2 ? Double.NaN : stats(nanos).getMeanErrorAt(CONFIDENCE);
        }

        /** The mean over the iterations whose allocation is per call (not a fork's last, see {@link #bytes}). */
        public double bytesPerCall() {
            List<Double> perCall = new ArrayList<>();
            for (double b : bytes) {
                if (!Double.isNaN(b)) {
                    perCall.add(b);
                }
            }
            return perCall.isEmpty() ? Double.NaN : stats(perCall).getMean();
        }

        private static ListStatistics stats(List<Double> values) {
            ListStatistics s = new ListStatistics();
            values.forEach(s::addValue);
            return s;
        }
    }

    /** Everything measured, by variant id and benchmark; variants that could not run, with why. */
    public static final class Report {
        public final Settings settings;
        public final Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();
        public final Map<String, String> unavailable = new LinkedHashMap<>();

        Report(Settings settings) {
            this.settings = settings;
        }

        public Cell cell(Variant v, String benchmark) {
            Map<String, Cell> byBenchmark = cells.get(v.id());
            return byBenchmark == null ? null : byBenchmark.get(benchmark);
        }

        public String markdown() {
            return new CallPathReport(this).markdown();
        }
    }

    public static Report run(Settings s, PrintStream progress) {
        Report report = new Report(s);
        List<Variant> runnable = ToolAvailability.runnable(s.variants, report.unavailable, progress, "jmh");
        try {
            Files.createDirectories(s.out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int round = 0; round < s.rounds; round++) {
            for (int k = 0; k < runnable.size(); k++) {
                Variant v = runnable.get((k + round) % runnable.size());
                progress.println("[jmh] round " + (round + 1) + "/" + s.rounds + ": " + v.label());
                Collection<RunResult> results = runVariant(s, v, round);
                for (RunResult rr : results) {
                    String name = rr.getParams().getBenchmark();
                    Cell cell = report.cells
                            .computeIfAbsent(v.id(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(name.substring(name.lastIndexOf('.') + 1), x -> new Cell());
                    for (BenchmarkResult br : rr.getBenchmarkResults()) {
                        List<IterationResult> iterations = new ArrayList<>(br.getIterationResults());
                        for (int i = 0; i < iterations.size(); i++) {
                            IterationResult ir = iterations.get(i);
                            cell.nanos.add(ir.getPrimaryResult().getScore());
                            Result<?> alloc = allocation(ir);
                            // The GC profiler counts the trial's tear-down (MPI_Finalize, where the
                            // tools write their results) into the fork's last iteration: not per call.
                            boolean tearDown = i == iterations.size() - 1 && iterations.size() > 1;
                            if (alloc != null) {
                                cell.bytes.add(tearDown ? Double.NaN : alloc.getScore());
                            }
                        }
                    }
                }
            }
        }
        writeRaw(report);
        return report;
    }

    private static Collection<RunResult> runVariant(Settings s, Variant v, int round) {
        List<String> append = new ArrayList<>();
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), null); // pass tool: on the class path
        if (agent != null) {
            append.add(agent);
        }
        append.add("-D" + RoutingCheck.EXPECT + "=" + expectedRoute(v));
        // Where tools that write results (profiler) put them: with the run's logs, not the working directory.
        boolean traces = v.tools().contains("tracer");
        Path toolOutput =
                traces ? s.out.resolve("tool-output-" + v.id() + "-round" + (round + 1)) : s.out.resolve("tool-output");
        append.add("-Dqmpi4j.output=" + toolOutput.toAbsolutePath());
        if (traces) {
            // The tracer records every measured call, gigabytes in a fork: under its default size
            // limit it would stop recording part-way, and the rest of the fork would measure a
            // tracer that records nothing. Its shards are deleted after the variant's forks.
            append.add("-Dqmpi4j.tracer.limit=1t");
        }
        // A fork lasts seconds, a real job minutes: the agent's compiler directive (jit-inline, 10 s
        // after MPI_Init by default) is applied after 1 s here, so that the measured iterations see
        // the call path as a longer job does.
        append.add("-Dqmpi4j.jit-inline=1");
        if (v.pcontrolOff()) {
            append.add("-D" + RoutingCheck.PCONTROL_OFF + "=true");
        }
        Path log = s.out.resolve("jmh-" + v.id() + "-round" + (round + 1) + ".log");
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(CallPathBenchmark.class.getName() + ".") + "(" + s.benchmarks + ")$")
                .forks(1)
                .warmupIterations(s.warmupIterations)
                .warmupTime(TimeValue.milliseconds(s.warmupMillis))
                .measurementIterations(s.iterations)
                .measurementTime(TimeValue.milliseconds(s.iterationMillis))
                .addProfiler(GCProfiler.class)
                // The same heap for every variant, and nothing inherited from the JVM running this.
                .jvmArgs("-Xms512m", "-Xmx512m")
                .jvmArgsAppend(append.toArray(new String[0]))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.NORMAL)
                .output(log.toString());
        try {
            Collection<RunResult> results = new Runner(o.build()).run();
            if (results.isEmpty()) {
                throw new IllegalStateException("JMH ran no benchmark matching '" + s.benchmarks + "'; see " + log);
            }
            if (traces) {
                requireShard(toolOutput, v, log);
            }
            return results;
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed in variant " + v + "; its log: " + log + "\n" + tail(log), e);
        } finally {
            if (traces) {
                Scratch.delete(toolOutput);
            }
        }
    }

    /**
     * A tracer that failed to set up lets the calls through unrecorded, which would be measured as
     * a cheap tracer: a tracing variant's forks must have left a shard with at least one measured
     * call in it, besides {@code MPI_Init} and {@code MPI_Finalize} (each fork is a job of its own in
     * the same folder, which replaces the shard of the fork before). Counted by the shard reader,
     * not by size: on a loaded machine a smoke iteration may hold only the first, linking call.
     */
    private static void requireShard(Path toolOutput, Variant v, Path log) {
        long calls = 0;
        try (Stream<Path> files = Files.walk(toolOutput)) {
            for (Path shard : files.filter(p -> p.getFileName().toString().matches("rank-\\d+\\.trace"))
                    .toList()) {
                calls += measuredCalls(shard);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (calls == 0) {
            throw new IllegalStateException("variant " + v + ": no trace shard with calls in " + toolOutput
                    + " (it holds " + listing(toolOutput) + "); the tracer did not record. Its log: " + log + "\n"
                    + tail(log));
        }
    }

    /** The calls in one shard other than {@code MPI_Init*} and {@code MPI_Finalize}. */
    private static long measuredCalls(Path shard) throws IOException {
        long[] calls = new long[1];
        ShardParser parser = new ShardParser(0, e -> {
            String f = e.function().toUpperCase(java.util.Locale.ROOT);
            if (!f.startsWith("MPI_INIT") && !f.equals("MPI_FINALIZE")) {
                calls[0]++;
            }
        });
        byte[] data = Files.readAllBytes(shard);
        parser.feed(data, 0, data.length);
        parser.end();
        return calls[0];
    }

    /** The files under a folder with their sizes, for an error message. */
    private static String listing(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> folder.relativize(p) + " (" + p.toFile().length() + " B)")
                    .toList()
                    .toString();
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        }
    }

    /** What {@link RoutingCheck} must see in a variant's forks. */
    static String expectedRoute(Variant v) {
        if (!v.usesAgent()) {
            return "plain";
        }
        if (v.tools().isEmpty()) {
            return "linked";
        }
        // The pass-through tool intercepts the probe's function; bundled tools may or may not.
        return v.onlyPassThrough() ? "chain" : "agent";
    }

    /** The GC profiler's bytes per operation of one iteration, or {@code null} without it. */
    private static Result<?> allocation(IterationResult ir) {
        for (String name : ir.getSecondaryResults().keySet()) { // JMH declares the map with the raw type
            if (name.endsWith("gc.alloc.rate.norm")) {
                return ir.getSecondaryResults().get(name);
            }
        }
        return null;
    }

    private static void writeRaw(Report r) {
        StringBuilder csv = new StringBuilder("variant,benchmark,iteration,ns_per_call,bytes_per_call\n");
        r.cells.forEach((variant, byBenchmark) -> byBenchmark.forEach((bench, cell) -> {
            for (int i = 0; i < cell.nanos.size(); i++) {
                csv.append(variant)
                        .append(',')
                        .append(bench)
                        .append(',')
                        .append(i + 1)
                        .append(',')
                        .append(cell.nanos.get(i))
                        .append(',')
                        .append(i < cell.bytes.size() && !cell.bytes.get(i).isNaN() ? cell.bytes.get(i) : "")
                        .append('\n');
            }
        }));
        try {
            Files.writeString(r.settings.out.resolve("callpath-iterations.csv"), csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = new BenchOptions("JMH call-path benchmarks of the qmpi4j agent, every variant side by side.\n"
                        + "usage: java -jar benchmarks/target/benchmarks.jar [options]")
                .option(
                        "rounds",
                        String.valueOf(d.rounds),
                        "rounds; each runs one fork of every variant, order rotated")
                .option("warmup-iterations", String.valueOf(d.warmupIterations), "warm-up iterations per fork")
                .option("warmup-ms", String.valueOf(d.warmupMillis), "time per warm-up iteration")
                .option("iterations", String.valueOf(d.iterations), "measured iterations per fork")
                .option("iteration-ms", String.valueOf(d.iterationMillis), "time per measured iteration")
                .variantsOption(d.variants)
                .option("benchmarks", d.benchmarks, "regular expression over " + BENCHMARKS)
                .option("out", d.out.toString(), "directory for JMH logs, raw scores and the report");
        if (!cl.parse(args)) {
            return;
        }
        Settings s = new Settings();
        s.rounds = cl.getInt("rounds");
        s.warmupIterations = cl.getInt("warmup-iterations");
        s.warmupMillis = cl.getInt("warmup-ms");
        s.iterations = cl.getInt("iterations");
        s.iterationMillis = cl.getInt("iteration-ms");
        s.variants = cl.variants();
        s.benchmarks = cl.get("benchmarks");
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin("JMH call path", s.describe());
        report.finish(s.out.resolve("callpath.md"), run(s, System.out).markdown());
    }
}
