package org.qmpi4j.tools.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings named after the rank: one started before {@code MPI_Init} is renamed when the rank is
 * known, one started later when it starts, one without a file is left alone; a JVM that turns out
 * to run several ranks names them all, from the names the recordings were given. The file holds
 * the JVM's own collections, the pauses qmpi4j counts.
 */
class RecordingNamesTest {
    @TempDir
    Path dir;

    @Test
    void recordingsAreWrittenUnderTheRanksNameWithTheJvmsCollections() throws Exception {
        try (Recording early = new Recording();
                Recording later = new Recording();
                Recording inMemory = new Recording()) {
            early.enable("jdk.GarbageCollection");
            early.setDestination(dir.resolve("app.jfr"));
            early.start();
            inMemory.start();

            RecordingNames.rank(3);
            assertThat(early.getDestination()).isEqualTo(dir.resolve("rank-3-app.jfr"));
            assertThat(inMemory.getDestination()).isNull();

            later.setDestination(dir.resolve("later.jfr"));
            later.start();
            RecordingNames.started(later);
            assertThat(later.getDestination()).isEqualTo(dir.resolve("rank-3-later.jfr"));

            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            early.stop();
            assertThat(dir.resolve("app.jfr")).doesNotExist();
            Path file = dir.resolve("rank-3-app.jfr");
            assertThat(file).exists();
            List<RecordedEvent> gcs = RecordingFile.readAllEvents(file);
            assertThat(gcs.stream().filter(e -> "System.gc()".equals(e.getString("cause"))))
                    .hasSizeGreaterThanOrEqualTo(3)
                    .allSatisfy(e -> assertThat(e.getDuration("sumOfPauses")).isGreaterThan(Duration.ZERO));

            // A second rank in this JVM (MPJ Express' multicore mode): named after both, from the given name.
            RecordingNames.rank(5);
            assertThat(later.getDestination()).isEqualTo(dir.resolve("ranks-3-5-later.jfr"));
            later.stop();
            assertThat(Files.exists(dir.resolve("ranks-3-5-later.jfr"))).isTrue();
        }
    }

    @Test
    void aFolderInTheJvmsOptionsIsWhereTheJdksNameGoesWithTheRankInFront() throws Exception {
        assertThat(RecordingNames.folder(
                        List.of("-Xmx1g", "-XX:StartFlightRecording=filename=/tmp/rec/,settings=profile")))
                .isEqualTo(Path.of("/tmp/rec/"));
        assertThat(RecordingNames.folder(List.of("-XX:StartFlightRecording:filename=" + dir)))
                .isEqualTo(dir);
        assertThat(RecordingNames.folder(List.of("-XX:StartFlightRecording=filename=/tmp/rec/app.jfr")))
                .isNull();
        assertThat(RecordingNames.folder(List.of(
                        "-XX:StartFlightRecording=filename=/tmp/a/", "-XX:StartFlightRecording=filename=/tmp/b/")))
                .as("two folders: which recording is whose is not known")
                .isNull();
        assertThat(RecordingNames.folder(List.of("-Xmx1g"))).isNull();
        try (Recording r = new Recording()) {
            r.start();
            assertThat(RecordingNames.jdkName(dir, 4711, r).getFileName().toString())
                    .matches("hotspot-pid-4711-id-" + r.getId() + "-\\d{4}_\\d{2}_\\d{2}_\\d{2}_\\d{2}_\\d{2}\\.jfr");
        }
    }

    /**
     * {@code jcmd <pid> JFR.start} with a file name: renamed when it starts, like one started
     * through the API; with a folder the JDK keeps the folder to itself (no destination a tool can
     * read), so that recording keeps the JDK's name, as the user guide says.
     */
    @Test
    void aRecordingStartedWithJcmdIsRenamedWhenGivenAFileAndNotWhenGivenAFolder() throws Exception {
        RecordingNames.rank(3);
        Path file = dir.resolve("app.jfr");
        Path folder = Files.createDirectory(dir.resolve("rec"));
        jcmd("JFR.start", "name=with-file", "filename=" + file);
        jcmd("JFR.start", "name=with-folder", "filename=" + folder + "/");
        Recording withFile = recording("with-file");
        Recording withFolder = recording("with-folder");
        try {
            RecordingNames.started(withFile);
            RecordingNames.started(withFolder);
            assertThat(withFile.getDestination()).isEqualTo(dir.resolve(RecordingNames.prefix() + "app.jfr"));
            assertThat(withFolder.getDestination())
                    .as("the folder jcmd was given")
                    .isNull();
        } finally {
            withFile.close();
            withFolder.close();
        }
    }

    private static void jcmd(String... command) throws Exception {
        Path javaCommand = Path.of(ProcessHandle.current().info().command().orElseThrow());
        List<String> args = new java.util.ArrayList<>(List.of(
                javaCommand.resolveSibling("jcmd").toString(),
                Long.toString(ProcessHandle.current().pid())));
        args.addAll(List.of(command));
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).as("jcmd %s", args).contains("Started recording");
    }

    private static Recording recording(String name) {
        return jdk.jfr.FlightRecorder.getFlightRecorder().getRecordings().stream()
                .filter(r -> name.equals(r.getName()))
                .findFirst()
                .orElseThrow();
    }
}
