package org.qmpi4j.api.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LogTest {
    private final List<String> lines = new ArrayList<>();
    private final Log log = Log.lines(lines::add, "qmpi4j tracer:");

    @AfterEach
    void quietAgain() {
        Log.setVerbose(false);
    }

    @Test
    void reportsOncePerKeyAndCountsTheRest() {
        assertThat(log.once("limit", "rank 3 reached the limit")).isTrue();
        assertThat(log.once("limit", "rank 3 reached the limit")).isFalse();
        assertThat(log.once("other", "something else")).isTrue();
        log.once("limit", "rank 3 reached the limit");
        assertThat(lines).containsExactly("qmpi4j tracer: rank 3 reached the limit", "qmpi4j tracer: something else");
        assertThat(log.count("limit")).isEqualTo(3);
        assertThat(log.count("never")).isZero();
    }

    @Test
    void quietByDefault() {
        log.info("agent started");
        log.fault("f", "failed x", new IllegalStateException("boom"));
        log.warn("results in /tmp/x");
        assertThat(lines).containsExactly("qmpi4j tracer: failed x", "qmpi4j tracer: results in /tmp/x");
    }

    @Test
    void verboseAddsInfoLinesAndStackTraces() {
        Log.setVerbose(true);
        log.info("agent started");
        log.fault("f", "failed x", new IllegalStateException("boom"));
        log.fault("f", "failed x", new IllegalStateException("boom"));
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("qmpi4j tracer: agent started");
        assertThat(lines.get(2))
                .startsWith("java.lang.IllegalStateException: boom")
                .contains("\tat ");
    }

    @Test
    void aBrokenSinkIsIgnored() {
        Log broken = Log.lines(
                line -> {
                    throw new IllegalStateException("closed");
                },
                "qmpi4j:");
        broken.warn("still fine");
        assertThat(broken.once("k", "x")).isTrue();
    }
}
