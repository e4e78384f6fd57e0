package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * The comparison of the {@code v} variants and of nonblocking collectives, as every rank's record
 * reduced with {@code MPI_MAX} reads: the ranks of a simulated job fill their records from their
 * calls' arguments (in both bindings' orders, their roles as the binding descriptors give them),
 * the test takes the maximum of each value, as the allreduce would, and asks whether they agree.
 */
class CollectiveRecordTest {
    /** A datatype as the bindings' are: one class, whatever the type. */
    static final class Datatype {
        final int size;

        Datatype(int size) {
            this.size = size;
        }
    }

    private static final Datatype INT = new Datatype(4);
    private static final Datatype DOUBLE = new Datatype(8);
    private static final Integer ROOT = 0;
    /** An argument of the receive side that a rank other than the root passes and MPI ignores. */
    private static final Object IGNORED = new Object();

    private static final CollectiveRecord.Sizes SIZES = (call, type) -> ((Datatype) type).size;

    /**
     * One rank's call: its function, its rank in the communicator, the root, the roles of its
     * arguments as a descriptor's map line gives them ({@code count=1 type=2 recvcounts=4}), its
     * arguments.
     */
    private static final class RankCall {
        final MpiFunction f;
        final int rank;
        final int root;
        final String roles;
        final Object[] args;

        RankCall(MpiFunction f, int rank, int root, String roles, Object... args) {
            this.f = f;
            this.rank = rank;
            this.root = root;
            this.roles = roles;
            this.args = args;
        }

        /** The call as the agent would give it: its arguments, and each role's argument. */
        FakeMpi.Call call() {
            FakeMpi.Call call = new FakeMpi.Call(f, new CallingAddress("App", "main", "App.java", 1)).args(args);
            int count = MpiCall.ABSENT;
            Object type = null;
            for (String role : roles.split(" ")) {
                String[] kv = role.split("=");
                Object value = args[Integer.parseInt(kv[1])];
                switch (kv[0]) {
                    case "count":
                        count = (Integer) value;
                        break;
                    case "type":
                        type = value;
                        break;
                    case "sendcounts":
                        call.role(ArgumentRole.SEND_COUNTS, value);
                        break;
                    case "recvcounts":
                        call.role(ArgumentRole.RECV_COUNTS, value);
                        break;
                    case "sendtype":
                        call.role(ArgumentRole.SEND_TYPE, value);
                        break;
                    case "recvtype":
                        call.role(ArgumentRole.RECV_TYPE, value);
                        break;
                    default:
                        throw new IllegalArgumentException(role);
                }
            }
            return call.message(count, type, null);
        }
    }

    // The roles of the descriptors' map lines (agent/src/main/bindings), the buffers' left out
    private static final String GATHERV = "count=1 type=2 recvcounts=4 recvtype=6";
    private static final String GATHERV_IN_PLACE = "type=3 recvcounts=1";
    private static final String GATHERV_NOT_ROOT = "count=1 type=2";
    private static final String MPJ_SCATTERV = "count=7 type=8 sendcounts=2 sendtype=4";
    private static final String ALLGATHERV = "count=1 type=2 recvcounts=4 recvtype=6";
    private static final String ALLTOALLV = "type=3 sendcounts=1 recvcounts=5 recvtype=7";

    /** Whether the calls of ranks 0.. agree, as the maxima of their records say. */
    private static boolean agree(RankCall... calls) {
        int size = calls.length;
        int slots = CollectiveRecord.slots(calls[0].f, size);
        long[] out = new long[CollectiveRecord.length(slots)];
        java.util.Arrays.fill(out, CollectiveRecord.NONE);
        for (RankCall c : calls) {
            FakeMpi.Call call = c.call();
            long[] rec = new long[CollectiveRecord.FIELDS];
            long[] in = new long[CollectiveRecord.length(slots)];
            rec[CollectiveRecord.FUNCTION] = CollectiveRecord.blocking(c.f).ordinal();
            CollectiveRecord.fillSlots(call, size, c.rank, c.root, SIZES, rec, in, slots);
            CollectiveRecord.negate(rec, in, slots);
            for (int i = 0; i < out.length; i++) {
                out[i] = Math.max(out[i], in[i]);
            }
        }
        return CollectiveRecord.agrees(out, slots);
    }

    // Open MPI: gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root)
    private static RankCall gatherv(int rank, int sendCount, int[] counts) {
        return new RankCall(
                MpiFunction.MPI_GATHERV,
                rank,
                0,
                GATHERV,
                new int[8],
                sendCount,
                INT,
                new int[8],
                counts,
                new int[counts.length],
                INT,
                ROOT);
    }

    @Test
    void aGathervRankSendingMoreThanTheRootExpectsDisagrees() {
        int[] counts = {1, 1};
        assertThat(agree(gatherv(0, 1, counts), gatherv(1, 2, counts))).isFalse();
        assertThat(agree(gatherv(0, 1, counts), gatherv(1, 1, counts))).isTrue();
    }

