package org.qmpi4j.bench.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variant;
import org.qmpi4j.bench.Variants;

/**
 * Keeps the heap harness running, and shows that it can see growth at all: the test tool
 * {@code leak} (this module's test sources) keeps 64 bytes per call, and must come out as growing,
 * while four pass-through tools stay flat.
 */
class HeapGrowthSmokeTest {
    @Test
    void aLeakingToolGrowsAndPassThroughToolsStayFlat(@TempDir Path out) throws Exception {
        Variant leak = Variants.parse("tools=leak").get(1);
        HeapGrowthRunner.Settings s = new HeapGrowthRunner.Settings();
        s.calls = 200_000;
        s.points = 2;
        s.warmup = 20_000;
        s.variants = List.of(Variants.NONE, Variants.PASS4, leak);
        s.out = out;
        HeapGrowthRunner.Report r = HeapGrowthRunner.run(s, System.out);

        assertThat(r.samples.get("none")).hasSize(3);
        assertThat(r.growth(Variants.PASS4)).as("pass-through tools").isLessThan(HeapGrowthRunner.FLAT_BYTES);
        assertThat(r.growth(leak)).as("leaking tool").isGreaterThan(HeapGrowthRunner.FLAT_BYTES);
        assertThat(r.markdown()).contains("| flat", "| grows");
    }
}
