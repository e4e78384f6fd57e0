package org.qmpi4j.bench.heap;

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
import org.qmpi4j.bench.ToolAvailability;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;

/**
 * Runs {@link HeapGrowth} once per variant (its own JVM, fixed heap) and reports the heap after
 * full collections along the way. Flat means: from the first sample (after a warm-up, so per-site
 * structures and the JIT are in place) to the last, the heap grew by less than
 * {@value #FLAT_BYTES} bytes, i.e. far less than one byte per call.
 */
public final class HeapGrowthRunner {
    static final long FLAT_BYTES = 1 << 20;

    private HeapGrowthRunner() {}

    /** What to run. */
    public static final class Settings {
        public long calls = 10_000_000;
        public int points = 5;
        public long warmup = 200_000;
        public List<Variant> variants = Variants.HEAP;
        public Path out = Path.of("heap-results");
    }

    /** Samples per variant: (calls, bytes used) pairs. */
    public static final class Report {
        public final Settings settings;
        public final Map<String, List<long[]>> samples = new LinkedHashMap<>();
        public final Map<String, String> unavailable = new LinkedHashMap<>();

        Report(Settings settings) {
            this.settings = settings;
        }

        /** Last sample minus first, in bytes. */
        public long growth(Variant v) {
            List<long[]> s = samples.get(v.id());
            return s.get(s.size() - 1)[1] - s.get(0)[1];
        }

        public String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("## Heap in use after full GC, ")
                    .append(String.format(Locale.ROOT, "%,d", settings.calls))
                    .append(" calls from ")
                    .append(HeapGrowth.SITES)
                    .append(" call sites\n\n");
            List<String> header = new ArrayList<>(List.of("variant"));
            List<long[]> anySamples =
                    samples.isEmpty() ? List.of() : samples.values().iterator().next();
            for (long[] s : anySamples) {
                header.add(millions(s[0]) + " calls (KiB)");
            }
            header.add("growth");
            header.add("verdict (flat: < 1 MiB)");
            MarkdownTable t = new MarkdownTable(header.toArray(new String[0]));
            for (Variant v : settings.variants) {
                List<Object> row = new ArrayList<>();
                row.add(v.label());
                if (unavailable.containsKey(v.id())) {
                    row.add(unavailable.get(v.id()));
                    while (row.size() < header.size() - 1) {
                        row.add("");
                    }
                    row.add("pending");
                } else {
                    for (long[] s : samples.get(v.id())) {
                        row.add(String.format(Locale.ROOT, "%,d", s[1] / 1024));
                    }
                    long g = growth(v);
                    row.add(String.format(
                            Locale.ROOT, "%+,d KiB (%+.3f B/call)", g / 1024, (double) g / settings.calls));
                    row.add(g < FLAT_BYTES ? "flat" : "grows");
                }
                t.row(row.toArray());
            }
            return sb.append(t).toString();
        }
    }

    private static String millions(long calls) {
        return calls % 1_000_000 == 0
                ? calls / 1_000_000 + "M"
                : calls % 1000 == 0
                        ? String.format(Locale.ROOT, "%,dk", calls / 1000)
                        : String.format(Locale.ROOT, "%,d", calls);
    }

    public static Report run(Settings s, PrintStream progress) throws IOException {
        Report report = new Report(s);
        Files.createDirectories(s.out);
        Path work = Scratch.directory("qmpi4j-bench-heap");
        try {
            for (Variant v : ToolAvailability.runnable(s.variants, report.unavailable, progress, "heap")) {
                progress.println("[heap] " + v.label());
                report.samples.put(v.id(), samples(s, v, work));
            }
        } finally {
            Scratch.delete(work);
        }
        StringBuilder csv = new StringBuilder("variant,calls,heap_used_bytes\n");
        report.samples.forEach((id, list) -> list.forEach(p ->
                csv.append(id).append(',').append(p[0]).append(',').append(p[1]).append('\n')));
        Files.writeString(s.out.resolve("heap-samples.csv"), csv);
        return report;
    }

    private static List<long[]> samples(Settings s, Variant v, Path work) {
        List<String> cmd = new ArrayList<>();
        cmd.add(BenchEnvironment.java().toString());
        cmd.add("-Xms256m");
        cmd.add("-Xmx256m");
        String agent = v.javaagentOption(BenchEnvironment.agentJar(), null); // own tools: on the class path
        if (agent != null) {
            cmd.add(agent);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(HeapGrowth.class.getName());
        cmd.add(String.valueOf(s.calls));
        cmd.add(String.valueOf(s.points));
        cmd.add(String.valueOf(s.warmup));
        JavaProcess.Outcome o = JavaProcess.run(cmd, work, Duration.ofMinutes(10));
        List<long[]> samples = new ArrayList<>();
        for (String line : o.stdout.split("\n")) {
            if (line.startsWith("QMPI4J-HEAP calls=")) {
                String[] f = line.split("\\s+");
                samples.add(new long[] {
                    Long.parseLong(f[1].substring("calls=".length())), Long.parseLong(f[2].substring("used=".length()))
                });
            }
        }
        if (!o.ok() || samples.size() != s.points + 1) {
            throw new IllegalStateException("heap harness failed in " + v + "\n" + o.describe());
        }
        return samples;
    }

    public static void main(String[] args) throws IOException {
        Settings d = new Settings();
        BenchOptions cl = BenchOptions.forMain(
                        "Heap growth over many MPI calls, per tool list.", HeapGrowthRunner.class)
                .option("calls", String.valueOf(d.calls), "MPI calls after the warm-up")
                .option("points", String.valueOf(d.points), "heap samples after the first")
                .option("warmup", String.valueOf(d.warmup), "calls before the first sample")
                .variantsOption(d.variants)
                .option(
                        "tools",
                        "",
                        "one tool list (comma-separated) to examine against the baseline, instead of --variants")
                .option("out", d.out.toString(), "directory for the samples and the report");
        if (!cl.parse(args)) {
            return;
        }
        Settings s = new Settings();
        s.calls = Long.parseLong(cl.get("calls"));
        s.points = cl.getInt("points");
        s.warmup = Long.parseLong(cl.get("warmup"));
        String tools = cl.get("tools").trim();
        s.variants = Variants.parse(tools.isEmpty() ? cl.get("variants") : "tools=" + tools.replace(',', '+'));
        s.out = Path.of(cl.get("out"));
        MarkdownReport report = MarkdownReport.begin(
                "Heap growth",
                "heap 256 MiB fixed, " + s.warmup + " warm-up calls, then " + s.points + " samples after System.gc()");
        report.finish(s.out.resolve("heap.md"), run(s, System.out).markdown());
    }
}
