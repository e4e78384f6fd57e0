package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * {@code qmpi4j run -- mpirun ...} ends with the application's status, from what the ranks
 * recorded: the {@code MPI_Abort} code of the first rank that aborted, 1 for an uncaught exception
 * in a rank's main thread, the job's own status otherwise (a rank's {@code System.exit}, a fatal
 * MPI error). The first failure is named on the command's output, in the rank's
 * {@code failure.json}, in the merged {@code profile.json} and both reports, and {@code world.json}
 * says how the job ended. The MPJ Express launchers' part is in {@code MpjRunCommandTest}, Slurm's
 * in {@code SlurmTest}.
 */
class ExitStatusTest {
    private static final String SAMPLE = "org.qmpi4j.samples.openmpi.features.";

    @ParameterizedTest(name = "rank 1 stops with {0}")
    @CsvSource({"abort, 3, aborted", "throw, 1, exception"})
    void theFirstFailingRankGivesTheStatusAndIsNamedEverywhere(
            String how, int status, String worldState, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(out, "3", SAMPLE + "ThrowMidway", "6", "3", how);

        assertThat(run.exitCode).as("%s", run).isEqualTo(status);
        String site = "org.qmpi4j.samples.openmpi.features.ThrowMidway.main(ThrowMidway.java:";
        String failure = how.equals("abort")
                ? "rank 1 called MPI_Abort(3) at " + site
                : "rank 1 threw java.lang.IllegalStateException: rank 1 fails on purpose at lap 3 at " + site;
        JobResults results = JobResults.in(out);
        RankFailure recorded = results.failure(1);
        assertThat(recorded).as("rank 1's failure record\n%s", run).isNotNull();
        assertThat(recorded.kind().id()).isEqualTo(how.equals("abort") ? "abort" : "exception");
        assertThat(recorded.exitStatus()).isEqualTo(status);
        assertThat(recorded.site()).startsWith(site);
        assertThat(recorded.describe()).startsWith(failure);
        assertThat(results.failure(0)).as("only the failing rank records").isNull();
        assertThat(results.world().state).isEqualTo(worldState);
        // The command's summary names the failure the rank recorded, as recorded.
        assertThat(run.stdout)
                .as("%s", run)
                .contains("qmpi4j: job exit status " + status + "; results in " + out)
                .contains("qmpi4j: first failure: " + recorded.describe() + " (exit status " + status + ";");
        if (how.equals("throw")) {
            assertThat(run.stderr)
                    .as("the JVM's own message about the exception, unchanged")
                    .contains("Exception in thread \"main\" java.lang.IllegalStateException: rank 1 fails on purpose"
                            + " at lap 3\n\tat " + site);
        }

        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        JsonNode first = results.profile().root.get("failure");
        assertThat(first.get("rank").asInt()).isEqualTo(1);
        assertThat(first.get("exit_status").asInt()).isEqualTo(status);
        assertThat(first.get("site").asString()).startsWith(site);
        assertThat(Files.readString(out.resolve("report.txt"))).contains("  FAILED: " + failure);
        assertThat(Files.readString(out.resolve("report.html")))
                .contains("id=\"failure\">Failed: " + failure.replace("\"", "&quot;"));
    }

    @Test
    void aRanksOwnExitStatusIsTheJobsAndNoFailureIsNamed(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(out, "3", SAMPLE + "ThrowMidway", "6", "3", "exit");
        assertThat(run.exitCode).as("%s", run).isEqualTo(3);
        assertThat(run.stdout).as("%s", run).doesNotContain("first failure");
        JobResults results = JobResults.in(out);
        for (int r = 0; r < 3; r++) {
            assertThat(results.failure(r)).as("rank %d's failure record", r).isNull();
        }
        assertThat(results.rankState(1)).as("rank 1 called System.exit").isEqualTo("exited");
    }

    /**
     * Errors-are-fatal ends the job from inside the library: no Java code of the failing rank runs
     * again. The status is the library's (Open MPI: the error class, MPI_ERR_RANK = 6), and
     * {@code world.json}, which rank 0 could not end, says the MPI library ended the job.
     */
    @Test
    void aFatalMpiErrorKeepsTheLibrarysStatusAndTheWorldSaysSo(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(out, "2", SAMPLE + "FatalMpiError", "0");
        assertThat(run.exitCode).as("%s", run).isEqualTo(6);
        // Open MPI's own MPI_ERRORS_ARE_FATAL message is not asserted: the library sends it to
        // mpirun as the process dies, and that can fail ("ORTE_ERROR_LOG: Data unpack had
        // inadequate space ... show_help.c"), seen once in a clean-clone run.
        assertThat(run.stdout).as("%s", run).doesNotContain("first failure");
        JobResults results = JobResults.in(out);
        assertThat(results.world().state).as("%s", run).isEqualTo("mpi-error");
        assertThat(results.failure(0))
                .as("the library ended the job, not the application")
                .isNull();
        assertThat(results.rankState(0))
                .as("rank 0 never came back from the bad send")
                .isEqualTo("running");
    }

    private static BundledTools.Command qmpi4jRun(Path out, String ranks, String... program) throws Exception {
        List<String> all = new ArrayList<>(List.of(
                "-jar",
                ItJars.jar("qmpi4j-cli").toString(),
                "run",
                "--output",
                out.toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                ranks,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                String.join(
                        File.pathSeparator,
                        MpiRuntimes.openMpiJar().toString(),
                        ItJars.jar("qmpi4j-samples-openmpi").toString(),
                        ItJars.jar("qmpi4j-samples-common").toString())));
        all.addAll(List.of(program));
        return BundledTools.java(Map.of(), all.toArray(new String[0]));
    }
}
