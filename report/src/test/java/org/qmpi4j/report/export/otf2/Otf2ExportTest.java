package org.qmpi4j.report.export.otf2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The records {@link Otf2Export} writes per call, in Score-P's order, and its definitions. */
class Otf2ExportTest {
    private final RecordingOtf2 out = new RecordingOtf2();
    private final Communicators comms = new Communicators(3);
    private final CallSites sites = new CallSites();
    private final TracedCall c = new TracedCall();

    @Test
    void aBlockingSendIsEnterMpiSendLeaveInsideItsCallSite() throws Exception {
        int site = sites.add("a.B", "run", "B.java", 12);
        Otf2Export e = new Otf2Export(out, comms, sites, List.of("h0", "h0", "h1"));
        Otf2Export.RankWriter r = e.rank(1);
        r.call(c.reset("MPI_SEND", 7, 100, 250).site(site).sent(2, 9, 64));
        r.close();
        e.finish();
        // The MPI function's region is taken first (0), the site's next (1).
        assertThat(out.events.get(Otf2Export.location(1, 0)))
                .containsExactly(
                        "100 Enter 1", "100 Enter 0", "100 MpiSend 2 0 9 64", "250 Leave 0", "250 Leave 1", "close");
        assertThat(out.definitions)
                .contains(
                        "Region 0 MPI_Send role 28 paradigm 4 -:0", "Region 1 a.B.run:12 role 1 paradigm 1 B.java:12");
    }

    @Test
    void whatTheJvmTookBeforeACallIsARegionPerKindEndingAtTheCallsEntry() throws Exception {
        Otf2Export e = new Otf2Export(out, comms, sites, List.of());
        Otf2Export.RankWriter r = e.rank(0);
        r.call(c.reset("MPI_INIT", 1, 0, 10));
        // 60 of gc and 5 of safepoints before the barrier at 100; 50 of class loading before the
        // next at 130, more than the 20 since the barrier's exit: cut to them.
        r.call(c.reset("MPI_BARRIER", 1, 100, 110).jvmBefore(60, 5, 0, 0));
        r.call(c.reset("MPI_BARRIER", 1, 130, 140).jvmBefore(0, 0, 50, 0));
        r.close();
        e.finish();
        assertThat(out.events.get(0L))
                .containsExactly(
                        "0 Enter 0",
                        "10 Leave 0",
                        "35 Enter 2",
                        "95 Leave 2",
                        "95 Enter 3",
                        "100 Leave 3",
                        "100 Enter 1",
                        "100 MpiCollectiveBegin",
                        "110 MpiCollectiveEnd 0 0 -1 0 0",
                        "110 Leave 1",
                        "110 Enter 4",
                        "130 Leave 4",
                        "130 Enter 1",
                        "130 MpiCollectiveBegin",
                        "140 MpiCollectiveEnd 0 0 -1 0 0",
                        "140 Leave 1",
                        "close");
        assertThat(out.definitions)
                .anyMatch(d -> d.startsWith("Region 2 JVM: gc role 1 paradigm 1"))
                .anyMatch(d -> d.startsWith("Region 3 JVM: safepoint role 1 paradigm 1"))
                .anyMatch(d -> d.startsWith("Region 4 JVM: class loading role 1 paradigm 1"));
    }

    @Test
    void aReceiveIsRecordedWhenItReturnsAndPeersAreRanksOfTheCommunicator() throws Exception {
        int sub = comms.add("comm 3", new int[] {2, 0});
        Otf2Export e = new Otf2Export(out, comms, sites, List.of());
        Otf2Export.RankWriter r = e.rank(0);
        r.call(c.reset("MPI_RECV", 1, 10, 90).comm(sub).received(2, 4, 8));
        r.call(c.reset("MPI_SENDRECV", 1, 100, 190).sent(1, 5, 16).received(2, 6, 24));
        r.close();
        e.finish();
        assertThat(out.events.get(0L))
                .containsExactly(
                        "10 Enter 0",
                        "90 MpiRecv 0 1 4 8",
                        "90 Leave 0",
                        "100 Enter 1",
                        "100 MpiSend 1 0 5 16",
                        "190 MpiRecv 2 0 6 24",
                        "190 Leave 1",
                        "close");
    }

    @Test
    void nonblockingCallsNameTheirRequestWhereTheyStartAndWhereTheyComplete() throws Exception {
        Otf2Export e = new Otf2Export(out, comms, sites, List.of());
        Otf2Export.RankWriter r = e.rank(2);
        r.call(c.reset("MPI_ISEND", 1, 10, 20).sent(0, 1, 40).request(5));
        r.call(c.reset("MPI_IRECV", 1, 30, 40).request(6));
        // 99: a request whose start is not in the export gets no completion record.
        r.call(c.reset("MPI_WAITALL", 1, 50, 80)
                .completed(6, 1, 2, 48)
                .completed(99, 1, 2, 48)
                .completed(5, TracedCall.NONE, TracedCall.NONE, TracedCall.NONE));
        r.close();
        e.finish();
        assertThat(out.events.get(2L))
                .containsExactly(
                        "10 Enter 0",
                        "10 MpiIsend 0 0 1 40 5",
                        "20 Leave 0",
                        "30 Enter 1",
                        "30 MpiIrecvRequest 6",
                        "40 Leave 1",
                        "50 Enter 2",
                        "80 MpiIrecv 1 0 2 48 6",
                        "80 MpiIsendComplete 5",
                        "80 Leave 2",
                        "close");
    }

