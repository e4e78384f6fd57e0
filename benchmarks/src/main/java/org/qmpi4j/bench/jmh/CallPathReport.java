package org.qmpi4j.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.qmpi4j.bench.MarkdownTable;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.bench.jmh.CallPathRunner.Cell;
import org.qmpi4j.bench.jmh.CallPathRunner.Report;

/**
 * The Markdown of a call-path run: every score with its 99.9% confidence interval and its
 * difference to the baseline of the same run, then the targets of BENCHMARKS.md with a plain verdict.
 * Differences combine both intervals in quadrature (an approximation; the raw scores are in
 * {@code callpath-iterations.csv}).
 */
final class CallPathReport {
    /** Target: agent with no tool, or a function no tool registered for. */
    static final double NO_TOOL_LIMIT_NS = 1.0;
    /** Target: each pass-through tool. */
    static final double PER_TOOL_LIMIT_NS = 2.0;
    /** Below this, "no allocation" (GC-profiler noise is a small fraction of a byte). */
    static final double NO_ALLOCATION_BYTES = 1.0;

    private final Report r;

    CallPathReport(Report r) {
        this.r = r;
    }

    /** A value and the half-width of its 99.9% confidence interval. */
    static final class Estimate {
        final double value;
        final double error;

        Estimate(double value, double error) {
            this.value = value;
            this.error = error;
        }

        boolean measured() {
            return !Double.isNaN(value);
        }

        String ns() {
            return !measured() ? "n/a" : String.format(Locale.ROOT, "%+.2f ± %s ns", value, err());
        }

        String err() {
            return Double.isNaN(error) ? "?" : String.format(Locale.ROOT, "%.2f", error);
        }
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("## Time and allocation per call\n\n");
        MarkdownTable t =
                new MarkdownTable("benchmark", "variant", "ns/call ± 99.9% CI", "added vs no agent", "B/call");
        for (String b : CallPathRunner.BENCHMARKS) {
            for (Variant v : r.settings.variants) {
                if (r.unavailable.containsKey(v.id())) {
                    t.row(b, v.label(), r.unavailable.get(v.id()), "", "");
                    continue;
                }
                Cell c = r.cell(v, b);
                if (c == null) {
                    continue;
                }
                t.row(
                        b,
                        v.label(),
                        String.format(Locale.ROOT, "%.3f ± %s", c.mean(), fmt(c.error(), 3)),
                        v == Variants.NONE ? "baseline" : added(v, b).ns(),
                        fmt(c.bytesPerCall(), 1));
            }
        }
        sb.append(t).append('\n');
        sb.append("## Targets (JMH)\n\n");
        MarkdownTable targets = new MarkdownTable("target", "measured", "verdict");
        List<String> callBenchmarks = present(List.of("send", "getRank"));

        List<String> parts = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        for (String b : present(CallPathRunner.BENCHMARKS)) {
            Estimate e = added(Variants.AGENT, b);
            parts.add(b + " " + e.ns());
            verdicts.add(verdict(e, NO_TOOL_LIMIT_NS));
        }
        targets.row("agent with no tool: < 1 ns added per call", join(parts), worst(verdicts));

        parts.clear();
        verdicts.clear();
        for (Variant v : passThroughVariants()) {
            Estimate e = added(v, "getSize");
            parts.add(v.tools().size() + " tools " + e.ns());
            verdicts.add(verdict(e, NO_TOOL_LIMIT_NS));
        }
        targets.row(
                "function no tool registered for (getSize under pass-through tools): < 1 ns",
                join(parts),
                worst(verdicts));

        parts.clear();
        verdicts.clear();
        List<String> allocParts = new ArrayList<>();
        List<String> allocVerdicts = new ArrayList<>();
        for (String b : callBenchmarks) {
            Estimate slope = perTool(b, Cell::mean, Cell::error);
            parts.add(b + " " + slope.ns());
            verdicts.add(verdict(slope, PER_TOOL_LIMIT_NS));
            Estimate bytes = perTool(b, Cell::bytesPerCall, c -> Double.NaN);
            allocParts.add(b + (bytes.measured() ? String.format(Locale.ROOT, " %+.2f B", bytes.value) : " n/a"));
            allocVerdicts.add(
                    !bytes.measured()
                            ? "not measured"
                            : Math.abs(bytes.value) < NO_ALLOCATION_BYTES ? "met" : "missed");
        }
        targets.row(
                "each pass-through tool: < 2 ns per call (slope over 1, 2, 4, 8 tools)", join(parts), worst(verdicts));
        targets.row(
                "each pass-through tool: no allocation per call (slope of B/call)",
                join(allocParts),
                worst(allocVerdicts));

        parts.clear();
        verdicts.clear();
        for (String b : present(CallPathRunner.BENCHMARKS)) {
            Estimate e = added(Variants.PCONTROL0, b);
            parts.add(b + " " + e.ns());
            verdicts.add(verdict(e, NO_TOOL_LIMIT_NS));
        }
        targets.row("Pcontrol 0 (4 pass-through tools switched off): as no tool, < 1 ns", join(parts), worst(verdicts));

