package org.qmpi4j.bench.jobs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmpi4j.bench.MarkdownTable;
import org.qmpi4j.bench.Stats;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.bench.jobs.MpiOverhead.Report;

/**
 * The Markdown of a real-MPI run: medians, ratios to the baseline job of the same repetition
 * (median and range over repetitions), and the targets of BENCHMARKS.md with a plain verdict. With the A/A
 * control in the run (the baseline again, as a variant), a verdict whose distance to the limit is
 * within the control's own deviation from 1 is reported as not resolved rather than met or missed.
 */
final class MpiOverheadReport {
    private final Report r;

    MpiOverheadReport(Report r) {
        this.r = r;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>();
        header.add("variant");
        for (String m : r.metrics) {
            header.add(m + (isStencil(m) ? " (s)" : " (µs)"));
        }
        sb.append(
                "## Medians over repetitions (ping-pong: half round trip, interquartile mean of each job's round trips;"
                        + " stencil: seconds)\n\n");
        MarkdownTable medians = new MarkdownTable(header.toArray(new String[0]));
        MarkdownTable ratios = new MarkdownTable(header.toArray(new String[0]));
        for (Variant v : r.settings.variants) {
            List<Object> med = new ArrayList<>();
            List<Object> rat = new ArrayList<>();
            med.add(v.label());
            rat.add(v.label());
            for (String m : r.metrics) {
                if (r.unavailable.containsKey(v.id())) {
                    med.add("n/a");
                    rat.add("n/a");
                    continue;
                }
                List<Double> values = r.values(v, m);
                med.add(
                        values.isEmpty()
                                ? "-"
                                : String.format(Locale.ROOT, isStencil(m) ? "%.3f" : "%.3f", Stats.median(values)));
                rat.add(v == Variants.NONE ? "1 (baseline)" : ratioText(v, m));
            }
            medians.row(med.toArray());
            ratios.row(rat.toArray());
        }
        sb.append(medians).append('\n');
        sb.append("## Ratio to the baseline job of the same repetition: median (min-max)\n\n")
                .append(ratios)
                .append('\n');
        for (String why : r.unavailable.values()) {
            sb.append("n/a: ")
                    .append(why.startsWith("n/a: ") ? why.substring(5) : why)
                    .append('\n');
        }
        sb.append("## Targets (real MPI)\n\n");
        MarkdownTable t = new MarkdownTable("target", "measured (ratio, median over repetitions; range)", "verdict");
        target(t, "agent with no tool: within 1% on the 0-byte ping-pong", Variants.AGENT, "0 B", 1.01);
        target(
                t,
                "a function no tool registered for (tool 'idle'): within 1% on the 0-byte ping-pong",
                Variants.IDLE,
                "0 B",
                1.01);
        target(t, "profiler: under 15% on the 0-byte ping-pong half round trip", Variants.PROFILER, "0 B", 1.15);
        target(t, "profiler: under 2% at 64 KiB", Variants.PROFILER, "64 KiB", 1.02);
        target(t, "profiler: under 2% at 1 MiB", Variants.PROFILER, "1 MiB", 1.02);
        sb.append(t);
        return sb.toString();
    }

    private void target(MarkdownTable t, String what, Variant v, String metric, double limit) {
        if (!r.settings.variants.contains(v)) {
            return;
        }
        if (r.unavailable.containsKey(v.id())) {
            t.row(what, r.unavailable.get(v.id()), "pending");
            return;
        }
        List<Double> ratios = pairedRatios(v, metric);
        if (ratios.isEmpty()) {
            t.row(what, "not measured", "not measured");
            return;
        }
        double median = Stats.median(ratios);
        // A verdict either way needs the distance to the limit to exceed what identical runs differ by.
        String verdict = median <= limit ? "met" : "missed";
        double noise = controlNoise(metric);
        if (Math.abs(median - limit) <= noise) {
            verdict = String.format(
                    Locale.ROOT,
                    "not resolved (%s by %.3f; A/A control noise %.3f)",
                    median <= limit ? "under" : "over",
                    Math.abs(median - limit),
                    noise);
        }
        t.row(what, ratioText(v, metric) + controlText(metric), verdict);
    }

    /**
     * How far the A/A control strays from 1 in {@code metric}: the larger of its median's distance
     * and half its interquartile range; 0 without the control.
     */
    double controlNoise(String metric) {
        List<Double> aa = pairedRatios(Variants.CONTROL, metric);
        if (aa.isEmpty() || r.unavailable.containsKey(Variants.CONTROL.id())) {
            return 0;
        }
        double[] v = aa.stream().mapToDouble(Double::doubleValue).toArray();
        return Math.max(Math.abs(Stats.median(v) - 1), (Stats.quantile(v, 0.75) - Stats.quantile(v, 0.25)) / 2);
    }

    private String controlText(String metric) {
        return pairedRatios(Variants.CONTROL, metric).isEmpty()
                ? ""
                : "; A/A control " + ratioText(Variants.CONTROL, metric);
    }

    private String ratioText(Variant v, String metric) {
        List<Double> ratios = pairedRatios(v, metric);
        if (ratios.isEmpty()) {
            return "-";
        }
        return String.format(
                Locale.ROOT, "%.3f (%.3f-%.3f)", Stats.median(ratios), Stats.min(ratios), Stats.max(ratios));
    }

    /** Variant / baseline, repetition by repetition. */
    List<Double> pairedRatios(Variant v, String metric) {
        List<Double> a = r.values(v, metric);
        List<Double> base = r.values(Variants.NONE, metric);
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), base.size()); i++) {
            out.add(a.get(i) / base.get(i));
        }
        return out;
    }

    private static boolean isStencil(String metric) {
        return metric.startsWith("stencil");
    }
}
