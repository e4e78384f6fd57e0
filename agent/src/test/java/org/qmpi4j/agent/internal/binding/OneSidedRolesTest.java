package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/**
 * The one-sided calls name where at the target they reach ({@code disp}, and {@code tcount} and
 * {@code ttype} where the call has them), which {@code check}'s {@code rma_race} reads: in Open
 * MPI's binding the three follow the target rank in MPI's order. The coverage tests check each
 * role's parameter type against the real jar; this checks every line that needs them has them.
 */
class OneSidedRolesTest {
    @Test
    void everyAccessOfAWindowNamesItsTargetPlace() {
        BindingDescriptor openmpi = Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));
        List<String> problems = new ArrayList<>();
        int seen = 0;
        for (MethodMapping m : openmpi.mappings()) {
            MpiFunction f = m.function();
            boolean typed = f == MpiFunction.MPI_PUT
                    || f == MpiFunction.MPI_GET
                    || f == MpiFunction.MPI_ACCUMULATE
                    || f == MpiFunction.MPI_GET_ACCUMULATE
                    || f == MpiFunction.MPI_RPUT
                    || f == MpiFunction.MPI_RGET
                    || f == MpiFunction.MPI_RACCUMULATE
                    || f == MpiFunction.MPI_RGET_ACCUMULATE;
            boolean single = f == MpiFunction.MPI_COMPARE_AND_SWAP || f == MpiFunction.MPI_FETCH_AND_OP;
            if (!typed && !single) {
                continue;
            }
            seen++;
            int peer = m.role(Role.PEER);
            if (peer < 0 || m.role(Role.TARGET_DISPLACEMENT) != peer + 1) {
                problems.add("the displacement after the target: " + m);
            }
            if (typed && (m.role(Role.TARGET_COUNT) != peer + 2 || m.role(Role.TARGET_TYPE) != peer + 3)) {
                problems.add("the target's count and type after the displacement: " + m);
            }
            if (single && (m.role(Role.TARGET_COUNT) >= 0 || m.role(Role.TARGET_TYPE) >= 0)) {
                problems.add("one element of the origin's type, no count or type of its own: " + m);
            }
        }
        assertThat(problems).isEmpty();
        assertThat(seen).isEqualTo(10);
    }
}
