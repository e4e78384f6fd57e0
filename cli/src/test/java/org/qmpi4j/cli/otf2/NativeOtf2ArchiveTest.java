package org.qmpi4j.cli.otf2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.report.export.otf2.CallSites;
import org.qmpi4j.report.export.otf2.Communicators;
import org.qmpi4j.report.export.otf2.Otf2Export;
import org.qmpi4j.report.export.otf2.TracedCall;

/**
 * OTF2's own library writes what {@link Otf2Export} gives it, and OTF2's own readers (Debian's
 * {@code otf2-print} and the Python bindings, {@code scripts/setup-otf2.sh}) read every record
 * back: two ranks on two hosts exchanging blocking, nonblocking and collective calls.
 */
class NativeOtf2ArchiveTest {
    @TempDir
    Path dir;

    @Test
    void everyRecordIsReadBackByOtf2sReaders() throws Exception {
        Communicators comms = new Communicators(2);
        int pair = comms.add("comm 7", new int[] {1, 0});
        CallSites sites = new CallSites();
        int sendSite = sites.add("demo.Ring", "main", "Ring.java", 42);
        try (NativeOtf2Archive archive = NativeOtf2Archive.create(dir, "qmpi4j test", "two ranks")) {
            Otf2Export export = new Otf2Export(archive, comms, sites, List.of("node-a", "node-b"));
            TracedCall c = new TracedCall();
            Otf2Export.RankWriter r0 = export.rank(0);
            r0.call(c.reset("MPI_INIT", 1, 1_000, 2_000));
            r0.call(c.reset("MPI_SEND", 1, 3_000, 4_000).site(sendSite).sent(1, 5, 80));
            r0.call(c.reset("MPI_ISEND", 1, 5_000, 5_100).sent(1, 6, 16).request(11));
            r0.call(c.reset("MPI_IRECV", 1, 5_200, 5_300).comm(pair).request(12));
            r0.call(c.reset("MPI_WAITALL", 1, 5_400, 9_000)
                    .completed(11, TracedCall.NONE, TracedCall.NONE, TracedCall.NONE)
                    .completed(12, 1, 7, 24));
            r0.call(c.reset("MPI_BCAST", 1, 10_000, 11_000).root(0).collectiveBytes(8, 0));
            r0.call(c.reset("MPI_ALLREDUCE", 1, 12_000, 13_000).comm(pair).collectiveBytes(16, 16));
            r0.call(c.reset("MPI_FINALIZE", 1, 14_000, 15_000));
            r0.close();
            Otf2Export.RankWriter r1 = export.rank(1);
            r1.call(c.reset("MPI_INIT", 9, 1_100, 2_100));
            r1.call(c.reset("MPI_RECV", 9, 3_100, 4_500).received(0, 5, 80));
            r1.call(c.reset("MPI_IRECV", 9, 5_000, 5_050).request(21));
            r1.call(c.reset("MPI_WAIT", 9, 5_060, 8_000).completed(21, 0, 6, 16));
            r1.call(c.reset("MPI_ISEND", 9, 8_100, 8_200)
                    .comm(pair)
                    .sent(0, 7, 24)
                    .request(22));
            r1.call(c.reset("MPI_WAIT", 9, 8_300, 8_400)
                    .completed(22, TracedCall.NONE, TracedCall.NONE, TracedCall.NONE));
            r1.call(c.reset("MPI_BCAST", 9, 10_100, 11_000).root(0).collectiveBytes(0, 8));
            r1.call(c.reset("MPI_ALLREDUCE", 9, 12_100, 13_000).comm(pair).collectiveBytes(16, 16));
            r1.call(c.reset("MPI_FINALIZE", 9, 14_100, 15_100));
            r1.close();
            export.finish();
        }

        Otf2Reading read = Otf2Reading.python(dir.resolve("traces.otf2"));
        assertThat(read.resolution).isEqualTo(1_000_000_000L);
        assertThat(read.offset).isEqualTo(1_000L);
        assertThat(read.length).isEqualTo(14_100L);
        assertThat(read.hostOf).containsEntry(0, "node-a").containsEntry(1, "node-b");
        assertThat(read.ordered)
                .as("timestamps and Enter/Leave nesting per location")
                .isTrue();
        assertThat(read.records(0))
                .containsEntry("Enter MPI_Init", 1L)
                .containsEntry("Leave MPI_Init", 1L)
                .containsEntry("Enter demo.Ring.main:42", 1L)
                .containsEntry("Leave demo.Ring.main:42", 1L)
                .containsEntry("Enter MPI_Send", 1L)
                .containsEntry("MpiSend to 1 on MPI_COMM_WORLD tag 5 bytes 80", 1L)
                .containsEntry("MpiIsend to 1 on MPI_COMM_WORLD tag 6 bytes 16", 1L)
                .containsEntry("MpiIsendComplete", 1L)
                .containsEntry("MpiIrecvRequest", 1L)
                // rank 1 is rank 0 of "comm 7"
                .containsEntry("MpiIrecv from 0 on comm 7 tag 7 bytes 24", 1L)
                .containsEntry("MpiCollectiveBegin", 2L)
                .containsEntry("MpiCollectiveEnd BCAST on MPI_COMM_WORLD root 0 sent 8 received 0", 1L)
                .containsEntry("MpiCollectiveEnd ALLREDUCE on comm 7 root - sent 16 received 16", 1L);
        assertThat(read.records(1))
                .containsEntry("MpiRecv from 0 on MPI_COMM_WORLD tag 5 bytes 80", 1L)
                .containsEntry("MpiIrecvRequest", 1L)
                .containsEntry("MpiIrecv from 0 on MPI_COMM_WORLD tag 6 bytes 16", 1L)
                .containsEntry("MpiIsend to 1 on comm 7 tag 7 bytes 24", 1L)
                .containsEntry("MpiIsendComplete", 1L)
                .containsEntry("Enter MPI_Wait", 2L)
                .containsEntry("MpiCollectiveEnd BCAST on MPI_COMM_WORLD root 0 sent 0 received 8", 1L);
        assertThat(read.sourceOf).containsEntry("demo.Ring.main:42", "Ring.java:42");

        Otf2Reading.Printed printed = Otf2Reading.otf2Print(dir.resolve("traces.otf2"));
        assertThat(printed.perRecord).containsEntry("ENTER", 18L).containsEntry("LEAVE", 18L);
        assertThat(printed.perRecord)
                .containsEntry("MPI_SEND", 1L)
                .containsEntry("MPI_RECV", 1L)
                .containsEntry("MPI_ISEND", 2L)
                .containsEntry("MPI_ISEND_COMPLETE", 2L)
                .containsEntry("MPI_IRECV_REQUEST", 2L)
                .containsEntry("MPI_IRECV", 2L)
                .containsEntry("MPI_COLLECTIVE_BEGIN", 4L)
                .containsEntry("MPI_COLLECTIVE_END", 4L);
    }

