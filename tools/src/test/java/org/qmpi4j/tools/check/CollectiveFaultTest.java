package org.qmpi4j.tools.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.tools.testing.FakeMpi;

/**
 * The comparisons of {@code collective_mismatch} are collective: a rank whose checker fails while
 * describing its call must still take part in them, or every other rank of the communicator would
 * wait in the checker's allreduce while it went on to the application's collective. It takes part
 * with no opinion, for that call and every later one, and the application's call still happens.
 */
class CollectiveFaultTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AtomicInteger applicationCalls = new AtomicInteger();

    private @Nullable Checker checker;

    private FakeMpi started() throws Exception {
        FakeMpi mpi = new FakeMpi();
        checker = TestCheckers.writingTo(dir, err);
        checker.register();
        mpi.call(new FakeMpi.Call(MpiFunction.MPI_INIT, at(1)));
        mpi.whenCalled.put(MpiFunction.MPI_BCAST, applicationCalls::incrementAndGet);
        mpi.whenCalled.put(MpiFunction.MPI_IBCAST, applicationCalls::incrementAndGet);
        return mpi;
    }

    private static CallingAddress at(int line) {
        return new CallingAddress("App", "main", "App.java", line);
    }

    private static FakeMpi.Call bcast(FakeMpi mpi, MpiFunction f, int line, ByteBuffer buffer) {
        Object type = mpi.constant("INT");
        return new FakeMpi.Call(f, at(line))
                .on(mpi.constant("COMM_WORLD"))
                .peer(0)
                .bytes(4)
                .message(1, type, buffer)
                .args(buffer, 1, type, 0);
    }

    /** The longs this rank puts into each of the checker's {@code function} calls (a direct buffer, Open MPI's). */
    private static List<long[]> contributions(FakeMpi mpi, MpiFunction function) {
        List<long[]> sent = new ArrayList<>();
        mpi.onToolCall.put(function, args -> {
            ByteBuffer in = (ByteBuffer) args[0];
            long[] values = new long[CollectiveRecord.length(0)];
            for (int k = 0; k < values.length; k++) {
                values[k] = in.getLong(k * Long.BYTES);
            }
            sent.add(values);
        });
        return sent;
    }

    @Test
    void aRankThatFailsToDescribeABlockingCollectiveStillTakesPartInEveryComparisonWithoutAnOpinion() throws Exception {
        FakeMpi mpi = started();
        ByteBuffer buffer = ByteBuffer.allocateDirect(16);

        List<long[]> compared = contributions(mpi, MpiFunction.MPI_ALLREDUCE);
        long faults =
                java.util.Objects.requireNonNull(checker).results().output().faults();
        mpi.call(bcast(mpi, MpiFunction.MPI_BCAST, 10, buffer).bytesFail(new IllegalStateException("injected")));
        List<long[]> first = new ArrayList<>(compared);
        compared.clear();
        assertThat(first).as("the comparison of the call it could not describe").hasSize(1);
        assertThat(first.get(0))
                .as("no opinion: the smallest long changes no maximum")
                .containsOnly(CollectiveRecord.NONE);

        mpi.call(bcast(mpi, MpiFunction.MPI_BCAST, 11, buffer));
        List<long[]> second = compared;
        assertThat(second)
                .as("the comparison of the next collective, which it can describe")
                .hasSize(1);
        assertThat(second.get(0))
                .as("still no opinion: the rank is off, not in and out")
                .containsOnly(CollectiveRecord.NONE);

        assertThat(applicationCalls).as("each application call happened once").hasValue(2);
        assertThat(java.util.Objects.requireNonNull(checker).results().output().faults())
                .as("the fault is counted (the fake binding's first fault was said before)")
                .isGreaterThan(faults);
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("call different collectives");
    }

    @Test
    void aRankThatFailsToDescribeANonblockingCollectiveStillStartsItsComparison() throws Exception {
        FakeMpi mpi = started();
        ByteBuffer buffer = ByteBuffer.allocateDirect(16);
        Object request = new Object();

        List<long[]> started = contributions(mpi, MpiFunction.MPI_IALLREDUCE);
        mpi.call(bcast(mpi, MpiFunction.MPI_IBCAST, 20, buffer)
                .bytesFail(new IllegalStateException("injected"))
                .returned(request, request));
        assertThat(started).as("the comparison every other rank starts too").hasSize(1);
        assertThat(started.get(0)).containsOnly(CollectiveRecord.NONE);
        assertThat(applicationCalls).hasValue(1);

        mpi.call(new FakeMpi.Call(MpiFunction.MPI_FINALIZE, at(21)));
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("call different collectives");
    }

    @Test
    void ranksWithoutAnOpinionLeaveTheOthersToCompareAmongThemselves() {
        long[] silent = new long[CollectiveRecord.length(0)];
        CollectiveRecord.noOpinion(silent, 0);
        long[] broadcast4 = record(4);
        long[] broadcast8 = record(8);

        assertThat(CollectiveRecord.agrees(max(silent, broadcast4, broadcast4), 0))
                .isTrue();
        assertThat(CollectiveRecord.agrees(max(silent, broadcast4, broadcast8), 0))
                .as("two ranks that disagree are still found")
                .isFalse();
        assertThat(CollectiveRecord.agrees(max(silent, silent), 0))
                .as("no rank with an opinion")
                .isTrue();
    }

    @Test
    void anIntercommunicatorRecordOfAnUndescribedCallIsJudgedByNoRank() {
        long[] known = {0, 0, 0, MpiFunction.MPI_BCAST.ordinal(), 1, -1, 4, 7, 0};
        long[] other = {1, 1, 0, MpiFunction.MPI_BARRIER.ordinal(), 0, -1, -1, 0, 0};
        long[] unknown = {2, 1, 1, InterCollectiveCheck.UNKNOWN, 0, 0, 0, 0, 0};
        assertThat(InterCollectiveCheck.judge(new long[][] {known, other})).isNotNull();
        assertThat(InterCollectiveCheck.judge(new long[][] {known, other, unknown}))
                .as("every rank sees the same unknown record and none gathers the call sites")
                .isNull();
    }

    /** A broadcast of {@code bytes} from root 0, as {@link CollectiveRecord} lays it out with its negations. */
    private static long[] record(long bytes) {
        long[] rec = new long[CollectiveRecord.FIELDS];
        rec[CollectiveRecord.FUNCTION] = MpiFunction.MPI_BCAST.ordinal();
        rec[CollectiveRecord.ROOT] = 0;
        rec[CollectiveRecord.BYTES] = bytes;
        long[] in = new long[CollectiveRecord.length(0)];
        CollectiveRecord.negate(rec, in, 0);
        return in;
    }

    private static long[] max(long[]... ranks) {
        long[] out = ranks[0].clone();
        for (long[] r : ranks) {
            for (int k = 0; k < out.length; k++) {
                out[k] = Math.max(out[k], r[k]);
            }
        }
        return out;
    }
}
