package org.qmpi4j.bench.startup;

import java.io.File;
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
import org.qmpi4j.bench.BenchEnvironment;
import org.qmpi4j.bench.BenchOptions;
import org.qmpi4j.bench.JavaProcess;
import org.qmpi4j.bench.MarkdownReport;
import org.qmpi4j.bench.MarkdownTable;
import org.qmpi4j.bench.Scratch;
import org.qmpi4j.bench.Stats;
import org.qmpi4j.bench.ToolAvailability;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * Wall time of a whole JVM that loads every class of the Open MPI samples ({@link StartupProbe}),
 * without and with the agent: premain (settings, binding descriptors, tool discovery) plus the
 * rewriting of the classes that call MPI. The same JVM that loads no class at all gives premain's
 * share. Runs alternate between variants (order rotated every repetition) after one untimed run of
 * each; the added time is the median of the differences to the baseline run of the same
 * repetition. One extra run per agent variant, with {@code verbose}, shows what the agent rewrote.
 */
public final class StartupOverhead {
    /** The target for the agent's start-up added to the JVM's start (BENCHMARKS.md). */
    static final double LIMIT_MS = 300;

    private StartupOverhead() {}

    /** What to run. */
    public static final class Settings {
        public int repetitions = 10;
        public List<Variant> variants = Variants.STARTUP;
        public Path out = Path.of("startup-results");
    }

    /** Wall times per variant, in milliseconds, one per repetition; what each agent variant rewrote. */
    public static final class Report {
        public final Settings settings;
        public final Map<String, List<Double>> millis = new LinkedHashMap<>();
        /** The same JVMs loading no application class: premain's share. */
        public final Map<String, List<Double>> premainMillis = new LinkedHashMap<>();

        public final Map<String, String> rewritten = new LinkedHashMap<>();
        public final Map<String, String> unavailable = new LinkedHashMap<>();
        public int classes;

        Report(Settings settings) {
            this.settings = settings;
        }

        /** Added milliseconds against the baseline run of the same repetition. */
        public List<Double> added(Variant v) {
            return added(millis, v);
        }

        /** Added milliseconds of the JVMs that load no application class. */
        public List<Double> addedByPremain(Variant v) {
            return added(premainMillis, v);
        }

        private static List<Double> added(Map<String, List<Double>> times, Variant v) {
            List<Double> a = times.getOrDefault(v.id(), List.of());
            List<Double> base = times.getOrDefault(Variants.NONE.id(), List.of());
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < Math.min(a.size(), base.size()); i++) {
                out.add(a.get(i) - base.get(i));
            }
            return out;
        }

