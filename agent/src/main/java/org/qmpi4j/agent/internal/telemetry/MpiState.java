package org.qmpi4j.agent.internal.telemetry;

import org.qmpi4j.api.MpiFunction;

/** The values of the state variable {@code qmpi4j_mpi_state}: what the process is doing in MPI. */
public enum MpiState {
    NOT_IN_MPI,
    POINT_TO_POINT,
    COLLECTIVE,
    WAITING,
    ENVIRONMENT,
    OTHER;

    static MpiState of(MpiFunction f) {
        switch (f.kind()) {
            case POINT_TO_POINT:
                return POINT_TO_POINT;
            case COLLECTIVE:
                return COLLECTIVE;
            case COMPLETION:
                return WAITING;
            case ENVIRONMENT:
                return ENVIRONMENT;
            default:
                return OTHER;
        }
    }
}
