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

    /** The tools' exchanges among the calls the fake saw: {function, arguments}. */
    private static List<Object[]> exchanges(FakeMpi mpi) {
        List<Object[]> out = new ArrayList<>();
        for (Object[] c : mpi.toolCalls) {
            MpiFunction f = (MpiFunction) c[0];
            if (f == MpiFunction.MPI_BCAST || f == MpiFunction.MPI_ALLREDUCE || f == MpiFunction.MPI_GATHER) {
                out.add(new Object[] {f, c[2]});
            }
        }
        return out;
    }

    @Test
    void withArrayOffsetBuffersEveryBufferIsAnArrayFollowedByItsOffset() throws Exception {
        FakeMpi mpi = new FakeMpi();
        FakeMpi.describe("world-new-arrays", "array-offset", "no-op", false);
        WorldComm comm = new WorldComm(1, "world-new-arrays");
        assertThat(comm.canExchangeData()).isTrue();
        comm.bcast(new byte[4], 0);
        assertThat(comm.allMax(3)).isEqualTo(3);
        byte[] recv = new byte[2];
        comm.gather(new byte[] {5, 6}, 2, recv, 0);
        assertThat(recv).containsExactly(5, 6);

        List<Object[]> ex = exchanges(mpi);
        assertThat(ex).hasSize(3);
        Object[] bcast = (Object[]) ex.get(0)[1];
        assertThat(bcast).hasSize(5);
        assertThat(bcast[0]).isInstanceOf(byte[].class);
        assertThat(bcast[1]).as("offset").isEqualTo(0);
        assertThat(bcast[2]).as("count").isEqualTo(4);
        assertThat(bcast[3]).hasToString("MPI.BYTE");
        Object[] max = (Object[]) ex.get(1)[1];
        assertThat(max).hasSize(7);
        assertThat(max[0]).isInstanceOf(long[].class);
        assertThat(max[1]).isEqualTo(0);
        assertThat(max[2]).isInstanceOf(long[].class);
        assertThat(max[3]).isEqualTo(0);
        assertThat(max[4]).isEqualTo(1);
        Object[] gather = (Object[]) ex.get(2)[1];
        assertThat(gather).hasSize(9);
        assertThat(gather[4]).isSameAs(recv);
        assertThat(gather[1]).isEqualTo(0);
        assertThat(gather[5]).isEqualTo(0);
    }

    @Test
    void withNioBuffersEveryBufferIsADirectBufferFollowedByItsCount() throws Exception {
        FakeMpi mpi = new FakeMpi();
        FakeMpi.describe("world-new-nio", "nio", "invalidates", true);
        WorldComm comm = new WorldComm(1, "world-new-nio");
        comm.bcast(new byte[4], 0);
        assertThat(comm.allMax(3)).isEqualTo(3);
        byte[] recv = new byte[2];
        comm.gather(new byte[] {5, 6}, 2, recv, 0);
        assertThat(recv).containsExactly(5, 6);

        List<Object[]> ex = exchanges(mpi);
        assertThat(ex).hasSize(3);
        Object[] bcast = (Object[]) ex.get(0)[1];
        assertThat(bcast).hasSize(4);
        assertThat(bcast[0])
                .isInstanceOfSatisfying(
                        java.nio.ByteBuffer.class, b -> assertThat(b.isDirect()).isTrue());
        assertThat(bcast[1]).as("count").isEqualTo(4);
        assertThat((Object[]) ex.get(1)[1]).hasSize(5);
        assertThat((Object[]) ex.get(2)[1]).hasSize(7);
    }

    @Test
    void aBindingNoDescriptorDescribesKeepsRankSizeAndBarrierOnly() throws Exception {
        new FakeMpi();
        WorldComm comm = new WorldComm(1, "world-undescribed");
        assertThat(comm.canExchangeData()).isFalse();
        comm.barrier();
        assertThat(comm.rank()).isZero();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> comm.bcast(new byte[1], 0))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'world-undescribed'");
    }
}
