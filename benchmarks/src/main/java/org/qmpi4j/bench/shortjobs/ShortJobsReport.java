package org.qmpi4j.bench.shortjobs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmpi4j.bench.MarkdownTable;
import org.qmpi4j.bench.Stats;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.bench.shortjobs.ShortJobs.Report;

/**
 * The Markdown of a short-job run: medians per variant, what each variant adds to the no-agent
 * run of the same repetition (median and range over repetitions), and the targets of
 * BENCHMARKS.md with a plain verdict.
 */
final class ShortJobsReport {
    private final Report r;

    ShortJobsReport(Report r) {
        this.r = r;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>();
        header.add("variant");
        header.addAll(r.metrics);
        MarkdownTable medians = new MarkdownTable(header.toArray(new String[0]));
        MarkdownTable added = new MarkdownTable(header.toArray(new String[0]));
        for (Variant v : r.settings.variants) {
            List<Object> med = new ArrayList<>();
            List<Object> add = new ArrayList<>();
            med.add(v.label());
            add.add(v.label());
            for (String m : r.metrics) {
                if (r.unavailable.containsKey(v.id()) || r.values(v, m).isEmpty()) {
                    med.add("n/a");
                    add.add("n/a");
                    continue;
                }
                med.add(format(m, Stats.median(r.values(v, m))));
                add.add(v == Variants.NONE ? "baseline" : comparison(v, m));
            }
            medians.row(med.toArray());
            added.row(add.toArray());
        }
        sb.append("## Medians over repetitions\n\n").append(medians).append('\n');
        sb.append("## Added to the no-agent run of the same repetition: median (min-max);"
                        + " the sequence as a ratio\n\n")
                .append(added)
                .append('\n');
        for (String why : r.unavailable.values()) {
            sb.append("n/a: ")
                    .append(why.startsWith("n/a: ") ? why.substring(5) : why)
                    .append('\n');
        }
        sb.append("## Targets (short jobs)\n\n");
        MarkdownTable t = new MarkdownTable("target", "measured (median; range)", "verdict");
        target(t, "agent, no tool: at most +50 ms CPU in one JVM", Variants.AGENT, ShortJobs.ONE_JVM_CPU, 50);
        target(
                t,
                "profiler,tracer: at most +150 ms CPU in one JVM",
                Variants.PROFILER_TRACER,
                ShortJobs.ONE_JVM_CPU,
                150);
        target(t, "agent, no tool: 2-rank job at most +60 ms wall", Variants.AGENT, ShortJobs.TWO_RANKS_WALL, 60);
        target(
                t,
                "profiler,tracer: 2-rank job at most +200 ms wall",
                Variants.PROFILER_TRACER,
                ShortJobs.TWO_RANKS_WALL,
                200);
        if (r.metrics.contains(ShortJobs.SEQUENCE_WALL)) {
            target(t, "profiler: the sequence at most 1.2 times", Variants.PROFILER, ShortJobs.SEQUENCE_WALL, 1.2);
        }
        for (int n : r.settings.endRanks) {
            target(
                    t,
                    "profiler,tracer: " + n + " ranks, last MPI_Finalize to the end at most +1000 ms",
                    Variants.PROFILER_TRACER,
                    ShortJobs.endOfJob(n),
                    1000);
        }
        sb.append(t);
        return sb.toString();
    }

    private static boolean isRatio(String metric) {
        return metric.equals(ShortJobs.SEQUENCE_WALL);
    }

    private static String format(String metric, double value) {
        return String.format(Locale.ROOT, isRatio(metric) ? "%.2f" : "%.0f", value);
    }

    /** Per repetition: the variant's figure minus (or, for the sequence, over) the baseline's. */
    List<Double> compared(Variant v, String metric) {
        List<Double> mine = r.values(v, metric);
        List<Double> base = r.values(Variants.NONE, metric);
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < Math.min(mine.size(), base.size()); i++) {
            out.add(isRatio(metric) ? mine.get(i) / base.get(i) : mine.get(i) - base.get(i));
        }
        return out;
    }

    private String comparison(Variant v, String metric) {
        List<Double> c = compared(v, metric);
        if (c.isEmpty()) {
            return "-";
        }
        String f = isRatio(metric) ? "%.2f× (%.2f-%.2f)" : "%+.0f (%+.0f to %+.0f)";
        return String.format(Locale.ROOT, f, Stats.median(c), Stats.min(c), Stats.max(c));
    }

    private void target(MarkdownTable t, String what, Variant v, String metric, double limit) {
        List<Double> c = compared(v, metric);
        if (r.unavailable.containsKey(v.id()) || c.isEmpty() || !r.settings.variants.contains(v)) {
            t.row(what, "not measured in this run", "-");
            return;
        }
        double median = Stats.median(c);
        t.row(what, comparison(v, metric), median <= limit ? "met" : "missed");
    }
}
