package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.it.support.ItJars;

/**
 * The listing command, run as users run it ({@code java -jar qmpi4j-agent.jar mpit list}) with no
 * MPI job: it prints the whole catalogue with metadata, and the settings' current values.
 */
class MpitListCommandTest {
    @Test
    void printsTheCatalogueWithoutAnMpiJob() throws Exception {
        Result r = run(List.of("mpit", "list"), "QMPI4J_TOOLS", "counter,send-profiler");
        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out)
                .containsPattern("qmpi4j MPI_T catalogue: \\d+ control variables, \\d{4} performance "
                        + "variables, 8 categories");
        assertThat(r.out)
                .contains(
                        "[0] qmpi4j  (",
                        "    [1] qmpi4j_point_to_point",
                        "qmpi4j_collectives",
                        "qmpi4j_requests",
                        "qmpi4j_process",
                        "qmpi4j_other_functions",
                        "qmpi4j_agent",
                        "qmpi4j_jvm");
        // Settings show their values; the tool list comes from the environment as in a job.
        assertThat(r.out)
                .contains("qmpi4j_tools  CHAR  scope=LOCAL  bind=NO_OBJECT", "value: \"counter,send-profiler\"");
        assertThat(r.out).contains("qmpi4j_toolpath  CHAR  scope=CONSTANT");
        assertThat(r.out).contains("qmpi4j_comm_world_ranks  INT  scope=READONLY  bind=MPI_COMM");
        // Every class of performance variable is there, with full metadata.
        for (PvarClass c : PvarClass.values()) {
            assertThat(r.out).as("a %s variable", c).containsPattern("\\] qmpi4j_\\w+  " + c + "  ");
        }
        assertThat(r.out)
                .contains("qmpi4j_mpi_send_calls  COUNTER  UNSIGNED_LONG_LONG  bind=NO_OBJECT  startable  "
                        + "writable  atomic  verbosity=USER_DETAIL  category=qmpi4j_point_to_point");
        assertThat(r.out).contains("qmpi4j_mpi_state  STATE  INT enum=qmpi4j_mpi_state_values");
        assertThat(r.out).contains("qmpi4j_mpi_state_values: 0=NOT_IN_MPI 1=POINT_TO_POINT 2=COLLECTIVE 3=WAITING");
    }

    @Test
    void filtersByVerbosityAndRejectsBadArguments() throws Exception {
        Result basic = run(List.of("mpit", "list", "--verbosity", "user_basic"));
        assertThat(basic.status).isZero();
        assertThat(basic.out).doesNotContain("qmpi4j_mpi_send_calls").contains("qmpi4j_p2p_bytes_sent");

        Result bad = run(List.of("mpit", "list", "--verbosity", "loud"));
        assertThat(bad.status).isEqualTo(2);
        assertThat(bad.err).contains("unknown verbosity 'loud'");
        Result usage = run(List.of("list"));
        assertThat(usage.status).isEqualTo(2);
        assertThat(usage.err).startsWith("usage: java -jar qmpi4j-agent.jar mpit list");
    }

    @Test
    void theQmpi4jCommandListsTheSameCatalogue() throws Exception {
        org.qmpi4j.it.support.BundledTools.Command viaCli =
                org.qmpi4j.it.support.BundledTools.qmpi4j("mpit", "list", "--verbosity", "USER_BASIC");
        assertThat(viaCli.exitCode).as(viaCli.toString()).isZero();
        Result direct = run(List.of("mpit", "list", "--verbosity", "USER_BASIC"));
        assertThat(viaCli.stdout).isEqualTo(direct.out);
        org.qmpi4j.it.support.BundledTools.Command bad =
                org.qmpi4j.it.support.BundledTools.qmpi4j("mpit", "list", "--verbosity", "loud");
        assertThat(bad.exitCode).isEqualTo(2);
        assertThat(bad.stderr).contains("unknown verbosity 'loud'");
    }

    private static final class Result {
        int status;
        String out;
        String err;
    }

    private static Result run(List<String> args, String... env) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(ItJars.jar("qmpi4j-agent").toString());
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("QMPI4J_TOOLS");
        for (int i = 0; i + 1 < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        Process p = pb.start();
        Result r = new Result();
        r.out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        r.err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        r.status = p.exitValue();
        return r;
    }
}
