package org.qmpi4j.tools.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * {@link PvarSampler} against a recording {@link MpiT} of three variables: a per-peer unsigned
 * queue bound to a communicator (as Open MPI's unexpected-queue length), a process-wide double
 * timer, and a string.
 */
class PvarSamplerTest {
    private static final Object WORLD = new Object();

    private final List<String> log = new ArrayList<>();
    private final int[] queue = {2, 0, 5};
    private double timer = 1.5;

    private static PvarInfo info(String name, PvarClass c, MpitDatatype t, BindType bind, boolean continuous) {
        return new PvarInfo(name, Verbosity.USER_BASIC, c, t, null, name, bind, true, continuous, false);
    }

    private final List<PvarInfo> vars = List.of(
            info("pml_ob1_unexpected_msgq_length", PvarClass.SIZE, MpitDatatype.UNSIGNED, BindType.MPI_COMM, true),
            info("qmpi4j_time_in_mpi", PvarClass.TIMER, MpitDatatype.DOUBLE, BindType.NO_OBJECT, false),
            info("a_string", PvarClass.GENERIC, MpitDatatype.CHAR, BindType.NO_OBJECT, true));

    private static final class Handle implements PvarHandle {
        final int index;
        final int count;

        Handle(int index, int count) {
            this.index = index;
            this.count = count;
        }

        @Override
        public int count() {
            return count;
        }
    }

    private MpiT mpit() {
        PvarSession session = new PvarSession() {};
        return (MpiT) Proxy.newProxyInstance(MpiT.class.getClassLoader(), new Class<?>[] {MpiT.class}, (p, m, a) -> {
            switch (m.getName()) {
                case "initThread":
                    log.add("init");
                    return a[0];
                case "pvarGetNum":
                    return vars.size();
                case "pvarGetInfo":
                    return vars.get((Integer) a[0]);
                case "pvarSessionCreate":
                    log.add("session");
                    return session;
                case "pvarHandleAlloc":
                    int index = (Integer) a[1];
                    log.add("alloc " + vars.get(index).name() + (a[2] == WORLD ? " on world" : ""));
                    return new Handle(index, index == 0 ? queue.length : 1);
                case "pvarStart":
                    log.add("start " + vars.get(((Handle) a[1]).index).name());
                    return null;
                case "pvarRead":
                    Handle h = (Handle) a[1];
                    if (h.index == 0) {
                        System.arraycopy(queue, 0, (int[]) a[2], 0, queue.length);
                    } else {
                        ((double[]) a[2])[0] = timer;
                    }
                    return null;
                case "pvarHandleFree":
                case "pvarSessionFree":
                case "finalizeInterface":
                    log.add(m.getName());
                    return null;
                default:
                    throw new UnsupportedOperationException(m.getName());
            }
        });
    }

    @Test
    void samplesTheSumOfEachVariablesElements() {
        PvarSampler s = PvarSampler.open(
                mpit(), List.of("pml_ob1_unexpected_msgq_length", "qmpi4j_time_in_mpi", "a_string", "nothing"), WORLD);
        assertThat(s.names()).containsExactly("pml_ob1_unexpected_msgq_length", "qmpi4j_time_in_mpi");
        assertThat(s.problems())
                .containsExactly(
                        "a_string: a string, not a number", "nothing: no such performance variable among the 3");
        assertThat(s.isInteger(0)).isTrue();
        assertThat(s.isInteger(1)).isFalse();
        assertThat(s.read(0)).isEqualTo(7.0);
        queue[1] = -1; // an unsigned 2^32 - 1
        assertThat(s.read(0)).isEqualTo(7.0 + 4294967295.0);
        timer = 2.25;
        assertThat(s.read(1)).isEqualTo(2.25);
        s.close();
        assertThat(log)
                .containsExactly(
                        "init",
                        "session",
                        "alloc pml_ob1_unexpected_msgq_length on world",
                        "alloc qmpi4j_time_in_mpi",
                        "start qmpi4j_time_in_mpi", // not continuous
                        "pvarHandleFree",
                        "pvarHandleFree",
                        "pvarSessionFree",
                        "finalizeInterface");
    }
}
