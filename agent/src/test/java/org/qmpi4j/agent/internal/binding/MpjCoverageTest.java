package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/** {@link BindingCoverageTest} of mpj.binding against MPJ Express' real jar (mpiJava 1.2 API). */
class MpjCoverageTest extends BindingCoverageTest {
    @Override
    String descriptorId() {
        return "mpj";
    }

    @Override
    File jar() {
        return MpjJar.file();
    }

    @Override
    String jarTitle() {
        return "MPJ Express mpi.jar";
    }

    @Override
    void bindingSpecificFunctions(Set<MpiFunction> mapped) {
        // mpiJava 1.2 has no MPI_Pcontrol: a tool's handler for it can never run (the agent says so).
        assertThat(mapped).doesNotContain(MpiFunction.MPI_PCONTROL, MpiFunction.MPI_INIT_THREAD);
        assertThat(mapped)
                .contains(
                        MpiFunction.MPI_INIT,
                        MpiFunction.MPI_FINALIZE,
                        MpiFunction.MPI_SEND,
                        MpiFunction.MPI_ISEND,
                        MpiFunction.MPI_RECV,
                        MpiFunction.MPI_SENDRECV,
                        MpiFunction.MPI_ALLREDUCE,
                        MpiFunction.MPI_BCAST,
                        MpiFunction.MPI_BARRIER,
                        MpiFunction.MPI_WAIT,
                        MpiFunction.MPI_WAITALL);
    }

    @Test
    void spotChecks() {
        check("mpi/Comm", "Rank", "()I", MpiFunction.MPI_COMM_RANK);
        check("mpi/Comm", "Size", "()I", MpiFunction.MPI_COMM_SIZE);
        check("mpi/Group", "Size", "()I", MpiFunction.MPI_GROUP_SIZE);
        check("mpi/MPI", "Init", "([Ljava/lang/String;)[Ljava/lang/String;", MpiFunction.MPI_INIT);
        check("mpi/MPI", "Finalize", "()V", MpiFunction.MPI_FINALIZE);
        check("mpi/MPI", "Wtime", "()D", MpiFunction.MPI_WTIME);
        check("mpi/Intracomm", "Barrier", "()V", MpiFunction.MPI_BARRIER);
        check("mpi/Datatype", "Size", "()I", MpiFunction.MPI_TYPE_SIZE);
        check("mpi/Status", "Get_count", "(Lmpi/Datatype;)I", MpiFunction.MPI_GET_COUNT);
        check("mpi/Comm", "Attr_get", "(I)Ljava/lang/Object;", MpiFunction.MPI_COMM_GET_ATTR);
        assertThat(binding.isExcluded("mpi/MPI", "initThread", "(II[Ljava/lang/String;)[Ljava/lang/String;"))
                .as("MPJ's initThread does not initialise MPI")
                .isTrue();

        MethodMapping send = check("mpi/Comm", "Send", "(Ljava/lang/Object;IILmpi/Datatype;II)V", MpiFunction.MPI_SEND);
        assertThat(send.role(Role.COMM)).isEqualTo(MethodMapping.RECEIVER);
        assertThat(send.role(Role.BUFFER)).isZero();
        assertThat(send.role(Role.OFFSET)).isEqualTo(1);
        assertThat(send.role(Role.COUNT)).isEqualTo(2);
        assertThat(send.role(Role.DATATYPE)).isEqualTo(3);
        assertThat(send.role(Role.PEER)).isEqualTo(4);
        assertThat(send.role(Role.TAG)).isEqualTo(5);

        // the datatype constructors name what a new type's signature is made of
        MethodMapping indexed =
                check("mpi/Datatype", "Indexed", "([I[ILmpi/Datatype;)Lmpi/Datatype;", MpiFunction.MPI_TYPE_INDEXED);
        assertThat(indexed.role(Role.BLOCK_LENGTH)).isZero();
        assertThat(indexed.role(Role.DATATYPE)).isEqualTo(2);
        assertThat(check(
                                "mpi/Datatype",
                                "Contiguous",
                                "(ILmpi/Datatype;)Lmpi/Datatype;",
                                MpiFunction.MPI_TYPE_CONTIGUOUS)
                        .role(Role.BLOCKS))
                .isZero();

        MethodMapping isend = check(
                "mpi/Comm", "Isend", "(Ljava/lang/Object;IILmpi/Datatype;II)Lmpi/Request;", MpiFunction.MPI_ISEND);
        assertThat(isend.role(Role.REQUEST)).isEqualTo(MethodMapping.RETURN);
        assertThat(isend.role(Role.COUNT)).isEqualTo(2);

        MethodMapping allreduce = check(
                "mpi/Intracomm",
                "Allreduce",
                "(Ljava/lang/Object;ILjava/lang/Object;IILmpi/Datatype;Lmpi/Op;)V",
                MpiFunction.MPI_ALLREDUCE);
        assertThat(allreduce.role(Role.BUFFER)).as("send buffer").isZero();
        assertThat(allreduce.role(Role.OFFSET)).as("send offset").isEqualTo(1);
        assertThat(allreduce.role(Role.COUNT))
                .as("after both buffers and offsets")
                .isEqualTo(4);
        assertThat(allreduce.role(Role.DATATYPE)).isEqualTo(5);
        MethodMapping bcast =
                check("mpi/Intracomm", "Bcast", "(Ljava/lang/Object;IILmpi/Datatype;I)V", MpiFunction.MPI_BCAST);
        assertThat(bcast.role(Role.PEER)).as("root").isEqualTo(4);
        MethodMapping sendrecv = check(
                "mpi/Comm",
                "Sendrecv",
                "(Ljava/lang/Object;IILmpi/Datatype;IILjava/lang/Object;IILmpi/Datatype;II)Lmpi/Status;",
                MpiFunction.MPI_SENDRECV);
        assertThat(sendrecv.role(Role.PEER)).as("destination").isEqualTo(4);
        MethodMapping wait = check("mpi/Request", "Wait", "()Lmpi/Status;", MpiFunction.MPI_WAIT);
        assertThat(wait.role(Role.REQUEST)).isEqualTo(MethodMapping.RECEIVER);
        MethodMapping waitall =
                check("mpi/Request", "Waitall", "([Lmpi/Request;)[Lmpi/Status;", MpiFunction.MPI_WAITALL);
        assertThat(waitall.isStatic()).isTrue();
        assertThat(waitall.role(Role.REQUEST)).isZero();

        // Bytes are count * getByteSize(): bytes per item, no unit.
        assertThat(binding.datatypeSizeMethod()).containsExactly("mpi/Datatype", "getByteSize", "()I");
        assertThat(binding.datatypeSizeUnit()).isNull();
    }
}
