package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.check.Finding;

class AfterFinalizeTest {
    private final Checker checker = new Checker(
            0,
            Settings.of(null, k -> null, k -> null, p -> {}),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    private final Thread main = new Thread("main");

    @Test
    void theCallsTheStandardAllowsAfterFinalizeAreNotFindings() {
        for (MpiFunction f : new MpiFunction[] {
            MpiFunction.MPI_INITIALIZED,
            MpiFunction.MPI_FINALIZED,
            MpiFunction.MPI_GET_VERSION,
            MpiFunction.MPI_GET_LIBRARY_VERSION,
            MpiFunction.MPI_WTIME,
            MpiFunction.MPI_WTICK
        }) {
            AfterFinalize.check(checker, f, null, main);
        }
        assertThat(checker.findings()).isEmpty();
    }

    @Test
    void anyOtherCallIsAnErrorAtItsSiteNamingTheThread() {
        CallingAddress site = new CallingAddress("org.example.Solver", "main", "Solver.java", 22);
        AfterFinalize.check(checker, MpiFunction.MPI_COMM_RANK, site, main);
        AfterFinalize.check(checker, MpiFunction.MPI_FINALIZE, null, main);
        assertThat(checker.findings()).hasSize(2);
        Finding rank = checker.findings().get(0);
        assertThat(rank.rule()).isEqualTo("call_after_finalize");
        assertThat(rank.severity()).isEqualTo(Finding.Severity.ERROR);
        assertThat(rank.message())
                .contains("MPI_COMM_RANK is called on the thread \"main\" after MPI_Finalize returned")
                .contains("make the call before MPI_Finalize");
        assertThat(rank.sites()).singleElement().satisfies(s -> {
            assertThat(s.className()).isEqualTo("org.example.Solver");
            assertThat(s.line()).isEqualTo(22);
        });
        assertThat(checker.findings().get(1).message()).contains("MPI_FINALIZE is called");
    }

    @Test
    void outsideAShutdownHookTheProbeSaysNoAndLeavesNoHookBehind() {
        assertThat(AfterFinalize.inShutdownHook()).isFalse();
        assertThat(AfterFinalize.inShutdownHook()).isFalse(); // the probe was removed, so it can be added again
    }

    /** The probe inside a real shutdown hook: a JVM of its own, which runs one and prints the answer. */
    @Test
    void insideAShutdownHookTheProbeSaysYes() throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(), "-cp", System.getProperty("java.class.path"), HookProbe.class.getName())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).contains("in main: false").contains("in hook: true");
    }

    /** Run in a JVM of its own by {@link #insideAShutdownHookTheProbeSaysYes}. */
    static final class HookProbe {
        private HookProbe() {}

        public static void main(String[] args) {
            System.out.println("in main: " + AfterFinalize.inShutdownHook());
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(() -> System.out.println("in hook: " + AfterFinalize.inShutdownHook())));
        }
    }
}
