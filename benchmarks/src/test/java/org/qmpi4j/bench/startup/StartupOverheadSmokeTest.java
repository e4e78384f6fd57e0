package org.qmpi4j.bench.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.bench.Variants;

/** Not a measurement: keeps the start-up comparison running, and the agent rewriting the samples in it. */
class StartupOverheadSmokeTest {
    @Test
    void probesStartWithAndWithoutTheAgent(@TempDir Path out) throws Exception {
        StartupOverhead.Settings s = new StartupOverhead.Settings();
        s.repetitions = 1;
        s.variants = List.of(Variants.NONE, Variants.AGENT);
        s.out = out;
        StartupOverhead.Report r = StartupOverhead.run(s, System.out);

        assertThat(r.classes).as("classes of the samples loaded").isGreaterThan(5);
        assertThat(r.millis.get("none")).hasSize(1);
        assertThat(r.millis.get("agent")).hasSize(1);
        assertThat(r.premainMillis.get("agent")).hasSize(1);
        assertThat(r.rewritten.get("agent"))
                .as("the agent's summary")
                .matches("classes seen \\d+, rewritten [1-9].*")
                .contains("failures 0");
        assertThat(r.markdown()).contains("agent, no tool");
    }
}
