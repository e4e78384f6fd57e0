package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/** What a completion run through its status method gives back to an application that called the other. */
class StatusCompletionsTest {
    private static final CallingAddress AT = new CallingAddress("App", "main", "App.java", 3);
    private static final int UNDEFINED = -32766;

    public static final class Status {
        private final int index;

        Status(int index) {
            this.index = index;
        }

        public int getIndex() {
            return index;
        }
    }

    private static FakeMpi.Call call(MpiFunction f, Class<?> type) {
        return new FakeMpi.Call(f, AT).resultType(type);
    }

    @Test
    void onlyCompletionsWhoseMethodReturnsNoStatusAreRunThroughAnother() {
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_WAIT, void.class)))
                .isTrue();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_TEST, boolean.class)))
                .isTrue();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_WAITANY, int.class)))
                .isTrue();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_WAITSOME, int[].class)))
                .isTrue();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_WAIT, Status.class)))
                .isFalse();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_WAITALL, Status[].class)))
                .isFalse();
        assertThat(StatusCompletions.dropsStatuses(call(MpiFunction.MPI_RECV, void.class)))
                .isFalse();
    }

    @Test
    void theApplicationGetsWhatItsOwnMethodReturns() {
        Status two = new Status(2);
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_WAIT, void.class), two, UNDEFINED))
                .isNull();
        assertThat(StatusCompletions.asWritten(
                        call(MpiFunction.MPI_WAITALL, void.class), new Object[] {two}, UNDEFINED))
                .isNull();
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_TEST, boolean.class), two, UNDEFINED))
                .isEqualTo(true);
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_TEST, boolean.class), null, UNDEFINED))
                .isEqualTo(false);
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_TESTALL, boolean.class), new Object[0], UNDEFINED))
                .isEqualTo(true);
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_WAITANY, int.class), two, UNDEFINED))
                .isEqualTo(2);
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_TESTANY, int.class), null, UNDEFINED))
                .isEqualTo(UNDEFINED);
        assertThat(StatusCompletions.asWritten(
                        call(MpiFunction.MPI_WAITSOME, int[].class), new Object[] {new Status(0), two}, UNDEFINED))
                .isEqualTo(new int[] {0, 2});
        assertThat(StatusCompletions.asWritten(call(MpiFunction.MPI_WAITSOME, int[].class), null, UNDEFINED))
                .isNull();
    }
}
