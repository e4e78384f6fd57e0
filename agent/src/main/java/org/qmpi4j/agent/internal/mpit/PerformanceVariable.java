package org.qmpi4j.agent.internal.mpit;

import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarInfo;

/** A registered performance variable: its index, fixed metadata and source. */
final class PerformanceVariable {
    final int index;
    final PvarDefinition definition;
    final PvarInfo info;

    PerformanceVariable(int index, PvarDefinition d) {
        this.index = index;
        this.definition = d;
        this.info = d.info();
    }

    PvarClass varClass() {
        return info.varClass();
    }

    /** The lookup key of {@code MPI_T_PVAR_GET_INDEX}: names are unique per class. */
    static String key(String name, PvarClass c) {
        return c.name() + ':' + name;
    }

    @Override
    public String toString() {
        return definition.name() + " (" + info.varClass() + ")";
    }
}
