package org.qmpi4j.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variants;

/**
 * Not a measurement: keeps the suite runner working on real MPJ Express with two of the suite's
 * programs, with and without the agent. Needs the suite scripts/setup-suite.sh prepares (it
 * downloads Debian's source of MPJ). scripts/test.sh names the suite in {@code QMPI4J_SUITE}: then
 * a missing suite fails the test, so that CI cannot pass without running it. Without the variable
 * the test looks in the default cache and is skipped, saying so, when the suite is not there.
 */
class SuiteSmokeTest {
    @Test
    void twoProgramsRunInBothVariantsWithTheSameOutcomes(@TempDir Path out) throws Exception {
        String named = System.getenv("QMPI4J_SUITE");
        Path suite;
        if (named != null && !named.isEmpty()) {
            suite = Path.of(named);
            assertThat(suite.resolve("programs.txt"))
                    .as("QMPI4J_SUITE names %s, which holds no compiled suite: run scripts/setup-suite.sh", suite)
                    .isRegularFile();
        } else {
            String cache =
                    System.getenv().getOrDefault("QMPI4J_CACHE", System.getProperty("user.home") + "/.qmpi4j/cache");
            suite = Path.of(cache, "mpj-suite-0.44+dfsg");
            assumeTrue(
                    Files.isRegularFile(suite.resolve("programs.txt")),
                    "no compiled suite at " + suite + ": run scripts/setup-suite.sh (or name it in QMPI4J_SUITE)");
        }
        ThirdPartySuite.Settings s = new ThirdPartySuite.Settings();
        s.suite = suite;
        s.repetitions = 1;
        s.variants = List.of(Variants.NONE, Variants.PROFILER_TRACER);
        s.only = Pattern.compile("^mpjtest\\.(ccl\\.allgather|pt2pt\\.getcount)$");
        s.out = out;

        ThirdPartySuite.Report r = ThirdPartySuite.run(s, System.out);

        assertThat(r.programs).containsExactly("mpjtest.ccl.allgather", "mpjtest.pt2pt.getcount");
        assertThat(r.excluded).isEmpty();
        assertThat(r.differences).isEmpty();
        // allgather's six call sites (Init, Rank, Size, Allgather, Barrier, Finalize), rewritten once per
        // rank's class loader; 0 would mean the agent never reached the suite's calls (as when the
        // programs sit in MPJ's own package mpi).
        assertThat(r.callSitesRewritten)
                .as("call sites the agent rewrote in allgather")
                .isEqualTo(12);
        for (var v : s.variants) {
            assertThat(r.totals(v))
                    .as("total of %s", v)
                    .singleElement()
                    .satisfies(t -> assertThat(t).isPositive());
        }
        assertThat(r.markdown()).containsPattern("profiler,tracer: the suite at most 1\\.3 times +\\| \\d");
        assertThat(out.resolve("suite-repetitions.csv")).exists();
        assertThat(Files.readAllLines(out.resolve("suite-programs.tsv")))
                .containsExactly("mpjtest.ccl.allgather\trun", "mpjtest.pt2pt.getcount\trun");
    }
}