    @Test
    void unevenCountsThatTheRootExpectsAgree() {
        int[] counts = {1, 2, 3};
        assertThat(agree(gatherv(0, 1, counts), gatherv(1, 2, counts), gatherv(2, 3, counts)))
                .isTrue();
        assertThat(agree(gatherv(0, 1, counts), gatherv(1, 3, counts), gatherv(2, 2, counts)))
                .isFalse();
    }

    @Test
    void onlyTheRootsCountsMatterInAGatherv() {
        int[] root = {2, 2};
        int[] ignored = {7, 9};
        assertThat(agree(gatherv(0, 2, root), gatherv(1, 2, ignored))).isTrue();
    }

    @Test
    void theRootsOwnSendAgainstItsOwnCountDisagrees() {
        int[] counts = {2, 1};
        assertThat(agree(gatherv(0, 1, counts), gatherv(1, 1, counts))).isFalse();
    }

    @Test
    void countsAreComparedInBytesNotElements() {
        int[] twoInts = {2, 2};
        // rank 1 sends one double (8 bytes): what the root's 2 ints from it are
        RankCall doubles = new RankCall(
                MpiFunction.MPI_GATHERV, 1, 0, GATHERV, new double[1], 1, DOUBLE, IGNORED, IGNORED, IGNORED, INT, ROOT);
        assertThat(agree(gatherv(0, 2, twoInts), doubles)).isTrue();
        RankCall threeInts = new RankCall(
                MpiFunction.MPI_GATHERV, 1, 0, GATHERV, new int[3], 3, INT, IGNORED, IGNORED, IGNORED, INT, ROOT);
        assertThat(agree(gatherv(0, 2, twoInts), threeInts)).isFalse();
    }

    @Test
    void aRootGatheringInPlaceComparesTheOthersAlone() {
        // Open MPI's in-place overloads: the root gatherv(rbuf, rcounts, displs, type, root),
        // the others gatherv(sbuf, scount, type, root)
        RankCall root = new RankCall(
                MpiFunction.MPI_GATHERV,
                0,
                0,
                GATHERV_IN_PLACE,
                new int[3],
                new int[] {5, 1, 1},
                new int[3],
                INT,
                ROOT);
        RankCall one = new RankCall(MpiFunction.MPI_GATHERV, 1, 0, GATHERV_NOT_ROOT, new int[1], 1, INT, ROOT);
        RankCall two = new RankCall(MpiFunction.MPI_GATHERV, 2, 0, GATHERV_NOT_ROOT, new int[1], 1, INT, ROOT);
        assertThat(agree(root, one, two)).isTrue();
        RankCall twoWrong = new RankCall(MpiFunction.MPI_GATHERV, 2, 0, GATHERV_NOT_ROOT, new int[2], 2, INT, ROOT);
        assertThat(agree(root, one, twoWrong)).isFalse();
    }

