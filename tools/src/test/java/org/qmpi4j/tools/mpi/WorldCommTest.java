package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.tools.testing.FakeMpi;

/** The tools talk on a duplicate of COMM_WORLD, made once per process, never on the application's world. */
class WorldCommTest {
    @Test
    void everyExchangeTravelsOnOneDuplicateThatAllToolsShare() throws Exception {
        FakeMpi mpi = new FakeMpi();
        Object world = Qmpi.bindingConstant(1, "COMM_WORLD");
        WorldComm profiler = new WorldComm(1, FakeMpi.BINDING);
        WorldComm tracer = new WorldComm(2, FakeMpi.BINDING);
        assertThat(profiler.world()).isSameAs(world);

        profiler.barrier();
        profiler.bcast(new byte[4], 0);
        tracer.allMax(3);
        tracer.gather(new byte[2], 2, new byte[2], 0);

        List<Object> dups = new ArrayList<>();
        List<Object> exchangedOn = new ArrayList<>();
        List<Object> errorsReturnOn = new ArrayList<>();
        for (Object[] c : mpi.toolCalls) {
            if (c[0] == MpiFunction.MPI_COMM_DUP) {
                assertThat(c[1]).as("what is duplicated").isSameAs(world);
                dups.add(c);
            } else if (c[0] == MpiFunction.MPI_COMM_SET_ERRHANDLER) {
                assertThat(((Object[]) c[2])[0]).hasToString("MPI.ERRORS_RETURN");
                errorsReturnOn.add(c[1]);
            } else if (c[0] != MpiFunction.MPI_COMM_RANK && c[0] != MpiFunction.MPI_COMM_SIZE) {
                exchangedOn.add(c[1]);
            }
        }
        assertThat(dups).as("duplicates made").hasSize(1);
        assertThat(exchangedOn).hasSize(4).doesNotContain(world);
        assertThat(exchangedOn.stream().distinct().count())
                .as("communicators used")
                .isEqualTo(1);
        assertThat(errorsReturnOn)
                .as("a refused tool message returns, not aborts the job")
                .containsExactly(exchangedOn.get(0));
    }
}
