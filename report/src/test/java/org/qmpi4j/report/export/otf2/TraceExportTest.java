package org.qmpi4j.report.export.otf2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.trace.TraceResult;
import org.qmpi4j.report.trace.TraceSelection;

/**
 * {@link TraceExport} on two ranks' version-4 shards: the shards' call sites and communicators
 * become the job's, peers and roots become ranks of the call's communicator, requests pair the
 * nonblocking calls with the waits that completed them, and the time window keeps whole calls.
 */
class TraceExportTest {
    @TempDir
    Path dir;

    /** A sub-communicator of both ranks in reverse order: world rank 1 is its rank 0. */
    private final String key = TraceFormat.communicatorKey("I 1,0", 0);

    private void shards() throws Exception {
        Files.createDirectories(ResultFiles.ranksDir(dir));
        Files.writeString(
                ResultFiles.rankTrace(dir, 0),
                "qmpi4j-trace 4 0 2 openmpi\n"
                        + "F 0 MPI_ISEND\nF 1 MPI_WAIT\nF 2 MPI_BCAST\n"
                        + "S 0 org.example.App main 10 App.java\nS 1 org.example.App main 11 App.java\n"
                        + "M 0 w I 0..1 -\nM 1 " + key + " I 1,0 -\n"
                        // isend to world rank 1 on the sub-communicator, tag 7, 8 bytes, request 0
                        + "E 0 1 100 10 1 7 8 0 - - - 0 1 - - 0 - -\n"
                        + "E 1 1 200 50 - - - - - - - 1 1 - - - - -\nW 0 1 - - -\n"
                        // bcast on COMM_WORLD from world rank 1, its first collective there
                        + "E 2 1 300 20 1 - 16 - - - - 0 0 1 0 - 16 -\n");
        Files.writeString(
                ResultFiles.rankTrace(dir, 1),
                "qmpi4j-trace 4 1 2 openmpi\n"
                        + "F 0 MPI_IRECV\nF 1 MPI_WAIT\nF 2 MPI_BCAST\n"
                        + "S 0 org.example.App main 20 App.java\n"
                        + "M 0 w I 0..1 -\nM 1 " + key + " I 1,0 -\n"
                        + "E 0 1 110 5 0 7 8 - 0 7 0 0 1 - - 0 8 -\n"
                        + "E 1 1 150 100 - - - - - - - 0 1 - - - - -\nW 0 1 0 7 0\n"
                        + "E 2 1 300 25 1 - 16 - - - - 0 0 1 0 - 16 -\n");
    }

    @Test
    void sitesCommunicatorsAndRequestsBecomeTheJobs() throws Exception {
        shards();
        RecordingOtf2 out = new RecordingOtf2();
        TraceResult r = TraceExport.write(dir, 2, TraceSelection.all(), List.of("a", "b"), out);
        assertThat(r.calls()).containsEntry(0, 3L).containsEntry(1, 3L);
        assertThat(r.problems()).isEmpty();
        // Regions in order of first use: MPI_Isend 0, App.main:10 1, MPI_Wait 2, App.main:11 3,
        // MPI_Bcast 4, then rank 1's MPI_Irecv 5 and App.main:20 6.
        assertThat(out.events.get(0L))
                .containsExactly(
                        "100 Enter 1",
                        "100 Enter 0",
                        "100 MpiIsend 0 1 7 8 0",
                        "110 Leave 0",
                        "110 Leave 1",
                        "200 Enter 3",
                        "200 Enter 2",
                        "250 MpiIsendComplete 0",
                        "250 Leave 2",
                        "250 Leave 3",
                        "300 Enter 1",
                        "300 Enter 4",
                        "300 MpiCollectiveBegin",
                        "320 MpiCollectiveEnd 1 0 1 16 16",
                        "320 Leave 4",
                        "320 Leave 1",
                        "close");
        assertThat(out.events.get(1L))
                .containsExactly(
                        "110 Enter 6",
                        "110 Enter 5",
                        "110 MpiIrecvRequest 0",
                        "115 Leave 5",
                        "115 Leave 6",
                        "150 Enter 6",
                        "150 Enter 2",
                        "250 MpiIrecv 1 1 7 8 0",
                        "250 Leave 2",
                        "250 Leave 6",
                        "300 Enter 6",
                        "300 Enter 4",
                        "300 MpiCollectiveBegin",
                        "325 MpiCollectiveEnd 1 0 1 16 16",
                        "325 Leave 4",
                        "325 Leave 6",
                        "close");
        assertThat(out.definitions)
                .contains(
                        "Region 1 org.example.App.main:10 role 1 paradigm 1 App.java:10",
                        "Region 6 org.example.App.main:20 role 1 paradigm 1 App.java:20",
                        "Region 5 MPI_Irecv role 28 paradigm 4 -:0",
                        "Group 2 type 5 [1, 0]",
                        "Comm 1 MPI communicator " + key + " group 2 parent 0",
                        "SystemTreeNode 1 a node 0",
                        "SystemTreeNode 2 b node 0");
    }

    @Test
    void theWindowKeepsWholeCallsAndDropsCompletionsOfRequestsOutsideIt() throws Exception {
        shards();
        RecordingOtf2 out = new RecordingOtf2();
        TraceResult r = TraceExport.write(dir, 2, new TraceSelection(null, 140, 400), List.of(), out);
        assertThat(r.calls()).containsEntry(0, 2L).containsEntry(1, 2L);
        // Rank 0's wait from 200 is in, its isend (100-110) is not: no MpiIsendComplete. Regions
        // are numbered as first used: MPI_Wait is 0 here.
        assertThat(out.events.get(0L))
                .startsWith("200 Enter 1", "200 Enter 0", "250 Leave 0", "250 Leave 1")
                .noneMatch(e -> e.contains("MpiIsend"));
        assertThat(out.events.get(1L))
                .startsWith("150 Enter 4", "150 Enter 0", "250 Leave 0", "250 Leave 4")
                .noneMatch(e -> e.contains("MpiIrecv"));
    }
}
