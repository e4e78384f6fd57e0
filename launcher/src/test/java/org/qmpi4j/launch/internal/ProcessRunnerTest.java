package org.qmpi4j.launch.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.launch.JobResult;

class ProcessRunnerTest {
    /** A JVM that never ends: its main thread sleeps in a method whose name the dump must show. */
    private static final String HANGS = "public class Hangs {\n"
            + "  public static void main(String[] a) throws Exception { stuckHere(); }\n"
            + "  static void stuckHere() throws Exception { System.out.println(\"started\"); Thread.sleep(600_000); }\n"
            + "}\n";

    @Test
    void aJobStoppedAtItsTimeLimitLeavesEveryJvmsThreadDump(@TempDir Path dir) throws Exception {
        Path source = Files.writeString(dir.resolve("Hangs.java"), HANGS);
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), source.toString()))
                .isZero();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // A shell in between, as mpirun is: the dump must come from the JVM below it.
        List<String> command = List.of("sh", "-c", "\"" + java + "\" -cp " + dir + " Hangs; exit 3");

        ProcessRunner.Outcome o = ProcessRunner.run(command, Map.of(), dir, Duration.ofSeconds(6), false);

        assertThat(o.timedOut).isTrue();
        assertThat(o.exitCode).isEqualTo(124);
        assertThat(o.stdout).contains("started").contains("Full thread dump").contains("Hangs.stuckHere");
        JobResult r = new JobResult(command, o.exitCode, true, o.elapsed, o.stdout, o.stderr, Map.of());
        assertThat(r.describe()).contains("stopped at time limit").contains("Hangs.stuckHere");
    }
}
