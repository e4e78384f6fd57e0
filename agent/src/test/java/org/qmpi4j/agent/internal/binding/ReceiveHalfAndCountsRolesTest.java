package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/**
 * The roles the tools read instead of counting arguments, in the shipped descriptors: a
 * send-receive's receive half ({@code recvpeer}, {@code recvtag}, and for {@code MPI_Sendrecv}
 * {@code recvcount}, {@code recvtype}, in MPI's order after its receive buffer), and the counts
 * arrays of the {@code v} collectives {@code check} compares ({@code sendcounts},
 * {@code recvcounts}), each with a datatype. The coverage tests check each role's parameter type
 * against the real jars; this checks that every line that needs them has them.
 */
class ReceiveHalfAndCountsRolesTest {
    private static final Set<MpiFunction> V = EnumSet.of(
            MpiFunction.MPI_GATHERV,
            MpiFunction.MPI_IGATHERV,
            MpiFunction.MPI_SCATTERV,
            MpiFunction.MPI_ISCATTERV,
            MpiFunction.MPI_ALLGATHERV,
            MpiFunction.MPI_IALLGATHERV,
            MpiFunction.MPI_ALLTOALLV,
            MpiFunction.MPI_IALLTOALLV,
            MpiFunction.MPI_REDUCE_SCATTER,
            MpiFunction.MPI_IREDUCE_SCATTER);

    private static List<BindingDescriptor> shipped() {
        BindingCatalog catalog = BindingCatalog.load();
        return List.of(
                Objects.requireNonNull(catalog.descriptor("openmpi")),
                Objects.requireNonNull(catalog.descriptor("mpj")));
    }

    @Test
    void everySendRecvNamesItsReceiveHalf() {
        List<String> problems = new ArrayList<>();
        int seen = 0;
        for (BindingDescriptor d : shipped()) {
            for (MethodMapping m : d.mappings()) {
                MpiFunction f = m.function();
                if (f != MpiFunction.MPI_SENDRECV && f != MpiFunction.MPI_SENDRECV_REPLACE) {
                    continue;
                }
                seen++;
                int peer = m.role(Role.RECV_PEER);
                if (peer < 0 || m.role(Role.RECV_TAG) != peer + 1) {
                    problems.add("source and tag: " + m);
                }
                if (f == MpiFunction.MPI_SENDRECV
                        && (m.role(Role.RECV_TYPE) != peer - 1 || m.role(Role.RECV_COUNT) != peer - 2)) {
                    problems.add("count and type before the source: " + m);
                }
            }
        }
        assertThat(seen).isEqualTo(4);
        assertThat(problems).isEmpty();
    }

    @Test
    void everyComparedVCollectiveNamesItsCountsArraysAndTheirTypes() {
        List<String> problems = new ArrayList<>();
        int seen = 0;
        for (BindingDescriptor d : shipped()) {
            for (MethodMapping m : d.mappings()) {
                if (!V.contains(m.function())) {
                    continue;
                }
                seen++;
                long arrays = m.descriptor().chars().filter(c -> c == '[').count();
                boolean send = m.has(Role.SEND_COUNTS);
                boolean receive = m.has(Role.RECV_COUNTS);
                if (arrays > 0 && !send && !receive) {
                    problems.add("no counts: " + m);
                }
                if (m.function().name().contains("ALLTOALLV") && !(send && receive)) {
                    problems.add("both counts: " + m);
                }
                if (send && !m.has(Role.SEND_TYPE) && !m.has(Role.DATATYPE)) {
                    problems.add("no type of sendcounts: " + m);
                }
                if (receive && !m.has(Role.RECV_TYPE) && !m.has(Role.DATATYPE)) {
                    problems.add("no type of recvcounts: " + m);
                }
            }
        }
        assertThat(seen).as("v collectives mapped").isGreaterThan(10);
        assertThat(problems).isEmpty();
    }
}
