package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarInfo;

/** A registered control variable: its index, fixed metadata and source. */
final class ControlVariable {
    final int index;
    final CvarDefinition definition;
    final CvarInfo info;

    ControlVariable(int index, CvarDefinition d) {
        this.index = index;
        this.definition = d;
        this.info = d.info();
    }

    String name() {
        return definition.name();
    }
}
