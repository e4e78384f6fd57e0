package org.qmpi4j.formats.profile;

/** Per-rank profiles for tests: a ring where each rank sends 3 messages (1032 bytes) to the next. */
public final class SampleProfiles {
    private SampleProfiles() {}

    public static RankProfile rank(int rank, int size) {
        SiteKey send = new SiteKey("MPI_SEND", "org.example.Ring", "main", "Ring.java", 42);
        SiteKey recv = new SiteKey("MPI_RECV", "org.example.Ring", "main", "Ring.java", 44);
        CallStats sends = new CallStats().add(1000, 4, true).add(3000, 4, true).add(2000, 1024, true);
        CallStats recvs = new CallStats().add(5000, 4, true);
        return RankProfile.builder(rank, size, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(1_000_000)
                .environment("host", "node" + rank)
                .environment("pid", "100" + rank)
                .function("MPI_SEND", "POINT_TO_POINT", sends)
                .function("MPI_RECV", "POINT_TO_POINT", recvs)
                .function("MPI_BARRIER", "COLLECTIVE", new CallStats().add(7000, 0, false))
                .site(send, sends)
                .site(recv, recvs)
                .sent((rank + 1) % size, 3, 1032)
                .build();
    }
}
