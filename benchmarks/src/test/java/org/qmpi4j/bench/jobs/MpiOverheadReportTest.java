package org.qmpi4j.bench.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;

class MpiOverheadReportTest {
    private static MpiOverhead.Report report(double[] none, double[] control, double[] agent) {
        MpiOverhead.Settings s = new MpiOverhead.Settings();
        s.variants = List.of(Variants.NONE, Variants.CONTROL, Variants.AGENT);
        MpiOverhead.Report r = new MpiOverhead.Report(s);
        r.metrics.add("0 B");
        put(r, Variants.NONE, none);
        put(r, Variants.CONTROL, control);
        put(r, Variants.AGENT, agent);
        return r;
    }

    private static void put(MpiOverhead.Report r, Variant v, double[] values) {
        List<Double> list = new ArrayList<>();
        for (double x : values) {
            list.add(x);
        }
        r.values.computeIfAbsent(v.id(), k -> new LinkedHashMap<>()).put("0 B", list);
    }

    /** The verdict cell of the "agent with no tool" target. */
    private static String agentVerdict(MpiOverhead.Report r) {
        String row = r.markdown()
                .lines()
                .filter(l -> l.startsWith("| agent with no tool"))
                .findFirst()
                .orElseThrow();
        String[] cells = row.split("\\|");
        return cells[cells.length - 1].trim();
    }

    @Test
    void ratiosArePairedByRepetition() {
        MpiOverhead.Report r = report(new double[] {1, 2, 4}, new double[] {1, 2, 4}, new double[] {1.1, 2.2, 4.4});
        assertThat(new MpiOverheadReport(r).pairedRatios(Variants.AGENT, "0 B"))
                .hasSize(3)
                .allSatisfy(x -> assertThat(x).isCloseTo(1.1, org.assertj.core.data.Offset.offset(1e-9)));
    }

    @Test
    void aQuietControlLetsTheMedianDecide() {
        MpiOverhead.Report met =
                report(new double[] {1, 1, 1}, new double[] {1, 1, 1}, new double[] {1.005, 1.004, 1.006});
        assertThat(agentVerdict(met)).isEqualTo("met");
        MpiOverhead.Report missed =
                report(new double[] {1, 1, 1}, new double[] {1, 1, 1}, new double[] {1.05, 1.04, 1.06});
        assertThat(agentVerdict(missed)).isEqualTo("missed");
    }

    @Test
    void aDifferenceWithinTheControlsNoiseIsNotResolved() {
        MpiOverhead.Report r = report(
                new double[] {1, 1, 1, 1}, new double[] {1.03, 0.97, 1.02, 0.98}, new double[] {1.02, 1.02, 1.02, 1.02
                });
        assertThat(agentVerdict(r)).startsWith("not resolved (over by 0.010; A/A control noise 0.0");
    }
}
