package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;

class ThreadRulesTest {
    private final Checker checker = new Checker(
            0,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    private final ThreadRules rules = new ThreadRules(checker);
    private final Thread main = new Thread("main");
    private final Thread pool = new Thread("pool-1-thread-1");

    @Test
    void aSecondThreadAtFunneledIsAnError() {
        rules.initialized(ThreadRules.FUNNELED, main);
        rules.entered(MpiFunction.MPI_BARRIER, null, main, 1);
        assertThat(checker.findings()).isEmpty();
        rules.entered(MpiFunction.MPI_BARRIER, null, pool, 1);
        assertThat(checker.findings()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("thread_level");
            assertThat(f.severity()).isEqualTo(Finding.Severity.ERROR);
            assertThat(f.message())
                    .contains("\"pool-1-thread-1\"")
                    .contains("MPI_THREAD_FUNNELED by the thread \"main\"");
        });
    }

    @Test
    void aSecondThreadAtSingleIsAnErrorButNotForCallsAnyThreadMayMake() {
        rules.initialized(ThreadRules.SINGLE, main);
        rules.entered(MpiFunction.MPI_WTIME, null, pool, 1);
        rules.entered(MpiFunction.MPI_INITIALIZED, null, pool, 1);
        assertThat(checker.findings()).isEmpty();
        rules.entered(MpiFunction.MPI_SEND, null, pool, 1);
        assertThat(checker.findings()).extracting(Finding::rule).containsExactly("thread_level");
    }

    @Test
    void atSerializedOnlyOverlappingCallsAreErrors() {
        rules.initialized(ThreadRules.SERIALIZED, main);
        rules.entered(MpiFunction.MPI_SEND, null, pool, 1);
        rules.entered(MpiFunction.MPI_RECV, null, main, 1);
        assertThat(checker.findings()).isEmpty();
        rules.entered(MpiFunction.MPI_SEND, null, pool, 2);
        assertThat(checker.findings())
                .singleElement()
                .satisfies(f -> assertThat(f.message())
                        .contains("another thread of this rank was inside MPI")
                        .contains("MPI_THREAD_SERIALIZED"));
    }

    @Test
    void nothingIsCheckedAtMultipleOrWhereTheLevelIsNotKnown() {
        rules.initialized(ThreadRules.MULTIPLE, main);
        rules.entered(MpiFunction.MPI_SEND, null, pool, 3);
        rules.initialized(ThreadRules.UNKNOWN, main);
        rules.entered(MpiFunction.MPI_SEND, null, pool, 3);
        assertThat(checker.findings()).isEmpty();
    }
}
