package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/** {@link BindingCoverageTest} of openmpi.binding against Open MPI's real mpi.jar. */
class OpenMpiCoverageTest extends BindingCoverageTest {
    @Override
    String descriptorId() {
        return "openmpi";
    }

    @Override
    File jar() {
        return OpenMpiJar.file();
    }

    @Override
    String jarTitle() {
        return "Open MPI mpi.jar";
    }

    @Override
    void bindingSpecificFunctions(Set<MpiFunction> mapped) {
        // Functions appended to MpiFunction for this binding are used by it.
        assertThat(mapped)
                .contains(
                        MpiFunction.MPI_COMM_DUP_WITH_INFO,
                        MpiFunction.MPI_GET_ELEMENTS_X,
                        MpiFunction.MPI_STATUS_SET_ELEMENTS,
                        MpiFunction.MPI_STATUS_SET_ELEMENTS_X,
                        MpiFunction.MPI_STATUS_SET_CANCELLED,
                        MpiFunction.MPI_PCONTROL);
    }

    @Test
    void spotChecks() {
        check("mpi/Comm", "getRank", "()I", MpiFunction.MPI_COMM_RANK);
        check("mpi/Comm", "getSize", "()I", MpiFunction.MPI_COMM_SIZE);
        check("mpi/Group", "getSize", "()I", MpiFunction.MPI_GROUP_SIZE);
        check("mpi/MPI", "Init", "([Ljava/lang/String;)[Ljava/lang/String;", MpiFunction.MPI_INIT);
        check("mpi/MPI", "InitThread", "([Ljava/lang/String;I)I", MpiFunction.MPI_INIT_THREAD);
        check("mpi/MPI", "Finalize", "()V", MpiFunction.MPI_FINALIZE);
        check("mpi/MPI", "wtime", "()D", MpiFunction.MPI_WTIME);
        check("mpi/MPI", "pControl", "(ILjava/lang/Object;)V", MpiFunction.MPI_PCONTROL);
        check("mpi/Request", "waitFor", "()V", MpiFunction.MPI_WAIT);
        check("mpi/Request", "waitAll", "([Lmpi/Request;)V", MpiFunction.MPI_WAITALL);
        check("mpi/Comm", "getName", "()Ljava/lang/String;", MpiFunction.MPI_COMM_GET_NAME);
        check("mpi/Datatype", "getSize", "()I", MpiFunction.MPI_TYPE_SIZE);
        check("mpi/Status", "getCount", "(Lmpi/Datatype;)I", MpiFunction.MPI_GET_COUNT);
        check("mpi/Win", "<init>", "(Ljava/nio/Buffer;IILmpi/Info;Lmpi/Comm;)V", MpiFunction.MPI_WIN_CREATE);

        MethodMapping isend =
                check("mpi/Comm", "iSend", "(Ljava/nio/Buffer;ILmpi/Datatype;II)Lmpi/Request;", MpiFunction.MPI_ISEND);
        assertThat(isend.role(Role.COMM)).isEqualTo(MethodMapping.RECEIVER);
        assertThat(isend.role(Role.BUFFER)).isZero();
        assertThat(isend.role(Role.COUNT)).isEqualTo(1);
        assertThat(isend.role(Role.DATATYPE)).isEqualTo(2);
        assertThat(isend.role(Role.PEER)).isEqualTo(3);
        assertThat(isend.role(Role.TAG)).isEqualTo(4);
        assertThat(isend.role(Role.REQUEST)).isEqualTo(MethodMapping.RETURN);
        assertThat(isend.has(Role.OFFSET)).as("Open MPI passes no offsets").isFalse();

        // the datatype constructors name what a new type's signature is made of
        MethodMapping vector =
                check("mpi/Datatype", "createVector", "(IIILmpi/Datatype;)Lmpi/Datatype;", MpiFunction.MPI_TYPE_VECTOR);
        assertThat(vector.role(Role.BLOCKS)).isZero();
        assertThat(vector.role(Role.BLOCK_LENGTH)).isEqualTo(1);
        assertThat(vector.role(Role.DATATYPE)).isEqualTo(3);
        MethodMapping struct = check(
                "mpi/Datatype",
                "createStruct",
                "([I[I[Lmpi/Datatype;)Lmpi/Datatype;",
                MpiFunction.MPI_TYPE_CREATE_STRUCT);
        assertThat(struct.role(Role.BLOCK_LENGTH)).isZero();
        assertThat(struct.role(Role.DATATYPE)).isEqualTo(2);
        assertThat(struct.has(Role.BLOCKS)).isFalse();
        assertThat(check("mpi/Datatype", "dup", "()Lmpi/Datatype;", MpiFunction.MPI_TYPE_DUP)
                        .role(Role.DATATYPE))
                .isEqualTo(MethodMapping.RECEIVER);

        MethodMapping allreduce = check(
                "mpi/Comm",
                "allReduce",
                "(Ljava/lang/Object;Ljava/lang/Object;ILmpi/Datatype;Lmpi/Op;)V",
                MpiFunction.MPI_ALLREDUCE);
        assertThat(allreduce.canonical()).isTrue();
        assertThat(allreduce.role(Role.BUFFER)).as("send buffer").isZero();
        assertThat(allreduce.role(Role.COUNT)).isEqualTo(2);
        MethodMapping reduce =
                check("mpi/Comm", "reduce", "(Ljava/lang/Object;ILmpi/Datatype;Lmpi/Op;I)V", MpiFunction.MPI_REDUCE);
        assertThat(reduce.canonical()).as("in-place overload is not canonical").isFalse();
        assertThat(reduce.role(Role.PEER)).as("root").isEqualTo(4);
        MethodMapping recv =
                check("mpi/Comm", "recv", "(Ljava/lang/Object;ILmpi/Datatype;II)Lmpi/Status;", MpiFunction.MPI_RECV);
        assertThat(recv.role(Role.BUFFER)).as("receive buffer").isZero();
        MethodMapping wait = check("mpi/Request", "waitFor", "()V", MpiFunction.MPI_WAIT);
        assertThat(wait.role(Role.REQUEST)).isEqualTo(MethodMapping.RECEIVER);
    }
}