        public String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("## JVM start-up, loading the ").append(classes).append(" classes of the Open MPI samples\n\n");
            MarkdownTable t = new MarkdownTable(
                    "variant",
                    "wall time, median (ms)",
                    "added vs no agent: median (min..max) ms",
                    "of which: agent start with nothing to rewrite (ms)",
                    "verdict (< 300 ms)");
            for (Variant v : settings.variants) {
                if (unavailable.containsKey(v.id())) {
                    t.row(v.label(), unavailable.get(v.id()), "", "", "pending");
                    continue;
                }
                List<Double> ms = millis.getOrDefault(v.id(), List.of());
                List<Double> added = added(v);
                boolean base = v == Variants.NONE;
                String addedText = base
                        ? "baseline"
                        : String.format(
                                Locale.ROOT,
                                "%+.0f (%+.0f..%+.0f)",
                                Stats.median(added),
                                Stats.min(added),
                                Stats.max(added));
                String premain = base
                        ? String.format(
                                Locale.ROOT,
                                "(JVM loading nothing: %.0f)",
                                Stats.median(premainMillis.getOrDefault(v.id(), List.of())))
                        : String.format(Locale.ROOT, "%+.0f", Stats.median(addedByPremain(v)));
                String verdict = base ? "" : Stats.median(added) < LIMIT_MS ? "met" : "missed";
                t.row(v.label(), String.format(Locale.ROOT, "%.0f", Stats.median(ms)), addedText, premain, verdict);
            }
            sb.append(t).append("\nWhat the agent rewrote (its verbose summary, one extra run per variant):\n\n");
            rewritten.forEach((id, summary) ->
                    sb.append("- ").append(id).append(": ").append(summary).append('\n'));
            return sb.toString();
        }
    }

    public static Report run(Settings s, PrintStream progress) throws IOException {
        Report report = new Report(s);
        List<Variant> runnable = ToolAvailability.runnable(s.variants, report.unavailable, progress, "startup");
        Files.createDirectories(s.out);
        Path work = Scratch.directory("qmpi4j-bench-startup");
        try {
            for (Variant v : runnable) {
                // Untimed: fills the page cache and the class data sharing archive's mappings alike for all.
                JavaProcess.Outcome o = probe(v, false, work);
                report.classes = loadedClasses(o);
                if (v.usesAgent()) {
                    report.rewritten.put(v.id(), rewritingSummary(probe(v, true, work)));
                }
            }
            for (int rep = 0; rep < s.repetitions; rep++) {
                for (int k = 0; k < runnable.size(); k++) {
                    Variant v = runnable.get((k + rep) % runnable.size());
                    JavaProcess.Outcome o = probe(v, false, work);
                    report.millis
                            .computeIfAbsent(v.id(), x -> new ArrayList<>())
                            .add(o.nanos / 1e6);
                    JavaProcess.Outcome empty = probe(v, false, work, List.of());
                    report.premainMillis
                            .computeIfAbsent(v.id(), x -> new ArrayList<>())
                            .add(empty.nanos / 1e6);
                }
                progress.println("[startup] repetition " + (rep + 1) + "/" + s.repetitions + " done");
            }
        } finally {
            Scratch.delete(work);
        }
        StringBuilder csv = new StringBuilder("variant,repetition,millis_loading_samples,millis_loading_nothing\n");
        report.millis.forEach((id, ms) -> {
            for (int i = 0; i < ms.size(); i++) {
                csv.append(id)
                        .append(',')
                        .append(i + 1)
                        .append(',')
                        .append(ms.get(i))
                        .append(',')
                        .append(report.premainMillis.get(id).get(i))
                        .append('\n');
            }
        });
        Files.writeString(s.out.resolve("startup-repetitions.csv"), csv);
        return report;
    }

    private static JavaProcess.Outcome probe(Variant v, boolean verbose, Path work) {
        return probe(
                v,
                verbose,
                work,
                List.of(
                        BenchEnvironment.samplesOpenMpiJar().toString(),
                        BenchEnvironment.samplesCommonJar().toString()));
    }

    /** One JVM of the probe, loading the classes of {@code jars} (none: premain alone). */
    private static JavaProcess.Outcome probe(Variant v, boolean verbose, Path work, List<String> jars) {
        List<String> cmd = new ArrayList<>();
        cmd.add(BenchEnvironment.java().toString());
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), BenchEnvironment.toolsJar());
        if (agent != null) {
            cmd.add(verbose ? agent + (agent.contains("=") ? ";" : "=") + "verbose" : agent);
        }
        cmd.add("-cp");
        cmd.add(String.join(
                File.pathSeparator,
                MpiRuntimes.openMpiJar().toString(),
                BenchEnvironment.samplesOpenMpiJar().toString(),
                BenchEnvironment.samplesCommonJar().toString(),
                BenchEnvironment.startupJar().toString()));
        cmd.add(StartupProbe.class.getName());
        cmd.addAll(jars);
        JavaProcess.Outcome o = JavaProcess.run(cmd, work, Duration.ofMinutes(2));
        if (!o.ok() || !o.stdout.contains("qmpi4j-startup: loaded ")) {
            throw new IllegalStateException("start-up probe failed in " + v + "\n" + o.describe());
        }
        return o;
    }

    private static int loadedClasses(JavaProcess.Outcome o) {
        String s = o.stdout.substring(o.stdout.indexOf("qmpi4j-startup: loaded ") + "qmpi4j-startup: loaded ".length());
        return Integer.parseInt(s.substring(0, s.indexOf(' ')));
    }

    /** The agent's {@code qmpi4j: rewriting: ...} line, which must exist and report classes rewritten. */
    private static String rewritingSummary(JavaProcess.Outcome o) {
        for (String line : o.stderr.split("\n")) {
            if (line.startsWith("qmpi4j: rewriting: ")) {
                return line.substring("qmpi4j: rewriting: ".length()).trim();
            }
        }
        throw new IllegalStateException("the agent printed no rewriting summary\n" + o.describe());
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = BenchOptions.forMain(
                        "JVM start-up with and without the agent, alternated.", StartupOverhead.class)
                .option("repetitions", String.valueOf(d.repetitions), "timed runs of each variant")
                .variantsOption(d.variants)
                .option("out", d.out.toString(), "directory for the raw times and the report");
        if (!cl.parse(args)) {
            return;
        }
        Settings s = new Settings();
        s.repetitions = cl.getInt("repetitions");
        s.variants = cl.variants();
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin(
                "Agent start-up", s.repetitions + " timed runs per variant, alternated, after one untimed run each");
        report.finish(s.out.resolve("startup.md"), run(s, System.out).markdown());
    }
}