        if (r.cells.containsKey(Variants.EVENTS.id())) {
            parts.clear();
            verdicts.clear();
            for (String b : present(List.of("getRank", "getSize"))) {
                Estimate e = added(Variants.EVENTS, b);
                parts.add(b + " " + e.ns());
                verdicts.add(verdict(e, NO_TOOL_LIMIT_NS));
            }
            targets.row(
                    "function watched by no event registration (getRank, getSize while a tool is registered for"
                            + " qmpi4j_send_started): < 1 ns",
                    join(parts),
                    worst(verdicts));
        }

        for (Variant tool : List.of(Variants.PROFILER, Variants.TRACER, Variants.PROFILER_TRACER)) {
            String what = tool.label() + " (no JMH target; see the ping-pong)";
            if (r.unavailable.containsKey(tool.id())) {
                targets.row(what, r.unavailable.get(tool.id()), "pending");
            } else if (r.cells.containsKey(tool.id())) {
                parts.clear();
                for (String b : present(CallPathRunner.BENCHMARKS)) {
                    Cell c = r.cell(tool, b);
                    parts.add(b + " " + added(tool, b).ns()
                            + (c == null ? "" : ", " + fmt(c.bytesPerCall(), 1) + " B/call"));
                }
                targets.row(what, join(parts), "for information");
            }
        }
        sb.append(targets);
        return sb.toString();
    }

    /** Variant minus baseline, intervals combined in quadrature. */
    Estimate added(Variant v, String benchmark) {
        Cell c = r.cell(v, benchmark);
        Cell base = r.cell(Variants.NONE, benchmark);
        if (c == null || base == null) {
            return new Estimate(Double.NaN, Double.NaN);
        }
        return new Estimate(c.mean() - base.mean(), Math.hypot(c.error(), base.error()));
    }

    /** Variants whose tools are all the pass-through tool (Pcontrol 0 excluded), by tool count. */
    List<Variant> passThroughVariants() {
        List<Variant> out = new ArrayList<>();
        for (Variant v : r.settings.variants) {
            if (v.onlyPassThrough() && !v.pcontrolOff() && r.cells.containsKey(v.id())) {
                out.add(v);
            }
        }
        out.sort((a, b) -> Integer.compare(a.tools().size(), b.tools().size()));
        return out;
    }

    /**
     * Least-squares slope of {@code value} over the number of pass-through tools: the cost of one
     * more tool. Its interval propagates each point's (independent) interval through the fit.
     */
    Estimate perTool(String benchmark, Function<Cell, Double> value, Function<Cell, Double> error) {
        List<Variant> vs = passThroughVariants();
        if (vs.size() < 2) {
            return new Estimate(Double.NaN, Double.NaN);
        }
        double kMean = vs.stream().mapToInt(v -> v.tools().size()).average().orElse(0);
        double sxx = 0;
        for (Variant v : vs) {
            sxx += Math.pow(v.tools().size() - kMean, 2);
        }
        double slope = 0;
        double variance = 0;
        for (Variant v : vs) {
            Cell c = r.cell(v, benchmark);
            if (c == null) {
                return new Estimate(Double.NaN, Double.NaN);
            }
            double w = (v.tools().size() - kMean) / sxx;
            slope += w * value.apply(c);
            variance += w * w * Math.pow(error.apply(c), 2);
        }
        return new Estimate(slope, Math.sqrt(variance));
    }

    private List<String> present(List<String> benchmarks) {
        List<String> out = new ArrayList<>();
        for (String b : benchmarks) {
            if (r.cell(Variants.NONE, b) != null) {
                out.add(b);
            }
        }
        return out;
    }

    /** "met" when the whole interval is under the limit, "met (mean)" when only the mean is, else "missed". */
    static String verdict(Estimate e, double limit) {
        if (!e.measured()) {
            return "not measured";
        }
        if (e.value + (Double.isNaN(e.error) ? 0 : e.error) < limit) {
            return "met";
        }
        return e.value < limit
                ? String.format(Locale.ROOT, "met by the mean (interval reaches %+.2f ns)", e.value + e.error)
                : "missed";
    }

    /** The weakest of several verdicts. */
    static String worst(List<String> verdicts) {
        String worst = verdicts.isEmpty() ? "not measured" : "met";
        for (String v : verdicts) {
            if (rank(v) > rank(worst)) {
                worst = v;
            }
        }
        return worst;
    }

    private static int rank(String verdict) {
        if (verdict.equals("met")) {
            return 0;
        }
        if (verdict.startsWith("met by the mean")) {
            return 1;
        }
        return verdict.equals("missed") ? 3 : 2;
    }

    private static String join(List<String> parts) {
        return parts.isEmpty() ? "n/a" : String.join("; ", parts);
    }

    private static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "?" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
