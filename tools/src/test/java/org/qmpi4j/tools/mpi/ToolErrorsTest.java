package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.testing.FakeMpi;

/** Errors on the tools' own communicators return; the application's communicators are left alone. */
class ToolErrorsTest {
    @Test
    void aToolCommunicatorGetsErrorsReturn() {
        FakeMpi mpi = new FakeMpi();
        Object toolComm = new Object();

        ToolErrors.returnOn(1, toolComm);

        assertThat(mpi.toolCalls).hasSize(1);
        Object[] call = mpi.toolCalls.get(0);
        assertThat(call[0]).isEqualTo(MpiFunction.MPI_COMM_SET_ERRHANDLER);
        assertThat(call[1]).isSameAs(toolComm);
        assertThat((Object[]) call[2]).singleElement().hasToString("MPI.ERRORS_RETURN");
    }

    @Test
    void aBindingThatSetsOnlyTheWorldsHandlerIsNotAsked() {
        FakeMpi mpi = new FakeMpi();
        mpi.staticFunctions.add(MpiFunction.MPI_COMM_SET_ERRHANDLER);

        ToolErrors.returnOn(1, new Object());

        assertThat(mpi.toolCalls)
                .as("MPJ's MPI.Errorhandler_set would act on the application's world")
                .isEmpty();
    }

    @Test
    void aBindingWithoutTheCallLeavesTheHandlerAndThrowsNothing() {
        FakeMpi mpi = new FakeMpi();
        mpi.missingFunctions.add(MpiFunction.MPI_COMM_SET_ERRHANDLER);

        ToolErrors.returnOn(1, new Object());

        assertThat(mpi.toolCalls).isEmpty();
    }
}
