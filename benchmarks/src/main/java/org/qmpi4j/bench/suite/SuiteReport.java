package org.qmpi4j.bench.suite;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.qmpi4j.bench.MarkdownTable;
import org.qmpi4j.bench.Stats;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;
import org.qmpi4j.bench.suite.ThirdPartySuite.Difference;
import org.qmpi4j.bench.suite.ThirdPartySuite.Report;

/**
 * The Markdown of a suite run: per variant the suite's total wall time (median over repetitions),
 * its ratio to the no-agent total of the same repetition (median and range), the programs whose
 * outcome differed from the no-agent run, then the target, every difference, and the programs the
 * selection round left out.
 */
final class SuiteReport {
    /** The target for {@code profiler,tracer}: the suite at most this many times its no-agent time. */
    static final double TARGET_RATIO = 1.3;

    private final Report r;

    SuiteReport(Report r) {
        this.r = r;
    }

    /** Per repetition, the variant's total over the no-agent total of the same repetition. */
    static List<Double> ratios(List<Double> totals, List<Double> baseline) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < Math.min(totals.size(), baseline.size()); i++) {
            out.add(totals.get(i) / baseline.get(i));
        }
        return out;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d programs run in every repetition, %d left out by the selection round (listed below).%n%n",
                r.programs.size(),
                r.excluded.size()));
        MarkdownTable t = new MarkdownTable(
                "variant",
                "suite wall s (median)",
                "ratio to no agent: median (min-max)",
                "programs with another outcome");
        for (Variant v : r.settings.variants) {
            if (r.unavailable.containsKey(v.id()) || r.totals(v).isEmpty()) {
                t.row(v.label(), "n/a", "n/a", "n/a");
                continue;
            }
            t.row(
                    v.label(),
                    String.format(Locale.ROOT, "%.1f", Stats.median(r.totals(v))),
                    v == Variants.NONE ? "baseline" : ratio(v),
                    v == Variants.NONE
                            ? "-"
                            : String.valueOf(programsDiffering(v).size()));
        }
        sb.append("## Side by side\n\n").append(t).append('\n');
        if (r.callSitesRewritten >= 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "The agent rewrote %d call sites of %s (asked once with `verbose`)%s.%n%n",
                    r.callSitesRewritten,
                    r.programs.get(0),
                    r.callSitesRewritten == 0 ? ": NONE, so these figures are of an agent that never met a call" : ""));
        }
        for (String why : r.unavailable.values()) {
            sb.append("n/a: ")
                    .append(why.startsWith("n/a: ") ? why.substring(5) : why)
                    .append('\n');
        }
        sb.append("## Target\n\n");
        MarkdownTable target = new MarkdownTable("target", "measured (median; range)", "verdict");
        List<Double> pt = ratios(r.totals(Variants.PROFILER_TRACER), r.totals(Variants.NONE));
        String what = String.format(Locale.ROOT, "profiler,tracer: the suite at most %.1f times", TARGET_RATIO);
        if (pt.isEmpty()) {
            target.row(what, "not measured in this run", "-");
        } else {
            target.row(what, ratio(Variants.PROFILER_TRACER), Stats.median(pt) <= TARGET_RATIO ? "met" : "missed");
        }
        sb.append(target).append('\n');
        sb.append("## Outcomes that differ from the no-agent run\n\n");
        if (r.differences.isEmpty()) {
            sb.append("None: every program ended with the same status and verdict lines in every variant.\n");
        } else {
            MarkdownTable d =
                    new MarkdownTable("program", "variant", "repetition", "without the agent", "in the variant");
            for (Difference x : r.differences) {
                d.row(x.program, x.variant.label(), x.repetition, x.expected, x.actual);
            }
            sb.append(d);
        }
        checkFindings(sb);
        sb.append("\n## Left out by the selection round (no agent, ")
                .append(ThirdPartySuite.RANKS)
                .append(" ranks)\n\n");
        if (r.excluded.isEmpty()) {
            sb.append("None.\n");
        } else {
            MarkdownTable x = new MarkdownTable("program", "why");
            r.excluded.forEach(x::row);
            sb.append(x);
        }
        return sb.toString();
    }

    /**
     * With a variant of the checker: per program whose run had findings, each finding. The suite's
     * programs are meant to be correct, so the count of programs with findings is the false-alarm
     * count to explain (a defect of the program found is explained too).
     */
    private void checkFindings(StringBuilder sb) {
        if (r.checkFindings.isEmpty() && r.checkWithoutMpi.isEmpty()) {
            return;
        }
        Set<String> withFindings = new LinkedHashSet<>();
        MarkdownTable t = new MarkdownTable("program", "run", "finding");
        r.checkFindings.forEach((program, runs) -> runs.forEach((run, lines) -> {
            for (String line : lines) {
                withFindings.add(program);
                t.row(program, run, line.replace("|", "\\|"));
            }
        }));
        sb.append("\n## Findings of `check`\n\n");
        sb.append(String.format(
                Locale.ROOT,
                "%d programs run under `check`; %d with findings (the suite's programs are meant to be correct:"
                        + " each finding is a false alarm or a defect of the program); %d never initialise MPI"
                        + " (nothing to check)%s.%n%n",
                r.checkFindings.size() + r.checkWithoutMpi.size(),
                withFindings.size(),
                r.checkWithoutMpi.size(),
                r.checkWithoutMpi.isEmpty() ? "" : ": " + String.join(", ", r.checkWithoutMpi)));
        if (!withFindings.isEmpty()) {
            sb.append(t);
        }
    }

    Set<String> programsDiffering(Variant v) {
        Set<String> out = new LinkedHashSet<>();
        for (Difference d : r.differences) {
            if (d.variant.id().equals(v.id())) {
                out.add(d.program);
            }
        }
        return out;
    }

    private String ratio(Variant v) {
        List<Double> c = ratios(r.totals(v), r.totals(Variants.NONE));
        if (c.isEmpty()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f× (%.2f-%.2f)", Stats.median(c), Stats.min(c), Stats.max(c));
    }
}
