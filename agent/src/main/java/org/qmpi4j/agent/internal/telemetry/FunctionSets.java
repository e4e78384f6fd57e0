package org.qmpi4j.agent.internal.telemetry;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.qmpi4j.api.MpiFunction;

/** Groups of MPI functions the monitor treats alike. */
final class FunctionSets {
    private FunctionSets() {}

    /** Point-to-point functions that send one message to {@code peer} (see {@link MpiFunction#sendsMessage()}). */
    static final Set<MpiFunction> SENDS = Collections.unmodifiableSet(sendingFunctions());

    /** Non-blocking receives: each posts a receive that stays pending until its request completes. */
    static final Set<MpiFunction> RECEIVE_POSTS =
            Collections.unmodifiableSet(EnumSet.of(MpiFunction.MPI_IRECV, MpiFunction.MPI_IMRECV));

    /** Functions that start a non-blocking operation and return its request. */
    static final Set<MpiFunction> NONBLOCKING_STARTS;

    /** Functions that may complete or free requests. */
    static final Set<MpiFunction> COMPLETIONS;

    static final Set<MpiFunction> ALL = Collections.unmodifiableSet(EnumSet.allOf(MpiFunction.class));

    static {
        EnumSet<MpiFunction> starts = EnumSet.noneOf(MpiFunction.class);
        EnumSet<MpiFunction> completions = EnumSet.noneOf(MpiFunction.class);
        for (MpiFunction f : MpiFunction.values()) {
            boolean communication =
                    f.kind() == MpiFunction.Kind.POINT_TO_POINT || f.kind() == MpiFunction.Kind.COLLECTIVE;
            // MPI_I... functions start operations; the probes only look at messages.
            if (communication
                    && f.name().startsWith("MPI_I")
                    && f != MpiFunction.MPI_IPROBE
                    && f != MpiFunction.MPI_IMPROBE) {
                starts.add(f);
            }
            if (f.kind() == MpiFunction.Kind.COMPLETION
                    && (f.name().startsWith("MPI_WAIT")
                            || f.name().startsWith("MPI_TEST") && f != MpiFunction.MPI_TEST_CANCELLED
                            || f == MpiFunction.MPI_REQUEST_FREE)) {
                completions.add(f);
            }
        }
        NONBLOCKING_STARTS = Collections.unmodifiableSet(starts);
        COMPLETIONS = Collections.unmodifiableSet(completions);
    }

    /** Everything the request bookkeeping needs to see. */
    static Set<MpiFunction> requestLifecycle() {
        EnumSet<MpiFunction> s = EnumSet.copyOf(NONBLOCKING_STARTS);
        s.addAll(COMPLETIONS);
        return s;
    }

    private static EnumSet<MpiFunction> sendingFunctions() {
        EnumSet<MpiFunction> sends = EnumSet.noneOf(MpiFunction.class);
        for (MpiFunction f : MpiFunction.values()) {
            if (f.sendsMessage()) {
                sends.add(f);
            }
        }
        return sends;
    }
}