    @Test
    void mpjArgumentsWithOffsetsAreReadAlike() {
        // MPJ Express: Scatterv(sbuf, soff, scounts, displs, stype, rbuf, roff, rcount, rtype, root)
        int[] counts = {1, 1, 1};
        List<RankCall> ok = new ArrayList<>();
        List<RankCall> bad = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            ok.add(new RankCall(
                    MpiFunction.MPI_SCATTERV,
                    r,
                    0,
                    MPJ_SCATTERV,
                    new int[3],
                    0,
                    counts,
                    new int[3],
                    INT,
                    new int[2],
                    0,
                    1,
                    INT,
                    ROOT));
            bad.add(new RankCall(
                    MpiFunction.MPI_SCATTERV,
                    r,
                    0,
                    MPJ_SCATTERV,
                    new int[3],
                    0,
                    counts,
                    new int[3],
                    INT,
                    new int[2],
                    0,
                    r == 2 ? 2 : 1,
                    INT,
                    ROOT));
        }
        assertThat(agree(ok.toArray(new RankCall[0]))).isTrue();
        assertThat(agree(bad.toArray(new RankCall[0]))).isFalse();
    }

    @Test
    void allgathervCountsMustAgreeOnEveryRank() {
        // allGatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype)
        RankCall zero = new RankCall(
                MpiFunction.MPI_IALLGATHERV,
                0,
                -1,
                ALLGATHERV,
                new int[2],
                1,
                INT,
                new int[4],
                new int[] {1, 1},
                new int[2],
                INT);
        RankCall one = new RankCall(
                MpiFunction.MPI_IALLGATHERV,
                1,
                -1,
                ALLGATHERV,
                new int[2],
                1,
                INT,
                new int[4],
                new int[] {1, 1},
                new int[2],
                INT);
        RankCall oneOther = new RankCall(
                MpiFunction.MPI_IALLGATHERV,
                1,
                -1,
                ALLGATHERV,
                new int[2],
                1,
                INT,
                new int[4],
                new int[] {2, 1},
                new int[2],
                INT);
        assertThat(agree(zero, one)).isTrue();
        assertThat(agree(zero, oneOther)).isFalse();
    }

    // allToAllv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype)
    private static RankCall alltoallv(int rank, int[] send, int[] recv) {
        return new RankCall(
                MpiFunction.MPI_ALLTOALLV,
                rank,
                -1,
                ALLTOALLV,
                new int[8],
                send,
                new int[send.length],
                INT,
                new int[8],
                recv,
                new int[recv.length],
                INT);
    }

    @Test
    void alltoallvComparesWhatEachPairSendsAndReceives() {
        // rank j sends rank i (j + 1) ints; rank i receives i + 1... from each: consistent only when
        // what i sends j is what j expects from i
        assertThat(agree(
                        alltoallv(0, new int[] {1, 2}, new int[] {1, 1}),
                        alltoallv(1, new int[] {1, 2}, new int[] {2, 2})))
                .isTrue();
        assertThat(agree(
                        alltoallv(0, new int[] {1, 2}, new int[] {1, 1}),
                        alltoallv(1, new int[] {1, 2}, new int[] {1, 2})))
                .isFalse();
    }

    @Test
    void theSlotsSayWhatEachRankPassed() {
        long[] in = new long[CollectiveRecord.length(2)];
        long[] rec = new long[CollectiveRecord.FIELDS];
        FakeMpi.Call root = new RankCall(
                        MpiFunction.MPI_GATHERV,
                        0,
                        0,
                        GATHERV,
                        new int[2],
                        1,
                        INT,
                        new int[2],
                        new int[] {1, 1},
                        new int[2],
                        INT,
                        ROOT)
                .call();
        CollectiveRecord.fillSlots(root, 2, 0, 0, SIZES, rec, in, 2);
        assertThat(CollectiveRecord.describeSlots(MpiFunction.MPI_GATHERV, in, 2, 2, 0))
                .isEqualTo(" with counts of [4, 4] bytes for ranks 0..1");
        FakeMpi.Call other = new RankCall(
                        MpiFunction.MPI_GATHERV,
                        1,
                        0,
                        GATHERV,
                        new int[2],
                        2,
                        INT,
                        new int[2],
                        new int[] {1, 1},
                        new int[2],
                        INT,
                        ROOT)
                .call();
        CollectiveRecord.fillSlots(other, 2, 1, 0, SIZES, rec, in, 2);
        assertThat(CollectiveRecord.describeSlots(MpiFunction.MPI_GATHERV, in, 2, 2, 1))
                .isEqualTo(" with 8 bytes of its own");
    }

    @Test
    void nonblockingFormsAreComparedAsTheirBlockingCounterparts() {
        assertThat(CollectiveRecord.blocking(MpiFunction.MPI_IGATHERV)).isEqualTo(MpiFunction.MPI_GATHERV);
        assertThat(CollectiveRecord.blocking(MpiFunction.MPI_IBARRIER)).isEqualTo(MpiFunction.MPI_BARRIER);
        assertThat(CollectiveRecord.blocking(MpiFunction.MPI_BCAST)).isEqualTo(MpiFunction.MPI_BCAST);
        assertThat(CollectiveCheck.checksNonblocking(MpiFunction.MPI_IALLREDUCE))
                .isTrue();
        assertThat(CollectiveCheck.checksNonblocking(MpiFunction.MPI_INEIGHBOR_ALLGATHER))
                .isFalse();
        assertThat(CollectiveCheck.checksNonblocking(MpiFunction.MPI_BCAST)).isFalse();
        assertThat(CollectiveCheck.rooted(MpiFunction.MPI_IBCAST)).isTrue();
        assertThat(CollectiveRecord.slots(MpiFunction.MPI_IALLTOALLV, 3)).isEqualTo(9);
        assertThat(CollectiveRecord.slots(MpiFunction.MPI_ALLTOALLV, 65)).isZero();
        assertThat(CollectiveRecord.slots(MpiFunction.MPI_IBCAST, 3)).isZero();
    }

    @Test
    void differentRootsOrOperationsOfTheFixedPartDisagree() {
        long[] a = new long[CollectiveRecord.length(0)];
        long[] b = new long[CollectiveRecord.length(0)];
        long[] recA = {MpiFunction.MPI_IBCAST.ordinal(), 0, 4, 1, 0, 0};
        long[] recB = {MpiFunction.MPI_IBCAST.ordinal(), 1, 4, 1, 0, 0};
        CollectiveRecord.negate(recA, a, 0);
        CollectiveRecord.negate(recB, b, 0);
        long[] out = new long[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(a[i], b[i]);
        }
        assertThat(CollectiveRecord.agrees(out, 0)).isFalse();
        CollectiveRecord.negate(recA, b, 0);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(a[i], b[i]);
        }
        assertThat(CollectiveRecord.agrees(out, 0)).isTrue();
    }
}