    @Test
    void whatTheJvmTookIsReadBackAsRegionsBeforeTheCall() throws Exception {
        Communicators comms = new Communicators(2);
        try (NativeOtf2Archive archive = NativeOtf2Archive.create(dir, "qmpi4j test", "a late rank")) {
            Otf2Export export = new Otf2Export(archive, comms, new CallSites(), List.of("node-a", "node-a"));
            TracedCall c = new TracedCall();
            for (int r = 0; r < 2; r++) {
                Otf2Export.RankWriter w = export.rank(r);
                w.call(c.reset("MPI_INIT", 1, 1_000, 2_000));
                // Rank 0 reaches the barrier at 3000 after 600 ns of collections and 100 of safepoints.
                c.reset("MPI_BARRIER", 1, r == 0 ? 3_000 : 2_500, 3_100);
                w.call(r == 0 ? c.jvmBefore(600, 100, 0, 0) : c);
                w.call(c.reset("MPI_FINALIZE", 1, 4_000, 5_000));
                w.close();
            }
            export.finish();
        }
        Otf2Reading read = Otf2Reading.python(dir.resolve("traces.otf2"));
        assertThat(read.ordered).as("%s", read.problems).isTrue();
        assertThat(read.records(0))
                .containsEntry("Enter JVM: gc", 1L)
                .containsEntry("Leave JVM: gc", 1L)
                .containsEntry("Enter JVM: safepoint", 1L)
                .containsEntry("Leave JVM: safepoint", 1L)
                .doesNotContainKeys("Enter JVM: class loading", "Enter JVM: descheduled");
        assertThat(read.records(0).keySet()).noneMatch(k -> k.startsWith("Nested"));
        assertThat(read.records(1).keySet()).noneMatch(k -> k.contains("JVM"));
        Otf2Reading.Printed printed = Otf2Reading.otf2Print(dir.resolve("traces.otf2"));
        assertThat(printed.perRecord).containsEntry("ENTER", 8L).containsEntry("LEAVE", 8L);
        assertThat(printed.warnings).isEmpty();
        assertThat(printed.text).contains("JVM: gc");
    }

    @Test
    void withoutTheLibraryTheMessageSaysWhatToInstall() {
        assertThatThrownBy(() -> NativeOtf2Archive.library("no-such-otf2-library"))
                .isInstanceOf(Otf2Unavailable.class)
                .hasMessage(
                        "OTF2's library is not installed: on Debian 12 run `apt-get install"
                                + " libopen-trace-format2-10` (or `apt-get install otf2-tools`, which brings it and otf2-print)");
    }
}