    @Test
    void aCollectiveIsBeginAndEndWithItsRootAsARankOfTheCommunicator() throws Exception {
        int sub = comms.add("comm 1", new int[] {2, 1});
        Otf2Export e = new Otf2Export(out, comms, sites, List.of());
        Otf2Export.RankWriter r = e.rank(1);
        r.call(c.reset("MPI_BCAST", 1, 10, 20).comm(sub).root(2).collectiveBytes(0, 8));
        r.call(c.reset("MPI_ALLREDUCE", 1, 30, 40).collectiveBytes(16, 16));
        r.close();
        e.finish();
        assertThat(out.events.get(1L))
                .containsExactly(
                        "10 Enter 0",
                        "10 MpiCollectiveBegin",
                        "20 MpiCollectiveEnd 1 1 0 0 8",
                        "20 Leave 0",
                        "30 Enter 1",
                        "30 MpiCollectiveBegin",
                        "40 MpiCollectiveEnd 11 0 -1 16 16",
                        "40 Leave 1",
                        "close");
    }

    @Test
    void timestampsNeverGoBackOnALocationAndEachThreadIsALocation() throws Exception {
        Otf2Export e = new Otf2Export(out, comms, sites, List.of());
        Otf2Export.RankWriter r = e.rank(0);
        r.call(c.reset("MPI_BARRIER", 1, 100, 200));
        r.call(c.reset("MPI_WTIME", 1, 150, 160));
        r.call(c.reset("MPI_WTIME", 2, 120, 130));
        r.close();
        e.finish();
        assertThat(out.events.get(0L)).contains("200 Enter 1", "200 Leave 1");
        assertThat(out.events.get(Otf2Export.location(0, 1))).containsExactly("120 Enter 1", "130 Leave 1", "close");
        assertThat(out.definitions).contains("Location 0 Master thread 6 0", "Location 4294967296 Thread 1 2 0");
    }

    @Test
    void definitionsNameEveryRankHostAndCommunicator() throws Exception {
        comms.add("comm 5", new int[] {2, 1});
        comms.addInter("comm 6", new int[] {0}, new int[] {1, 2});
        Otf2Export e = new Otf2Export(out, comms, sites, List.of("alpha", "beta", "alpha"));
        Otf2Export.RankWriter r = e.rank(0);
        r.call(c.reset("MPI_INIT", 1, 1_000, 3_000));
        r.close();
        e.finish();
        assertThat(out.definitions)
                .containsSubsequence(
                        "Clock 1000000000 1000 2000",
                        "Paradigm 4 MPI",
                        "SystemTreeNode 0 machine machine -1",
                        "SystemTreeNode 1 alpha node 0",
                        "SystemTreeNode 2 beta node 0",
                        "LocationGroup 0 MPI Rank 0 1",
                        "LocationGroup 1 MPI Rank 1 2",
                        "LocationGroup 2 MPI Rank 2 1",
                        "Location 0 Master thread 2 0",
                        "Location 1 Master thread 0 1",
                        "Location 2 Master thread 0 2",
                        "Region 0 MPI_Init role 1 paradigm 4 -:0",
                        "Group 0 type 4 [0, 1, 2]",
                        "Group 1 type 5 [0, 1, 2]",
                        "Comm 0 MPI_COMM_WORLD group 1 parent -1",
                        "Group 2 type 5 [2, 1]",
                        "Comm 1 comm 5 group 2 parent 0",
                        "Group 3 type 5 [0]",
                        "Group 4 type 5 [1, 2]",
                        "InterComm 2 comm 6 groups 3 4");
    }

    @Test
    void mpiFunctionsAreNamedAsInC() {
        assertThat(MpiFunctionKind.of("MPI_COMM_RANK").regionName()).isEqualTo("MPI_Comm_rank");
        assertThat(MpiFunctionKind.of("MPI_WAITALL").regionName()).isEqualTo("MPI_Waitall");
        assertThat(MpiFunctionKind.of("MPI_REDUCE_SCATTER_BLOCK").collectiveOp())
                .isEqualTo(Otf2Constants.COLLECTIVE_OP_REDUCE_SCATTER_BLOCK);
        assertThat(MpiFunctionKind.of("MPI_IRECV").records()).isEqualTo(MpiFunctionKind.Records.IRECV);
        assertThat(MpiFunctionKind.of("MPI_PCONTROL").records()).isEqualTo(MpiFunctionKind.Records.NONE);
    }
}
