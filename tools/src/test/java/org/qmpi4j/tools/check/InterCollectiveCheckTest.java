package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/** How the ranks' records of a collective on an intercommunicator are judged (the same on every rank). */
class InterCollectiveCheckTest {
    private static final long NONE = 0;
    private static final long ROOT = 1;
    private static final long PROC_NULL = 2;
    private static final long REMOTE = 3;

    /** World rank, group, local rank, function, root kind, root, bytes, datatype, op. */
    private static long[] rec(
            int world, int group, int local, MpiFunction f, long kind, long root, long bytes, long op) {
        return new long[] {world, group, local, f.ordinal(), kind, root, bytes, bytes < 0 ? 0 : 7, op};
    }

    /** Groups {0, 1} and {2, 3}: a broadcast from world rank {@code from} ({@code 0} or {@code 1}) as the standard wants. */
    private static long[][] bcastFrom(int from) {
        return new long[][] {
            rec(0, 0, 0, MpiFunction.MPI_BCAST, from == 0 ? ROOT : PROC_NULL, -1, 4, 0),
            rec(1, 0, 1, MpiFunction.MPI_BCAST, from == 1 ? ROOT : PROC_NULL, -1, 4, 0),
            rec(2, 2, 0, MpiFunction.MPI_BCAST, REMOTE, from, 4, 0),
            rec(3, 2, 1, MpiFunction.MPI_BCAST, REMOTE, from, 4, 0)
        };
    }

    private static Integer[] cited(InterCollectiveCheck.Verdict v) {
        return v.cited.toArray(new Integer[0]);
    }

    @Test
    void aBroadcastAsTheStandardWantsIsFine() {
        assertThat(InterCollectiveCheck.judge(bcastFrom(0))).isNull();
        assertThat(InterCollectiveCheck.judge(bcastFrom(1))).isNull();
    }

    @Test
    void aReceiverNamingAnotherRootIsCitedWithTheRoot() {
        long[][] recs = bcastFrom(0);
        recs[3][5] = 1;
        InterCollectiveCheck.Verdict v = judged(recs);
        assertThat(v.problem).isEqualTo("disagree on the root");
        assertThat(cited(v)).containsExactly(0, 3);
    }

    @Test
    void aRootGroupMemberNotPassingProcNullIsCited() {
        long[][] recs = bcastFrom(0);
        recs[1][4] = REMOTE;
        recs[1][5] = 0;
        InterCollectiveCheck.Verdict v = judged(recs);
        assertThat(v.problem).isEqualTo("disagree on the root");
        assertThat(cited(v)).containsExactly(0, 1);
    }

    @Test
    void noRootAndTwoRootsAreEachNamed() {
        long[][] none = bcastFrom(0);
        none[0][4] = PROC_NULL;
        assertThat(judged(none).problem).endsWith("no rank passes MPI_ROOT");
        long[][] two = bcastFrom(0);
        two[2][4] = ROOT;
        InterCollectiveCheck.Verdict v = judged(two);
        assertThat(v.problem).endsWith("more than one rank passes MPI_ROOT");
        // One record per distinct root argument in each group.
        assertThat(cited(v)).containsExactly(0, 1, 2, 3);
    }

    @Test
    void groupsCallingDifferentCollectivesAreCitedOncePerCollective() {
        long[][] recs = {
            rec(0, 0, 0, MpiFunction.MPI_BARRIER, NONE, -1, -1, 0),
            rec(1, 0, 1, MpiFunction.MPI_BARRIER, NONE, -1, -1, 0),
            rec(2, 2, 0, MpiFunction.MPI_ALLREDUCE, NONE, -1, 4, 2),
            rec(3, 2, 1, MpiFunction.MPI_ALLREDUCE, NONE, -1, 4, 2)
        };
        InterCollectiveCheck.Verdict v = judged(recs);
        assertThat(v.problem).isEqualTo("call different collectives");
        assertThat(cited(v)).containsExactly(0, 2);
    }

    @Test
    void aBroadcastReceiverWithOtherBytesIsCitedButTheProcNullRankIsNot() {
        long[][] recs = bcastFrom(0);
        recs[1][6] = 400; // MPI_PROC_NULL: its buffer does not matter
        assertThat(InterCollectiveCheck.judge(recs)).isNull();
        recs[2][6] = 8;
        InterCollectiveCheck.Verdict v = judged(recs);
        assertThat(v.problem).isEqualTo("call it with different counts, datatypes or operations");
        assertThat(cited(v)).containsExactly(0, 2);
    }

    @Test
    void anAllgatherMaySendOtherBytesFromEachGroupButNotWithinOne() {
        long[][] recs = {
            rec(0, 0, 0, MpiFunction.MPI_ALLGATHER, NONE, -1, 4, 0),
            rec(1, 0, 1, MpiFunction.MPI_ALLGATHER, NONE, -1, 4, 0),
            rec(2, 2, 0, MpiFunction.MPI_ALLGATHER, NONE, -1, 16, 0),
            rec(3, 2, 1, MpiFunction.MPI_ALLGATHER, NONE, -1, 16, 0)
        };
        assertThat(InterCollectiveCheck.judge(recs)).isNull();
        recs[3][6] = 8;
        assertThat(cited(judged(recs))).containsExactly(2, 3);
    }

    @Test
    void anAllreduceWithAnotherOperationIsCited() {
        long[][] recs = {
            rec(0, 0, 0, MpiFunction.MPI_ALLREDUCE, NONE, -1, 4, 3),
            rec(1, 1, 0, MpiFunction.MPI_ALLREDUCE, NONE, -1, 4, 1)
        };
        assertThat(cited(judged(recs))).containsExactly(0, 1);
    }

    /** A verdict the test expects: {@code judge} returns {@code null} where the ranks agree. */
    private static InterCollectiveCheck.Verdict judged(long[][] recs) {
        return Objects.requireNonNull(InterCollectiveCheck.judge(recs), "a verdict");
    }
}
